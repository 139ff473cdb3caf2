import { isUtf8 } from "node:buffer";
import { type CspDirectives, cspHeader } from "@parley/config/security-headers";
import { findNul, INVALID_UTF8_MESSAGE, NUL_MESSAGE } from "@parley/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Auth } from "../auth";
import type { WorkspaceLocks } from "../auth/workspace-lock";
import type { AuthDb } from "../db";
import { invitation } from "../db/schema";

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
  opts: { auth: Auth; baseURL: string; csp: CspDirectives; db: AuthDb; locks: WorkspaceLocks },
) {
  const { auth, baseURL, locks } = opts;
  // better-auth's own HTML (its development error page) styles itself inline; scripts stay 'self'.
  const htmlCsp = cspHeader({ ...opts.csp, "style-src": ["'self'", "'unsafe-inline'"] });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/*",
    async handler(request, reply) {
      if (Buffer.isBuffer(request.body) && !isUtf8(request.body)) {
        // Decoded, every invalid byte would become U+FFFD in a name or an address (issue #35).
        return reply.status(400).send({ code: "VALIDATION_ERROR", message: INVALID_UTF8_MESSAGE });
      }
      const body = bodyOf(request);
      const nul = findNul(request.query, "query") ?? findNul(body, "body");
      if (nul) {
        // better-auth's own validation-error shape, which the sign-in UI already shows.
        return reply.status(400).send({ code: "VALIDATION_ERROR", message: `[${nul}] ${NUL_MESSAGE}` });
      }
      const webRequest = toWebRequest(request, baseURL);
      // A seat is counted and taken in one transaction under the workspace's lock (issue #25).
      const workspaceId =
        request.method === "POST" ? await seatWorkspace(auth, opts.db, request, body) : undefined;
      const response = workspaceId
        ? await locks.run(workspaceId, () => auth.handler(webRequest))
        : await auth.handler(webRequest);
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        reply.header("content-security-policy", htmlCsp);
      }
      return sendWebResponse(reply, response);
    },
  });
}

/**
 * The request's body as better-auth will read it (JSON or a form), or undefined. Postgres refuses
 * the NUL character in text: a NUL in a name or e-mail would fail deep inside better-auth with a
 * vague "Failed to create user", so the route refuses it up front, naming the field.
 */
function bodyOf(request: FastifyRequest): unknown {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  const type = String(request.headers["content-type"] ?? "");
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(body.toString("utf8")));
  }
  if (!type.includes("json")) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    // Not JSON after all: better-auth answers that itself.
    return undefined;
  }
}

/**
 * The workspace whose seats a request takes: an invitation (to the body's workspace, else the
 * session's active one) or an acceptance (the invitation's workspace). Undefined for anything
 * else, or when there is nothing to lock (the endpoint then refuses the request itself).
 */
async function seatWorkspace(
  auth: Auth,
  db: AuthDb,
  request: FastifyRequest,
  body: unknown,
): Promise<string | undefined> {
  const path = new URL(request.url, "http://placeholder").pathname;
  if (path !== INVITE_PATH && path !== ACCEPT_PATH) return undefined;
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 200 ? v : undefined);
  if (path === ACCEPT_PATH) {
    const id = text(fields.invitationId);
    if (!id) return undefined;
    const [row] = await db.db
      .select({ workspaceId: invitation.organizationId })
      .from(invitation)
      .where(eq(invitation.id, id));
    return row?.workspaceId;
  }
  const named = text(fields.organizationId);
  if (named) return named;
  const headers = new Headers();
  for (const name of ["cookie", "authorization"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const session = await auth.api.getSession({ headers }).catch(() => null);
  return text(session?.session.activeOrganizationId) ?? undefined;
}

const INVITE_PATH = "/organization/invite-member";
const ACCEPT_PATH = "/organization/accept-invitation";

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
