import swagger from "@fastify/swagger";
import { API_V1_PREFIX } from "@parley/contracts";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { RateLimiter } from "../../lib/rate-limit";
import { requireApiKey } from "../api-keys/api-key-auth";
import type { ApiKeysService } from "../api-keys/api-keys.service";
import type { AuditService } from "../workspaces/audit.service";
import { tidyComponents, v1SchemaRegistry } from "./openapi-components";

export const OPENAPI_PATH = `${API_V1_PREFIX}/openapi.json`;

/** The routes registered under /api/v1 (method and URL), per server: what the document must list. */
const registered = new WeakMap<object, { method: string; url: string }[]>();
export const publicApiRoutes = (app: FastifyInstance) => registered.get(app.server) ?? [];

/** The multipart upload's body, which no zod schema validates (the route reads the stream). */
const uploadBody = {
  type: "object",
  required: ["file"],
  properties: { file: { type: "string", format: "binary", description: "The document" } },
};

/** Routes' zod schemas to JSON Schema, with the named ones (openapi-components.ts) as `$ref`s. */
const transformRoute = createJsonSchemaTransform({ schemaRegistry: v1SchemaRegistry });
const transformDocument = createJsonSchemaTransformObject({ schemaRegistry: v1SchemaRegistry });

/**
 * `/api/v1` (registered with that prefix): the versioned surface of the app's own routes for API
 * keys. `mount` registers the modules' routes on the `v1` surface (route-surface.ts), each behind
 * the key; the OpenAPI 3.1 document is made from those routes' own zod schemas (public, at
 * /api/v1/openapi.json).
 */
export const publicApi: FastifyPluginAsync<{
  apiKeys: ApiKeysService;
  limiter: RateLimiter;
  audit: Pick<AuditService, "record">;
  version: string;
  mount: (keyed: FastifyInstance) => Promise<void>;
}> = async (v1, opts) => {
  const routes: { method: string; url: string }[] = [];
  registered.set(v1.server, routes);
  v1.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS" || route.url === OPENAPI_PATH) continue;
      routes.push({ method, url: route.url });
    }
  });
  await v1.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Parley API",
        version: opts.version,
        description:
          "The Parley public API. Authenticate with a workspace API key: `Authorization: Bearer <key>`. " +
          "A key acts for its workspace within its scopes (`read`, `write`, `chat`). Errors share one shape: " +
          "`{ error: { code, message, requestId, details? } }` with a closed set of codes. Lists page with cursors: " +
          "pass `nextCursor` back as `cursor`.",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          apiKey: { type: "http", scheme: "bearer", description: "A workspace API key (prly_…)" },
        },
      },
    },
    transform: (args) => {
      const out = transformRoute(args);
      if (args.url.endsWith("/sources/upload"))
        return { ...out, schema: { ...out.schema, body: uploadBody } };
      return out;
    },
    transformObject: (args) => tidyComponents(transformDocument(args)),
  });
  let document: unknown;
  v1.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    document ??= v1.swagger();
    return document;
  });
  await v1.register(async (keyed) => {
    keyed.addHook("onRequest", requireApiKey(opts.apiKeys, opts.limiter));
    // Every use of a key is in the audit log: a change as its own entry (`actorOf`), anything
    // else (a read, a question, a refusal) as `api_key.used`, once the answer has gone out.
    keyed.addHook("onResponse", async (request, reply) => {
      const key = request.actor;
      if (key?.kind !== "key" || request.apiChangeAudited) return;
      await opts.audit
        .record({
          workspaceId: key.workspaceId,
          action: "api_key.used",
          actorId: key.keyId,
          actorEmail: null,
          target: `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`,
          details: { via: "api", status: reply.statusCode },
        })
        .catch((err: Error) => request.log.error({ err }, "could not record the API key's use"));
    });
    await opts.mount(keyed);
  });
};
