/**
 * What the API's and the auth service's logs never hold (issue #35: an API key sent as
 * `?api_key=` was refused, and written whole to the request log). Both services log through pino
 * with these serializers and redaction paths, in every environment and for every logger a caller
 * passes (tests included), so a credential a client puts in a URL or a header stays out of the log.
 */

export const REDACTED = "[redacted]";

/**
 * Query parameters that carry a credential: any name with token, secret, password, signature or
 * api key in it (access_token, hub.verify_token, client_secret, x-amz-signature…), and the short
 * names used for the same (key, sig, code — an OAuth authorization code —, auth, pwd).
 */
const SECRET_PARAM_PART = /token|secret|passw|signature|api[-_.]?key|credential|session/i;
const SECRET_PARAMS = new Set(["key", "sig", "code", "auth", "authorization", "pwd", "pass", "otp"]);

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM_PART.test(name) || SECRET_PARAMS.has(name.toLowerCase());
}

/** Paths whose segment is itself a credential: better-auth's password reset link (`/reset-password/<token>`). */
const SECRET_SEGMENTS = /(\/reset-password\/)[^/?#]+/gi;

/**
 * A request URL as it may be logged: each credential's value (query parameter or path segment)
 * replaced by `[redacted]`, everything else exactly as it came (the parameter's name stays, so the
 * line still says what was sent).
 */
export function redactUrl(url: string): string {
  const path = url.replace(SECRET_SEGMENTS, `$1${REDACTED}`);
  const at = path.indexOf("?");
  if (at < 0) return path;
  const query = path
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        // A malformed escape: judged as written.
      }
      return isSecretParam(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path.slice(0, at)}?${query}`;
}

/** Request and response headers that carry a credential. */
export const SECRET_HEADERS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "api-key",
  "x-auth-token",
  "x-access-token",
  "x-csrf-token",
  "x-hub-signature",
  "x-hub-signature-256",
  "webhook-signature",
  "x-parley-signature",
  "x-parley-customer",
  "x-metrics-token",
] as const;

/** `headers` with every credential's value replaced by `[redacted]` (names kept), for a log line. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const secret = new Set<string>(SECRET_HEADERS);
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secret.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * pino serializers: Fastify's own request line (method, URL, host, client address and port) with
 * the URL redacted, and any `headers` object logged as such redacted too.
 */
export const logSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: typeof req.url === "string" ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  headers: (headers: unknown) =>
    headers && typeof headers === "object" ? redactHeaders(headers as Record<string, unknown>) : headers,
  url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url),
};

/**
 * pino redaction paths: the credential headers wherever a logged request, response or `headers`
 * object carries them, and secret-bearing fields our own code might pass along.
 */
export const LOG_REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((name) => [
    `req.headers["${name}"]`,
    `res.headers["${name}"]`,
    `headers["${name}"]`,
  ]),
  "apiKey",
  "*.apiKey",
  "model.apiKey",
  "secret",
  "*.secret",
  "password",
  "*.password",
  "token",
  "*.token",
];

/**
 * The logger options a service always runs with, over what a caller gives (its level, its
 * stream): the redaction and the serializers are part of the service, not of the configuration.
 */
export function withLogRedaction<T extends object>(
  options: T,
): T & {
  redact: { paths: string[]; censor: string };
  serializers: typeof logSerializers;
} {
  const given = options as { serializers?: Record<string, unknown> };
  return {
    ...options,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    serializers: { ...given.serializers, ...logSerializers },
  };
}

/**
 * A service's `logger` option: its level by default; a caller's options (tests) with the
 * redaction kept; a caller's own logger instance as it is.
 */
export function serviceLogger<L>(level: string, given: L | undefined) {
  if (given === undefined) return withLogRedaction({ level });
  if (given && typeof given === "object" && !("child" in given)) return withLogRedaction(given);
  return given;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's request id when it is sane (so logs join up across services), else a new one. */
export const requestIdFrom = (header: unknown, next: () => string): string =>
  typeof header === "string" && REQUEST_ID.test(header) ? header : next();
