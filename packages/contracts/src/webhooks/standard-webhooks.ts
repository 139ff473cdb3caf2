import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks (https://www.standardwebhooks.com), the one signing scheme for every signed
 * server-to-server call: the payment gateways' callbacks, the auth service's events and the
 * services' internal lookups. Three headers:
 *
 *   webhook-id         a unique message id (receivers deduplicate on it)
 *   webhook-timestamp  unix seconds
 *   webhook-signature  `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, space-separated
 *                      when several keys sign (rotation); one match is enough
 *
 * The key is the base64 after `whsec_` when the secret has that prefix (the spec's form); any other
 * secret is used as its UTF-8 bytes, so existing env secrets keep working. Comparison is
 * constant-time and a timestamp outside the tolerance (either way) is refused, which bounds replays.
 * Server-only (node:crypto): import it from `@parley/contracts/server`, never from the web bundle.
 */

export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// A type, not an interface: it must fit the index-signature header bags verifyWebhook reads.
export type WebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

export type WebhookVerification =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; reason: "malformed" | "expired" | "mismatch" };

export interface SignWebhookOptions {
  /** The message id; a fresh `msg_<uuid>` when absent. Retries of one message reuse its id. */
  id?: string;
  /** Unix seconds; now when absent. */
  timestamp?: number;
}

export interface VerifyWebhookOptions {
  /** Current time in unix seconds; injectable for tests. */
  now?: number;
  /** Oldest (and furthest in the future) timestamp accepted, in seconds. */
  toleranceSeconds?: number;
}

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function keyOf(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

/** `v1,<base64 signature>` of one message. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers that sign `body` (the exact bytes sent; for a GET, the string both sides agree on). */
export function signWebhook(secret: string, body: string, options: SignWebhookOptions = {}): WebhookHeaders {
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": webhookSignature(secret, id, timestamp, body),
  };
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks the headers against the raw body exactly as received (before JSON parsing). `secret` may
 * be a list: during a rotation the receiver accepts the old and the new key.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  body: string,
  headers: HeaderBag,
  options: VerifyWebhookOptions = {},
): WebhookVerification {
  const id = header(headers, WEBHOOK_ID_HEADER);
  const ts = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatures = header(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!id || id.length > 256 || !ts || !/^\d{1,12}$/.test(ts) || !signatures)
    return { ok: false, reason: "malformed" };
  const given = signatures
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .map((s) => Buffer.from(s.slice(3), "base64"));
  if (given.length === 0) return { ok: false, reason: "malformed" };
  const timestamp = Number(ts);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    return { ok: false, reason: "expired" };
  const secrets = typeof secret === "string" ? [secret] : secret;
  const matches = secrets.some((s) => {
    const expected = Buffer.from(webhookSignature(s, id, timestamp, body).slice(3), "base64");
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
  return matches ? { ok: true, id, timestamp } : { ok: false, reason: "mismatch" };
}

/** Constant-time string comparison (for shared secrets compared as a whole, e.g. a bearer token). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The ids of signed requests already accepted, kept for as long as their timestamp could still be
 * accepted (twice the tolerance), so that a captured request cannot be sent again (a replay). For
 * signed GETs, whose id is random per request; pushed events deduplicate on their own id instead.
 * In memory: one process. The API's replicas share theirs through Redis when it is configured.
 */
export function createSeenIds(ttlSeconds = 2 * WEBHOOK_TOLERANCE_SECONDS) {
  // Insertion order is expiry order (one TTL for all): pruning stops at the first live entry.
  const expiries = new Map<string, number>();
  return {
    /** True the first time `id` is seen within the window; false for a repeat. */
    first(id: string, now = Date.now()): boolean {
      for (const [seen, expiry] of expiries) {
        if (expiry > now) break;
        expiries.delete(seen);
      }
      if (expiries.has(id)) return false;
      expiries.set(id, now + ttlSeconds * 1000);
      return true;
    },
    get size() {
      return expiries.size;
    },
  };
}
