import { cspDirectives, cspHeader, securityHeadersHook } from "@parley/config/security-headers";
import type { FastifyInstance } from "fastify";
import type { Env } from "../env";

/**
 * CSP without inline code, no framing, nosniff, referrer policy, HSTS in production: on every page
 * and response of this server (helmet's headers, computed once). The one page that may be framed,
 * the widget chat page where its bot allows, takes `framablePolicy(frameAncestors)`: the same
 * policy with its own `frame-ancestors`.
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const options = {
    production: env.NODE_ENV === "production",
    https: env.PUBLIC_URL.startsWith("https:"),
    // The SPA fetches its access token from the auth service.
    connectSrc: [new URL(env.AUTH_URL).origin],
  };
  app.addHook("onRequest", securityHeadersHook(options));
  const { "frame-ancestors": _none, ...framable } = cspDirectives(options);
  return {
    framablePolicy: (frameAncestors: string) => `${cspHeader(framable)}; ${frameAncestors}`,
  };
}
