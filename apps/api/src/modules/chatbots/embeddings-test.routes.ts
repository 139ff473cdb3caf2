import {
  EMBEDDINGS_TEST_LIMITS,
  embeddingsTestResultSchema,
  embeddingsTestSchema,
  idText,
} from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { workspaceOf } from "../../plugins/auth";
import type { ChatbotsService } from "./chatbots.service";
import type { EmbeddingsTester } from "./embeddings-test";

/**
 * `POST /chatbots/:id/embeddings/test`: owners and admins (who may change the endpoint) check the
 * values they typed before saving them. It reaches an address they chose, so it is limited per
 * workspace; the outcome (even a failure of the endpoint) is a 200 with a closed code.
 */
export const embeddingsTestRoutes: FastifyPluginAsyncZod<{
  chatbots: ChatbotsService;
  test: EmbeddingsTester;
  limiter: RateLimiter;
}> = async (app, { chatbots, test, limiter }) => {
  app.post(
    "/chatbots/:id/embeddings/test",
    {
      schema: {
        params: z.object({ id: idText() }),
        body: embeddingsTestSchema,
        response: { 200: embeddingsTestResultSchema },
      },
    },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "bots:write");
      const bot = await chatbots.own(workspaceId, request.params.id);
      await enforceLimit(
        limiter,
        reply,
        `embeddings-test:${workspaceId}`,
        EMBEDDINGS_TEST_LIMITS.perWorkspacePerMinute,
        60,
        "Too many connection tests. Please wait a minute and try again.",
      );
      const result = await test(bot, request.body);
      if (!result.ok)
        request.log.info(
          { chatbotId: bot.id, code: result.code, status: result.status },
          "embeddings connection test failed",
        );
      return result;
    },
  );
};
