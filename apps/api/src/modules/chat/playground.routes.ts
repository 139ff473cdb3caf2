import { askSchema, idText, stripBidiControls } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { openEventStream } from "../../lib/sse";
import { workspaceOf } from "../../plugins/auth";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import type { ChatService } from "./chat.service";
import { ModelError } from "./chat-model";

/**
 * The playground: chat with a bot as a visitor would, seeing the sources of each answer. Every
 * member may use it (an agent checks what the bot tells customers); nothing is stored.
 */
export const playgroundRoutes: FastifyPluginAsyncZod<{
  chatbots: ChatbotsService;
  chat: ChatService;
}> = async (app, { chatbots, chat }) => {
  app.post(
    "/chatbots/:id/playground/messages",
    { schema: { params: z.object({ id: idText() }), body: askSchema } },
    async (request, reply) => {
      const bot = await chatbots.own(workspaceOf(request, "playground:use"), request.params.id);
      // Fail before the stream opens, as a plain error, when the bot cannot answer at all.
      try {
        chat.modelFor(bot);
      } catch (err) {
        if (err instanceof ModelError) throw new AppError("MODEL_NOT_CONFIGURED", err.message);
        throw err;
      }
      const stream = openEventStream(request, reply);
      stream.send("start", { messageId: null });
      try {
        const result = await chat.respond({
          bot,
          question: request.body.content,
          history: request.body.history ?? [],
          signal: stream.signal,
          // Shown to the team as text: no invisible direction controls (as in stored replies).
          onDelta: (text) => stream.send("delta", { text: stripBidiControls(text) }),
        });
        stream.send("done", {
          messageId: null,
          answered: result.answered,
          citations: result.citations,
          engine: result.engine,
          confidence: result.confidence,
          ...(result.searchedFor !== request.body.content ? { searchedFor: result.searchedFor } : {}),
        });
      } catch (err) {
        const code = err instanceof ModelError ? err.code : "INTERNAL";
        if (!(err instanceof ModelError)) request.log.error({ err }, "playground answer failed");
        stream.send("error", {
          code,
          message: err instanceof ModelError ? err.message : "Something went wrong while answering.",
        });
      } finally {
        stream.end();
      }
    },
  );
};
