import helmet from "helmet";

/**
 * Security headers both web-facing services send (helmet's, computed once): a CSP without inline
 * script or style, no framing (`frame-ancestors 'none'` + X-Frame-Options), no MIME sniffing, a
 * referrer policy that keeps paths on our own origin, and HSTS in production. Plain data, so this
 * package needs no Fastify dependency; each app sets them on every response (`securityHeaders`).
 */
export interface SecurityHeaderOptions {
  production: boolean;
  /** Browsers reach the service over https: mixed content is upgraded. */
  https: boolean;
  /** Other origins the pages call with fetch (the SPA calls the auth service's /token). */
  connectSrc?: string[];
}

export type CspDirectives = Record<string, string[]>;

export function cspDirectives(opts: SecurityHeaderOptions): CspDirectives {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    // data: for the small SVG icons the stylesheets inline.
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(opts.connectSrc ?? [])],
    "frame-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    ...(opts.https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** A directive map as a header value (`default-src 'self'; …`). */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** Options for helmet. */
export function helmetOptions(opts: SecurityHeaderOptions) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" as const },
    frameguard: { action: "deny" as const },
    crossOriginResourcePolicy: { policy: "same-origin" as const },
    crossOriginOpenerPolicy: { policy: "same-origin" as const },
  };
}

/**
 * The policy for a server-rendered page with one inline `<style nonce>` block (dev mailbox, "not
 * built" notices): the same rules, plus that one stylesheet. Scripts stay 'self' only.
 */
export function cspWithStyleNonce(directives: CspDirectives, nonce: string): string {
  return cspHeader({ ...directives, "style-src": [...(directives["style-src"] ?? []), `'nonce-${nonce}'`] });
}

/**
 * The headers helmet sets with these options, as a list to set on every response. None of them
 * depends on the request, so helmet runs once here instead of once per request (@fastify/helmet
 * builds a new helmet, and parses the CSP again, for every request: measurable CPU in a burst).
 */
export function securityHeaders(opts: SecurityHeaderOptions): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(helmetOptions(opts))({} as never, recorder as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * An `onRequest` hook (Fastify's signature, no Fastify dependency) that sets `securityHeaders` on
 * the raw response, where a route may still remove or replace one (the framable widget page).
 */
export function securityHeadersHook(opts: SecurityHeaderOptions) {
  const headers = securityHeaders(opts);
  return (
    _request: unknown,
    reply: { raw: { setHeader(name: string, value: string): unknown } },
    done: () => void,
  ) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  };
}
