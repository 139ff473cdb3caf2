import { createHmac, timingSafeEqual } from "node:crypto";
import { AUTH_EVENT_TOLERANCE_SECONDS } from "./events";

/**
 * The AUTH_EVENTS_SECRET both services fall back to outside production when it is unset, so the
 * embedded default (`pnpm start`, no env) delivers events. Never accepted in production.
 */
export const DEV_AUTH_EVENTS_SECRET = "parley-dev-auth-events-secret-not-for-production";

/**
 * The signature of an auth event delivery, shared by the sender (auth) and the receiver (API) so
 * the format can never drift: header value `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Server-only (node:crypto): import it from `@parley/contracts/server`, never from the web bundle.
 */
export function signAuthEvent(
  secret: string,
  rawBody: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export type AuthEventVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed" | "expired" | "mismatch" };

export interface VerifyAuthEventOptions {
  /** Current time in unix seconds; injectable for tests. */
  now?: number;
  /** Oldest (and furthest in the future) signature accepted, in seconds. */
  toleranceSeconds?: number;
}

/**
 * Checks a signature header against the raw body exactly as received (before JSON parsing).
 * Several `v1` entries are allowed so a sender can sign with an old and a new secret while the
 * secret is rotated; one match is enough. Comparison is constant-time.
 */
export function verifyAuthEvent(
  secret: string,
  rawBody: string,
  header: string | undefined | null,
  options: VerifyAuthEventOptions = {},
): AuthEventVerification {
  if (!header) return { ok: false, reason: "malformed" };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: "malformed" };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? AUTH_EVENT_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: "expired" };
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), "hex");
  const matches = signatures.some((sig) => timingSafeEqual(Buffer.from(sig, "hex"), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: "mismatch" };
}

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}
