import { lookup as dnsLookup } from "node:dns";
import { STATUS_CODES } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { Agent, type Dispatcher, request as undiciRequest } from "undici";
import { refusedAddressReason } from "./address-policy";

/** A request was refused because of where it would connect (or its scheme, or its redirects). */
export class OutboundBlockedError extends Error {
  override name = "OutboundBlockedError";
  constructor(
    message: string,
    /** For logs only (never shown to the account): what was refused and why. */
    readonly detail: string,
  ) {
    super(message);
  }
}

/** The response body went past the byte cap; reading stopped there. */
export class OutboundTooLargeError extends Error {
  override name = "OutboundTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The response is larger than ${Math.round(maxBytes / 1024)} KB.`);
  }
}

export const PRIVATE_ADDRESS_MESSAGE =
  "This address is on a private or local network, which can't be reached.";

export interface OutboundPolicy {
  /** Private, loopback and other non-public addresses are allowed (development, local model servers). */
  allowPrivate: boolean;
  /** Exceptions the operator trusts: `host` or `host:port`, as the URL spells them (e.g. `ollama:11434`). */
  allowHosts?: string[];
  /** Name resolution; the system resolver by default. */
  lookup?: typeof dnsLookup;
  /** Connect, first-byte and between-chunks limits of the connection pool. */
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Limit for the whole exchange, body included (none by default: streams rely on idle limits). */
  timeoutMs?: number;
  /** Redirects followed, each hop checked like the first; 0 returns a 3xx as it is. */
  maxRedirects?: number;
  /** The body is read up to this many bytes; past it the read stops with OutboundTooLargeError. */
  maxBytes: number;
}

export interface OutboundResponse {
  /** Where the answer came from, after redirects. */
  url: URL;
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  /** The body in chunks, counted against `maxBytes`. */
  body(): AsyncGenerator<Uint8Array>;
  /** The whole body as text (within `maxBytes`). */
  text(): Promise<string>;
  cancel(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function hostKey(url: URL) {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return { host: url.hostname.toLowerCase(), hostPort: `${url.hostname.toLowerCase()}:${port}` };
}

/** The first OutboundBlockedError in an error's cause chain (undici wraps connect errors). */
export function blockedCause(err: unknown): OutboundBlockedError | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof OutboundBlockedError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The one gate for server-side requests to addresses an account chose (crawler, model and
 * embeddings clients, webhooks). The decision is made on the address actually connected to:
 * the connection pool resolves the host itself and refuses the connection when any resolved
 * address is not public, so there is no window between check and connect (no DNS rebinding).
 * Redirects are followed by hand and every hop goes through the same gate; bodies are read as a
 * stream with a byte cap, under an optional overall deadline.
 */
export function createOutboundGuard(policy: OutboundPolicy) {
  const resolve = policy.lookup ?? dnsLookup;
  const trusted = new Set((policy.allowHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));
  const isTrusted = (url: URL) => {
    const { host, hostPort } = hostKey(url);
    return policy.allowPrivate || trusted.has(host) || trusted.has(hostPort);
  };

  // Called by net.connect for every new connection to a hostname (never for IP literals, which
  // are judged before the request). Node asks for one address or, with autoSelectFamily, all.
  const checkedLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const refused = addresses
        .map((a) => [a.address, refusedAddressReason(a.address)] as const)
        .find(([, r]) => r);
      if (refused) {
        const blocked = new OutboundBlockedError(
          PRIVATE_ADDRESS_MESSAGE,
          `${hostname} resolves to ${refused[0]} (${refused[1]})`,
        );
        return callback(Object.assign(blocked, { code: "EOUTBOUNDBLOCKED" }), "", 4);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 4);
      callback(null, first.address, first.family);
    });
  };

  const timeouts = {
    connect: { timeout: policy.connectTimeoutMs ?? 10_000 },
    headersTimeout: policy.headersTimeoutMs ?? 30_000,
    bodyTimeout: policy.bodyTimeoutMs ?? 60_000,
  };
  const guarded = new Agent({ ...timeouts, connect: { ...timeouts.connect, lookup: checkedLookup } });
  const open = new Agent(timeouts);
  /** Exchanges not finished yet (headers or body), so that close() can cut them. */
  const inflight = new Set<AbortController>();

  /** Refuses what can be refused before connecting: the scheme and IP-literal hosts. */
  function precheck(url: URL): Dispatcher {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new OutboundBlockedError(
        "Only http and https addresses can be reached.",
        `scheme ${url.protocol}`,
      );
    }
    if (url.username || url.password) {
      throw new OutboundBlockedError(
        "Addresses with a user name or password are not allowed.",
        "credentials",
      );
    }
    if (isTrusted(url)) return open;
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal)) {
      const reason = refusedAddressReason(literal);
      if (reason) throw new OutboundBlockedError(PRIVATE_ADDRESS_MESSAGE, `${url.host} is ${reason}`);
    }
    return guarded;
  }

  /** The connection ended before any response: reset, closed by the other side, or a broken pipe. */
  const cutBeforeAnswer = (err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    return ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"].includes(
      e?.code ?? e?.cause?.code ?? "",
    );
  };

  async function request(input: string | URL, req: OutboundRequest): Promise<OutboundResponse> {
    // One controller for the whole exchange (every hop and the body). The deadline is a plain
    // timer, not AbortSignal.timeout(): undici holds signals weakly, and a collected timeout
    // signal never fires, which would let a page that never finishes hang its reader.
    const controller = new AbortController();
    inflight.add(controller);
    const onAbort = () => controller.abort(req.signal?.reason);
    if (req.signal?.aborted) onAbort();
    else req.signal?.addEventListener("abort", onAbort, { once: true });
    const timer = req.timeoutMs
      ? setTimeout(
          () => controller.abort(new DOMException(`timed out after ${req.timeoutMs} ms`, "TimeoutError")),
          req.timeoutMs,
        )
      : undefined;
    const release = () => {
      inflight.delete(controller);
      clearTimeout(timer);
      req.signal?.removeEventListener("abort", onAbort);
    };
    try {
      let url = new URL(input);
      let method = req.method ?? "GET";
      let body = req.body;
      const maxRedirects = req.maxRedirects ?? 5;
      for (let hop = 0; ; hop++) {
        const dispatcher = precheck(url);
        // undici's request API (Node streams): a streamed answer costs a fraction of fetch's CPU.
        // It follows no redirect by itself and asks for no compression (bodies come as sent).
        const send = () =>
          undiciRequest(url, { method, headers: req.headers, body, dispatcher, signal: controller.signal });
        const res = await send().catch((err) => {
          // A GET whose connection was cut before any answer came (most often a kept-alive socket
          // the server closed just as it was reused, e.g. after a long parse) goes once more, on a
          // new connection. Nothing else is retried: a POST may have been taken.
          if (method === "GET" && !controller.signal.aborted && cutBeforeAnswer(err)) return send();
          throw err;
        });
        // An abort or a cut connection after the reader stopped must not become an unhandled
        // 'error' event; a reader still gets the error from its iteration.
        res.body.on("error", () => {});
        const rawLocation = res.headers.location;
        const location = Array.isArray(rawLocation) ? rawLocation[0] : rawLocation;
        if (maxRedirects > 0 && REDIRECTS.has(res.statusCode) && location) {
          res.body.destroy();
          if (hop >= maxRedirects)
            throw new OutboundBlockedError("Too many redirects.", `more than ${maxRedirects} redirects`);
          url = new URL(location, url);
          if (
            res.statusCode === 303 ||
            ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")
          ) {
            method = "GET";
            body = undefined;
          }
          continue;
        }
        return wrap(res, url, req.maxBytes, release);
      }
    } catch (err) {
      release();
      throw err;
    }
  }

  return {
    request,
    /**
     * Whether a URL may be reached, resolving its host as a connection would (for checks before
     * saving a setting; requests are checked again when they connect).
     */
    async check(input: string | URL): Promise<void> {
      const url = new URL(input);
      if (precheck(url) === open || isIP(url.hostname.replace(/^\[|\]$/g, ""))) return;
      await new Promise<void>((ok, fail) =>
        checkedLookup(url.hostname, { all: true }, (err) => (err ? fail(err) : ok())),
      );
    },
    /**
     * Lets requests in flight finish for `graceMs`, then cuts them. A plain `Agent.close()` waits for
     * every request to end, and a hostile site that trickles its body would hold shutdown until
     * the body timeout.
     */
    async close(graceMs = 1000) {
      const agents = [guarded, open];
      let timer: NodeJS.Timeout | undefined;
      const graceful = Promise.all(agents.map((a) => a.close())).then(() => true);
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      const closed = await Promise.race([graceful, late]);
      clearTimeout(timer);
      if (closed) return;
      const reason = new DOMException("the outbound client is closing", "AbortError");
      for (const controller of inflight) controller.abort(reason);
      inflight.clear();
      await Promise.all(agents.map((a) => a.destroy()));
    },
  };
}
export type OutboundGuard = ReturnType<typeof createOutboundGuard>;

