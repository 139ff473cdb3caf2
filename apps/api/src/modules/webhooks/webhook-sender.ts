import { WEBHOOK_RESPONSE_SNIPPET_BYTES } from "@parley/contracts";
import { blockedCause, type OutboundGuard, PRIVATE_ADDRESS_MESSAGE } from "../../lib/outbound";

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** The answer's first bytes (at most WEBHOOK_RESPONSE_SNIPPET_BYTES) as text. */
  responseBody: string;
  /** Why it counts as a failure, in words the owner can act on; null when it succeeded. */
  error: string | null;
}

/** Bytes read from an answer at most: past the snippet, reading stops and the connection is cut. */
const READ_CAP_BYTES = 64 * 1024;

/**
 * One POST of a signed message through the outbound guard: no private, loopback or link-local
 * address (checked on the address really connected to), no redirect followed (a 3xx is a failure:
 * a redirect could lead anywhere, and the receiver's own address is the one the owner chose), the
 * whole exchange bounded in time, and only the answer's first bytes read. Never throws.
 */
export async function sendWebhook(
  guard: OutboundGuard,
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await guard.request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Parley-Webhooks/1.0", ...headers },
      body,
      maxRedirects: 0,
      maxBytes: READ_CAP_BYTES,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    });
    const snippet = await readSnippet(res.body());
    const latencyMs = elapsed();
    const ok = res.status >= 200 && res.status < 300;
    const error = ok
      ? null
      : res.status >= 300 && res.status < 400
        ? `The receiver answered with a redirect (${res.status}); webhooks do not follow redirects.`
        : `The receiver answered ${res.status}.`;
    return { ok, statusCode: res.status, latencyMs, responseBody: snippet, error };
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseBody: "", error: describe(err) };
  }
}

/** Reads up to the snippet's size and hangs up; a slow trickle ends at the request's deadline. */
async function readSnippet(chunks: AsyncGenerator<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of chunks) {
      parts.push(Buffer.from(chunk));
      size += chunk.byteLength;
      if (size >= WEBHOOK_RESPONSE_SNIPPET_BYTES) break;
    }
  } catch {
    // The status decided the outcome; an answer cut short (cap, deadline) still shows its start.
  }
  const bytes = Buffer.concat(parts).subarray(0, WEBHOOK_RESPONSE_SNIPPET_BYTES);
  // A multi-byte character cut at the end decodes to U+FFFD; strip NULs (not storable in text).
  return new TextDecoder().decode(bytes).replaceAll("\u0000", "");
}

function describe(err: unknown): string {
  const blocked = blockedCause(err);
  if (blocked) return blocked.message === PRIVATE_ADDRESS_MESSAGE ? PRIVATE_ADDRESS_MESSAGE : blocked.message;
  const e = err as { name?: string; code?: string; cause?: { code?: string }; message?: string };
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || /timed out|timeout/i.test(e?.message ?? ""))
    return "The receiver did not answer in time.";
  const code = e?.code ?? e?.cause?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The receiver's host name could not be resolved.";
  if (code === "ECONNREFUSED") return "The receiver refused the connection.";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "The receiver closed the connection.";
  return "The receiver could not be reached.";
}
