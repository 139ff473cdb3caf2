import { authEventSchema } from "@parley/contracts";
import { verifyWebhook } from "@parley/contracts/server";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../lib/errors";
import type { AuthEventsService } from "./auth-events.service";

/** `POST /api/internal/auth-events`: signed deliveries from the auth service's outbox. */
export const authEventsRoutes: FastifyPluginAsync<{ events: AuthEventsService; secret: string }> = async (
  app,
  opts,
) => {
  // The signature covers the exact bytes sent, so this route reads the raw body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post("/internal/auth-events", async (request) => {
    const raw = typeof request.body === "string" ? request.body : "";
    const check = verifyWebhook(opts.secret, raw, request.headers);
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, "auth event refused");
      throw new AppError("SIGNATURE_INVALID", "Event signature is invalid");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new AppError("BAD_REQUEST", "Event body is not JSON");
    }
    const event = authEventSchema.safeParse(parsed);
    if (!event.success) throw new AppError("BAD_REQUEST", "Unknown or malformed event");
    const { duplicate } = await opts.events.handle(event.data);
    request.log.info({ eventId: event.data.id, type: event.data.type, duplicate }, "auth event handled");
    return { received: true, duplicate };
  });
};
