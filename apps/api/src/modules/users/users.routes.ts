import { platformUserSchema, userByEmailQuerySchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOf } from "../../plugins/auth";
import type { UsersService } from "./users.service";

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    "/user/by-email",
    { schema: { querystring: userByEmailQuerySchema, response: { 200: platformUserSchema } } },
    async (request) => users.getOwnByEmail(authOf(request).userId, request.query.email),
  );
  app.get("/user/me", { schema: { response: { 200: platformUserSchema } } }, async (request) =>
    users.get(authOf(request).userId),
  );
};

/** Public: the SPA calls it after sign-out (even a failed one) to drop the access-token cookie. */
export const clearCookiesRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/clear-cookies",
    { schema: { response: { 200: z.object({ success: z.literal(true) }) } } },
    async (_request, reply) => {
      reply.header("set-cookie", "accessToken=; Path=/; Max-Age=0; SameSite=Lax");
      reply.header("cache-control", "no-store");
      return { success: true as const };
    },
  );
};
