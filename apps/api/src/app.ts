import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { DbHandle } from "@parley/db";
import { createDb } from "@parley/db";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import * as schema from "./db/schema";
import { type Env, migrationsFolder } from "./env";
import { contactRoutes } from "./modules/contact/contact.routes";
import { createContactService } from "./modules/contact/contact.service";
import { healthRoutes } from "./modules/health/health.routes";
import { createPlansRepo } from "./modules/plans/plans.repo";
import { plansRoutes } from "./modules/plans/plans.routes";
import { createPlansService } from "./modules/plans/plans.service";
import { supportRoutes } from "./modules/support/support.routes";
import { clearCookiesRoute, usersRoutes } from "./modules/users/users.routes";
import { createUsersService } from "./modules/users/users.service";
import { createTokenVerifier, requireAuth } from "./plugins/auth";
import { registerErrorHandler, sendError } from "./plugins/error-handler";

export type AppSchema = typeof schema;
export type AppDb = DbHandle<AppSchema>;

export interface AppDeps {
  env: Env;
  db: AppDb;
  logger?: FastifyServerOptions["logger"];
}

const VERSION = process.env.npm_package_version ?? "0.1.0";
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Opens (and migrates) this service's own database as the env says. */
export function openAppDb(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, opts: { inMemory?: boolean } = {}) {
  return createDb({
    url: env.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(env.DATA_DIR, "api"),
    schema,
    migrationsFolder,
    migrationsTable: "__api_migrations",
  });
}

/** The composition root: every service is wired here, and tests build the same app. */
export async function buildApp(deps: AppDeps) {
  const { env, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: env.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
    // Reuse a caller's request id when it is sane, so logs join up across services.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: env.NODE_ENV === "production",
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const plans = createPlansService({ repo: createPlansRepo(db.db), currency: env.PLANS_CURRENCY });
  const contact = createContactService({ db: db.db });
  const users = createUsersService({ db: db.db });
  const verifyToken = createTokenVerifier({
    jwksUrl: `${env.AUTH_INTERNAL_URL ?? env.AUTH_URL}/jwks`,
    issuer: env.AUTH_URL,
  });
  app.decorate("services", { plans, contact, users });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, version: VERSION });
      await api.register(plansRoutes, { plans });
      await api.register(contactRoutes, { contact });
      await api.register(clearCookiesRoute);
      // Everything registered in this scope needs a valid access token.
      await api.register(async (authed) => {
        authed.addHook(
          "onRequest",
          requireAuth(verifyToken, (auth) => users.upsertFromClaims(auth.claims)),
        );
        await authed.register(usersRoutes, { users });
        await authed.register(supportRoutes, { contact });
      });
    },
    { prefix: "/api" },
  );

  await registerSpa(app, env.WEB_DIST);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: {
      plans: ReturnType<typeof createPlansService>;
      contact: ReturnType<typeof createContactService>;
      users: ReturnType<typeof createUsersService>;
    };
  }
}

async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = existsSync(path.join(distDir, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached forever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasSpa && request.method === "GET") {
      // Client-side routes: the SPA decides what to render, including its own 404 page.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendError(
      reply,
      request,
      "NOT_FOUND",
      `Route ${request.method} ${request.url.split("?")[0]} not found`,
    );
  });
}
