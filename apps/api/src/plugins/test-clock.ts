import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../lib/clock";

/**
 * Test-only (TEST_CLOCK=true, refused in production): move time forward, then run the scheduled
 * jobs the app composes (`runJobs`) and answer with their results.
 */
export const testClockRoute: FastifyPluginAsyncZod<{
  clock: Clock;
  runJobs: () => Promise<Record<string, unknown>>;
}> = async (app, { clock, runJobs }) => {
  app.post(
    "/internal/test-clock",
    { schema: { body: z.object({ advanceMs: z.number().int().nonnegative().default(0) }) } },
    async (request) => {
      const now = clock.advance(request.body.advanceMs);
      return { now: now.toISOString(), ...(await runJobs()) };
    },
  );
};