/** At most this much of an answer's unread rest is read to keep its connection, within DRAIN_MS. */
const DRAIN_BYTES = 16 * 1024;
const DRAIN_MS = 2000;

function drainRest(body: Dispatcher.ResponseData["body"]) {
  const timer = setTimeout(() => body.destroy(), DRAIN_MS).unref();
  body
    .dump({ limit: DRAIN_BYTES })
    .catch(() => {})
    .finally(() => clearTimeout(timer));
}

function wrap(
  res: Dispatcher.ResponseData,
  url: URL,
  maxBytes: number,
  release: () => void,
): OutboundResponse {
  const headers = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const declared = Number(headers.get("content-length") ?? Number.NaN);
  async function* body(): AsyncGenerator<Uint8Array> {
    if (declared > maxBytes) {
      release();
      res.body.destroy();
      throw new OutboundTooLargeError(maxBytes);
    }
    let read = 0;
    let ended = false;
    let failed = false;
    try {
      // Not destroyed by a `break` of the reader: that is decided below.
      for await (const chunk of res.body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        read += chunk.byteLength;
        if (read > maxBytes) throw new OutboundTooLargeError(maxBytes);
        yield chunk;
      }
      ended = true;
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      release();
      if (failed) res.body.destroy();
      // The reader stopped early without a fault (a model's stream after `[DONE]`, a snippet
      // read): a short rest is read and dropped so the connection serves the next request; a
      // long or slow one cuts the connection, as a fault does.
      else if (!ended) drainRest(res.body);
    }
  }
  return {
    url,
    status: res.statusCode,
    statusText: STATUS_CODES[res.statusCode] ?? "",
    ok: res.statusCode >= 200 && res.statusCode < 300,
    headers,
    body,
    async text() {
      const decoder = new TextDecoder();
      let out = "";
      for await (const chunk of body()) out += decoder.decode(chunk, { stream: true });
      return out + decoder.decode();
    },
    async cancel() {
      release();
      res.body.destroy();
    },
  };
}
