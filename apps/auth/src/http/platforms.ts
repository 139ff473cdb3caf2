import type { FastifyInstance } from "fastify";
import type { Env } from "../env";
import { sendError } from "./errors";

/**
 * The registered platforms the auth UI may send a signed-in browser back to. The UI looks its
 * platform up here (never trusting a return URL from the address bar), so only registered
 * callbacks are ever used.
 */
export async function platformRoutes(app: FastifyInstance, opts: { env: Env }) {
  const { env } = opts;
  const socialProviders = Object.keys(env.socialProviders);
  const passwordPolicy = { minLength: env.PASSWORD_MIN_LENGTH, maxLength: env.PASSWORD_MAX_LENGTH };

  app.get<{ Params: { id: string } }>("/platforms/:id", async (request, reply) => {
    const platform = env.platforms.find((p) => p.id === request.params.id);
    if (!platform) return sendError(reply, request, "NOT_FOUND", "Unknown platform");
    return reply.header("cache-control", "public, max-age=60").send({
      id: platform.id,
      name: platform.name,
      callbackURL: platform.callbackURL,
      socialProviders,
      passwordPolicy,
    });
  });
}
