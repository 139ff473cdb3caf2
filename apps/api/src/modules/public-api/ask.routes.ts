import { apiAnswerSchema, apiAskSchema, idText } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { operation } from "../../lib/route-surface";
import { openEventStream } from "../../lib/sse";
import { workspaceOf } from "../../plugins/auth";
import type { ApiKeysService } from "../api-keys/api-keys.service";
import { ModelError } from "../chat/chat-model";
import { widgetLanguage } from "../chatbots/bot-languages";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import type { TurnService } from "../conversations/turn.service";

const botParams = z.object({ id: idText() });

/**
 * Asking a bot through the public API (`POST /api/v1/chatbots/:id/ask`, a key with the `chat`
 * scope): the API as a channel, at the edge like the widget and WhatsApp. The conversation's turn,
 * as for every channel, with the API's conversations the workspace's. The app's members ask in the
 * Playground instead (nothing is stored there). The API's only route that is not the app's own.
 */
export const askRoutes: FastifyPluginAsyncZod<{
  chatbots: ChatbotsService;
  turn: Pick<TurnService, "start" | "prepare">;
  apiKeys: Pick<ApiKeysService, "countMessage">;
}> = async (app, { chatbots, turn, apiKeys }) => {
  app.post(
    "/chatbots/:id/ask",
    operation(
      {
        operationId: "askChatbot",
        tag: "Chat",
        summary:
          "Ask a chatbot. JSON by default; with `Accept: text/event-stream`, Server-Sent Events (`start`, `delta`…, `done` or `error`). Pass `conversationId` to continue.",
        description:
          "With `Accept: text/event-stream` the answer is a stream of Server-Sent Events instead of JSON: " +
          "`start` {conversationId, questionId}, then `delta` {text}…, then `done` {messageId, answered, " +
          "fallback, citations, engine, heldForTeam} or `error` {code, message}. `fallback`: the bot had no " +
          "answer and the text is its fallback reply (it offers no person: hand over in your own way).",
      },
      {
        params: botParams,
        body: apiAskSchema,
        response: { 200: apiAnswerSchema },
      },
    ),
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "playground:use");
      const keyId = request.actor?.kind === "key" ? request.actor.keyId : undefined;
      // The bot must be this workspace's (another's is not found, as everywhere); any state:
      // like the Playground, the API may ask a bot that is not published.
      const bot = await chatbots.own(workspaceId, request.params.id);
      const conversationId = request.body.conversationId ?? (await turn.start(bot, { channel: "api" }));
      const prepared = await turn.prepare({
        bot,
        conversationId,
        // The workspace's API conversations: any of its keys may continue them, nobody else.
        access: { api: { workspaceId, chatbotId: bot.id } },
        content: request.body.content,
        language: widgetLanguage(bot, request.body.language),
      });
      const countIfAnswered = async (r: {
        messageId: string | null;
        held?: boolean;
        quotaBlocked?: boolean;
      }) => {
        if (keyId && r.messageId && !r.held && !r.quotaBlocked) await apiKeys.countMessage(keyId);
      };
      const wantsStream = /\btext\/event-stream\b/i.test(request.headers.accept ?? "");
      if (wantsStream) {
        const stream = openEventStream(request, reply);
        stream.send("start", { conversationId, questionId: prepared.userMessageId });
        try {
          const {
            handoff: _handoff,
            quotaBlocked,
            held,
            offerHandoff: _offer,
            ...done
          } = await prepared.run(stream.signal, (text) => stream.send("delta", { text }));
          await countIfAnswered({ messageId: done.messageId, held, quotaBlocked });
          if (quotaBlocked) {
            stream.send("error", {
              code: "PLAN_LIMIT_REACHED",
              message: "This workspace has used its plan's messages for this month.",
            });
          } else
            stream.send("done", {
              ...done,
              fallback: !held && !done.answered,
              heldForTeam: Boolean(held),
            });
        } catch (err) {
          if (!(err instanceof ModelError)) request.log.error({ err }, "API answer failed");
          stream.send("error", {
            code: err instanceof ModelError ? err.code : "INTERNAL",
            message: "Something went wrong while answering. Please try again.",
          });
        } finally {
          stream.end();
        }
        return reply;
      }
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.sent) controller.abort();
      };
      request.raw.on("close", onClose);
      let text = "";
      try {
        const result = await prepared.run(controller.signal, (d) => {
          text += d;
        });
        await countIfAnswered(result);
        if (result.quotaBlocked) {
          throw AppError.of("PLAN_LIMIT_REACHED", "apiKeys.workspaceHasUsedItsPlansMessages");
        }
        return {
          conversationId,
          questionId: prepared.userMessageId,
          answer: {
            messageId: result.held ? null : result.messageId,
            text,
            answered: result.answered,
            // The bot abstained (its fallback reply), as the widget's reply is marked internally;
            // a held conversation's empty answer is not one.
            fallback: !result.held && !result.answered,
            citations: result.citations,
            engine: result.engine,
          },
          heldForTeam: Boolean(result.held),
        };
      } catch (err) {
        if (err instanceof ModelError) {
          throw AppError.of("SERVICE_UNAVAILABLE", "apiKeys.botsAiModelCouldNot");
        }
        throw err;
      } finally {
        request.raw.off("close", onClose);
      }
    },
  );
};
