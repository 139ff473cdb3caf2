/**
 * Security headers both web-facing services send (through @fastify/helmet): a CSP without inline
 * script or style, no framing (`frame-ancestors 'none'` + X-Frame-Options), no MIME sniffing, a
 * referrer policy that keeps paths on our own origin, and HSTS in production. Plain data, so this
 * package needs no Fastify dependency; each app passes it to helmet.
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

/** Options for @fastify/helmet. */
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
