import { type CspDirectives, cspHeader } from "@parley/config/security-headers";
import { findNul, NUL_MESSAGE } from "@parley/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Auth } from "../auth";

/** Hop-by-hop and framing headers: the Web Request computes its own from the body it is given. */
const DROPPED_REQUEST_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "expect",
  "content-length",
  "x-forwarded-for",
]);

/**
 * better-auth at the host root. The scope is encapsulated so its "keep the raw bytes" body
 * parser touches nothing else: better-auth reads the body itself, and accepts form posts
 * (sign-in, OAuth `form_post` callbacks) as well as JSON. Fastify's own static routes
 * (/auth, /platforms/:id, /dev/mailbox) win over this `/*` catch-all.
 */
export async function betterAuthRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; baseURL: string; csp: CspDirectives },
) {
  const { auth, baseURL } = opts;
  // better-auth's own HTML (its development error page) styles itself inline; scripts stay 'self'.
  const htmlCsp = cspHeader({ ...opts.csp, "style-src": ["'self'", "'unsafe-inline'"] });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/*",
    async handler(request, reply) {
      const nul = nulIn(request);
      if (nul) {
        // better-auth's own validation-error shape, which the sign-in UI already shows.
        return reply.status(400).send({ code: "VALIDATION_ERROR", message: `[${nul}] ${NUL_MESSAGE}` });
      }
      const response = await auth.handler(toWebRequest(request, baseURL));
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        reply.header("content-security-policy", htmlCsp);
      }
      return sendWebResponse(reply, response);
    },
  });
}

/**
 * Postgres refuses the NUL character in text: a NUL in a name or e-mail would fail deep inside
 * better-auth with a vague "Failed to create user". Refuse it up front, naming the field.
 */
function nulIn(request: FastifyRequest): string | undefined {
  const query = findNul(request.query, "query");
  if (query) return query;
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  const type = String(request.headers["content-type"] ?? "");
  if (type.includes("application/x-www-form-urlencoded")) {
    return findNul(Object.fromEntries(new URLSearchParams(body.toString("utf8"))), "body");
  }
  if (!type.includes("json")) return undefined;
  try {
    return findNul(JSON.parse(body.toString("utf8")), "body");
  } catch {
    // Not JSON after all: better-auth answers that itself.
    return undefined;
  }
}

function toWebRequest(request: FastifyRequest, baseURL: string): Request {
  // The canonical origin comes from AUTH_URL, never from Host or X-Forwarded-*: links in mails,
  // redirects and cookie security must not depend on what a client or proxy claims.
  const incoming = new URL(request.url, "http://placeholder");
  const url = new URL(`${incoming.pathname}${incoming.search}`, baseURL);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  // request.ip honours TRUST_PROXY; better-auth's rate limiter and session records read this.
  if (request.ip) headers.set("x-forwarded-for", request.ip);
  const body = request.body;
  const hasBody =
    request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(body) && body.length > 0;
  return new Request(url, { method: request.method, headers, body: hasBody ? body : undefined });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    if (name === "access-control-expose-headers") {
      // @fastify/cors already exposed its list on this reply; keep both.
      const existing = reply.getHeader(name);
      const names = new Set(
        [typeof existing === "string" ? existing : "", value]
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter(Boolean),
      );
      reply.header(name, [...names].join(", "));
      return;
    }
    reply.header(name, value);
  });
  if (!response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
