import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";
import { createBatcher } from "./batch";

export type MessageHandler = (message: string) => void;

/** What `/api/ready` reports of the pub/sub (`checks.pubsub`). */
export interface PubSubState {
  /**
   * Messages go between processes: through Redis (REDIS_URL is set) or Postgres LISTEN/NOTIFY
   * (DATABASE_URL without Redis); otherwise they stay in this process.
   */
  configured: boolean;
  /** Every channel with a handler is subscribed on a live connection: messages arrive. */
  ok: boolean;
  /** Channels subscribed now. */
  channels: number;
  /** Channels with a handler that are not subscribed (Redis or Postgres down, or reconnecting). */
  pending: number;
}

/**
 * Messages between the replicas of the API: what one publishes on a channel reaches every
 * handler subscribed to that channel, in every replica, this one included. Delivery is
 * fire-and-forget (Redis pub/sub, Postgres NOTIFY): a replica that is not subscribed at that
 * moment misses it, so what must not be lost needs another path (a TTL, the database).
 */
export interface PubSub {
  /**
   * Resolves false when it could not be sent (Redis or Postgres down; over Postgres also a message
   * longer than `PG_NOTIFY_MAX_BYTES`): nobody got it.
   */
  publish(channel: string, message: string): Promise<boolean>;
  /** Calls `handler` for each message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: MessageHandler): () => void;
  state(): PubSubState;
  /** Resolves true once every channel is subscribed, false if that takes longer than `timeoutMs`. */
  whenSubscribed(timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** Handlers of each channel; one handler that throws does not keep the message from the others. */
function createHandlers(log: FastifyBaseLogger) {
  const byChannel = new Map<string, Set<MessageHandler>>();
  return {
    byChannel,
    add(channel: string, handler: MessageHandler) {
      const set = byChannel.get(channel) ?? new Set();
      byChannel.set(channel, set);
      set.add(handler);
      /** True when it was the channel's last handler. */
      return () => {
        set.delete(handler);
        if (set.size > 0 || byChannel.get(channel) !== set) return false;
        byChannel.delete(channel);
        return true;
      };
    },
    deliver(channel: string, message: string) {
      for (const handler of byChannel.get(channel) ?? []) {
        try {
          handler(message);
        } catch (err) {
          log.error({ err, channel }, "pubsub: a message handler failed");
        }
      }
    },
  };
}

/** Callers of `whenSubscribed`, woken once `complete()` holds (or with false on close). */
function createWaiters(complete: () => boolean) {
  const waiters = new Set<(ok: boolean) => void>();
  return {
    /** Wakes every waiter when all is subscribed; call after anything that may complete it. */
    settle() {
      if (!complete()) return;
      for (const wake of waiters) wake(true);
      waiters.clear();
    },
    wait(timeoutMs: number) {
      if (complete()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const wake = (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close() {
      for (const wake of waiters) wake(false);
      waiters.clear();
    },
  };
}

/** One process, no Redis: messages reach this process's handlers only (asynchronously, as with Redis). */
export function createMemoryPubSub(log: FastifyBaseLogger): PubSub {
  const handlers = createHandlers(log);
  return {
    async publish(channel, message) {
      queueMicrotask(() => handlers.deliver(channel, message));
      return true;
    },
    subscribe(channel, handler) {
      const remove = handlers.add(channel, handler);
      return () => void remove();
    },
    state: () => ({ configured: false, ok: true, channels: handlers.byChannel.size, pending: 0 }),
    whenSubscribed: async () => true,
    close() {
      handlers.byChannel.clear();
    },
  };
}

/**
 * Pub/sub over Redis. Publishing uses `redis`, the app's command connection: it fails at once while
 * Redis is down (no offline queue, see `openRedis`). Receiving needs a connection of its own (one in
 * subscriber mode can run nothing else): a duplicate that inherits that no-queue setting, so a
 * SUBSCRIBE sent before it is connected would just fail. So this subscribes on every `ready` — the
 * first connect and each reconnect (a restarted Redis knows no subscriptions) — and whenever a
 * channel gains its first handler while connected. ioredis's own `autoResubscribe` is off: it only
 * repeats subscriptions that had succeeded, which a subscription attempted too early never did.
 */
export function createRedisPubSub(redis: Redis, log: FastifyBaseLogger): PubSub {
  const handlers = createHandlers(log);
  /** Channels Redis confirmed on the current connection. */
  const subscribed = new Set<string>();
  let closed = false;
  let lost = false;
  let retry: NodeJS.Timeout | undefined;

  const subscriber = redis.duplicate({ autoResubscribe: false, enableOfflineQueue: false });
  const live = () => subscriber.status === "ready";
  const pending = () => [...handlers.byChannel.keys()].filter((c) => !subscribed.has(c));
  const complete = () => live() && pending().length === 0;
  const waiters = createWaiters(complete);
  const settle = waiters.settle;

  async function subscribeAll() {
    clearTimeout(retry);
    const wanted = pending();
    if (closed || !live() || wanted.length === 0) return settle();
    try {
      await subscriber.subscribe(...wanted);
      // A channel whose last handler left meanwhile was unsubscribed after this (same connection, in order).
      for (const channel of wanted) if (handlers.byChannel.has(channel)) subscribed.add(channel);
      if (lost && complete()) {
        lost = false;
        log.info("pubsub: subscribed again");
      }
      settle();
    } catch (err) {
      // Dropped meanwhile: the next `ready` subscribes. Still connected (a timeout): try again soon.
      if (!closed && live()) {
        log.warn({ err: (err as Error).message }, "pubsub: could not subscribe, retrying");
        retry = setTimeout(() => void subscribeAll(), 500);
        retry.unref();
      }
    }
  }

  subscriber.on("ready", () => void subscribeAll());
  subscriber.on("close", () => {
    // Whatever this connection had subscribed is gone with it.
    if (subscribed.size > 0 && !closed && !lost) {
      lost = true;
      log.warn("pubsub: lost the Redis subscription; subscribing again once Redis answers");
    }
    subscribed.clear();
  });
  subscriber.on("error", () => {
    // The command connection logs Redis's errors; `close` above notes the lost subscription.
  });
  subscriber.on("message", (channel: string, message: string) => handlers.deliver(channel, message));

  return {
    async publish(channel, message) {
      try {
        await redis.publish(channel, message);
        return true;
      } catch {
        return false;
      }
    },
    subscribe(channel, handler) {
      const first = !handlers.byChannel.has(channel);
      const remove = handlers.add(channel, handler);
      if (first) void subscribeAll();
      return () => {
        if (!remove()) return;
        subscribed.delete(channel);
        if (live()) subscriber.unsubscribe(channel).catch(() => {});
      };
    },
    state() {
      const waiting = pending().length;
      return {
        configured: true,
        ok: live() && waiting === 0,
        channels: live() ? subscribed.size : 0,
        pending: waiting,
      };
    },
    whenSubscribed: waiters.wait,
    close() {
      closed = true;
      clearTimeout(retry);
      waiters.close();
      handlers.byChannel.clear();
      subscriber.disconnect();
    },
  };
}

/**
 * The longest message `createPgPubSub` sends, in UTF-8 bytes: Postgres refuses a NOTIFY payload of
 * 8000 bytes or more (with its default 8 KB pages). A longer one is not sent at all (`publish`
 * resolves false); send a pointer instead (an id the receivers read from the database).
 */
export const PG_NOTIFY_MAX_BYTES = 7999;

/** Postgres's longest identifier (NAMEDATALEN - 1): LISTEN truncates a longer one, pg_notify refuses it. */
const PG_IDENTIFIER_MAX = 63;
const PLAIN_CHANNEL = new RegExp(`^[\\x20-\\x7e]{1,${PG_IDENTIFIER_MAX}}$`);
const HASHED = "~";
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5000;

/**
 * The Postgres channel a channel name goes out on. Printable ASCII of 1 to 63 characters is used as
 * it is (quoted where it is an identifier, so quotes and spaces are harmless); anything else (empty,
 * longer, control characters, non-ASCII, which a non-UTF8 server could mangle) becomes `~` and a
 * hash of the name. A plain name starting with `~` is hashed too, so no name can pose as another's
 * hash. Every process maps the same name to the same channel.
 */
export function pgChannelName(channel: string): string {
  if (PLAIN_CHANNEL.test(channel) && !channel.startsWith(HASHED)) return channel;
  return HASHED + createHash("sha256").update(channel, "utf16le").digest("base64url");
}

/** A Postgres identifier in double quotes (inner double quotes doubled): LISTEN/UNLISTEN take one. */
const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Pub/sub over Postgres LISTEN/NOTIFY, for replicas that share a Postgres database and no Redis
 * (notifications stay within the database). One dedicated connection per process (outside the
 * app's pool: a LISTEN belongs to its session, and a pooled connection would be handed to queries)
 * both listens and publishes, with `select pg_notify($1, $2)` (the name and the message are
 * parameters, never SQL). Publishing on it too costs no second connection per replica, keeps one
 * process's messages in the order it sent them, and fails at once while the connection is down,
 * like Redis; publishes wait their turn on it, one round trip each, plenty for events that people
 * cause. Postgres also delivers to the session that notified, so this process's own handlers
 * receive what it publishes, as with Redis.
 *
 * `publish` resolves false until the connection is up (`whenSubscribed` resolves once it is, which
 * the app awaits at boot) and while it is down.
 *
 * When the connection drops (Postgres restarts, the backend is terminated) it reconnects with
 * backoff (0.2 s doubling to 5 s) and LISTENs again on every channel that still has a handler;
 * `state()` reports them `pending` meanwhile. Messages sent in between are missed.
 */
export function createPgPubSub(connectionString: string, log: FastifyBaseLogger): PubSub {
  const handlers = createHandlers(log);
  /** Channels (our names) LISTENed on the live connection. */
  const listened = new Set<string>();
  /** Postgres channel → our name, for the channels with a handler. */
  const byPgName = new Map<string, string>();
  /** The connection being opened or open; `client` once it is open. */
  let current: pg.Client | undefined;
  let client: pg.Client | undefined;
  let closed = false;
  /** An outage was logged; logs again when it is over. */
  let lost = false;
  let failures = 0;
  let reconnect: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  /**
   * Messages published within a few milliseconds share one statement (a burst of visitors
   * publishes hundreds), one batch at a time so the order holds. Postgres delivers
   * identical notifications of one transaction once, so a message identical to one already in
   * the statement starts the next statement: every message published arrives, as with Redis.
   */
  const notify = createBatcher<{ channel: string; message: string }, boolean>(
    async (items) => {
      const c = client;
      if (!c) return items.map(() => false);
      const statements: (typeof items)[] = [[]];
      let seen = new Set<string>();
      for (const item of items) {
        const key = `${item.channel}\n${item.message}`;
        if (seen.has(key)) {
          statements.push([]);
          seen = new Set();
        }
        seen.add(key);
        statements.at(-1)?.push(item);
      }
      try {
        for (const group of statements)
          await c.query("select pg_notify(t.c, t.m) from unnest($1::text[], $2::text[]) as t(c, m)", [
            group.map((i) => i.channel),
            group.map((i) => i.message),
          ]);
        return items.map(() => true);
      } catch (err) {
        log.warn({ err, messages: items.length }, "pubsub: could not publish on Postgres");
        return items.map(() => false);
      }
    },
    // Live events of a busy moment share a statement: at most 10 ms later to the other replicas,
    // where a WhatsApp message's three events cost three round trips at 100 messages a second.
    { maxInFlight: 1, gatherMs: 10 },
  );
  const live = () => client !== undefined;
  const pending = () => [...handlers.byChannel.keys()].filter((c) => !listened.has(c));
  const complete = () => live() && pending().length === 0;
  const waiters = createWaiters(complete);
  const settle = () => {
    if (lost && complete()) {
      lost = false;
      log.info("pubsub: listening on Postgres again");
    }
    waiters.settle();
  };

  function connect() {
    if (closed) return;
    const c = new pg.Client({
      connectionString,
      application_name: "parley-pubsub",
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    current = c;
    // Without an `error` listener a dropped connection would crash the process.
    c.on("error", (err) => down(c, err));
    c.on("end", () => down(c));
    c.on("notification", (n) => {
      const channel = c === client ? byPgName.get(n.channel) : undefined;
      if (channel !== undefined) handlers.deliver(channel, n.payload ?? "");
    });
    c.connect().then(
      () => {
        if (c !== current) return;
        client = c;
        failures = 0;
        void listenPending();
      },
      (err: Error) => down(c, err),
    );
  }

  /** The connection `c` failed or ended: forget what it listened to and open another, later. */
  function down(c: pg.Client, err?: Error) {
    if (c !== current) return;
    const wasLive = client === c;
    current = undefined;
    client = undefined;
    listened.clear();
    c.end().catch(() => {});
    if (closed) return;
    if (!lost) {
      lost = true;
      log.warn(
        { err: err?.message },
        wasLive
          ? "pubsub: lost the Postgres LISTEN connection; listening again once Postgres answers"
          : "pubsub: cannot reach Postgres to LISTEN; retrying",
      );
    }
    const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
    failures++;
    clearTimeout(reconnect);
    reconnect = setTimeout(connect, delay * (0.8 + Math.random() * 0.4));
    reconnect.unref();
  }

  async function listenPending() {
    clearTimeout(retry);
    const c = client;
    const wanted = pending();
    if (closed || !c || wanted.length === 0) return settle();
    try {
      // Simple-query protocol: several statements in one round trip; each name is a quoted identifier.
      await c.query(wanted.map((ch) => `LISTEN ${quoteIdentifier(pgChannelName(ch))}`).join("; "));
      if (c !== client) return;
      // A channel whose last handler left meanwhile was UNLISTENed after this (same connection, in order).
      for (const channel of wanted) if (handlers.byChannel.has(channel)) listened.add(channel);
      settle();
    } catch (err) {
      // Dropped meanwhile: the next connection listens. Still connected: try again soon.
      if (!closed && c === client) {
        log.warn({ err: (err as Error).message }, "pubsub: could not LISTEN, retrying");
        retry = setTimeout(() => void listenPending(), 500);
        retry.unref();
      }
    }
  }

  connect();

  return {
    async publish(channel, message) {
      const bytes = Buffer.byteLength(message, "utf8");
      if (bytes > PG_NOTIFY_MAX_BYTES) {
        log.warn({ channel, bytes }, "pubsub: message too long for Postgres NOTIFY; not sent");
        return false;
      }
      if (!client) return false;
      return notify({ channel: pgChannelName(channel), message });
    },
    subscribe(channel, handler) {
      const first = !handlers.byChannel.has(channel);
      const remove = handlers.add(channel, handler);
      const pgName = pgChannelName(channel);
      if (first) {
        byPgName.set(pgName, channel);
        void listenPending();
      }
      return () => {
        if (!remove()) return;
        listened.delete(channel);
        byPgName.delete(pgName);
        client?.query(`UNLISTEN ${quoteIdentifier(pgName)}`).catch(() => {});
      };
    },
    state() {
      const waiting = pending().length;
      return {
        configured: true,
        ok: live() && waiting === 0,
        channels: live() ? listened.size : 0,
        pending: waiting,
      };
    },
    whenSubscribed: waiters.wait,
    close() {
      closed = true;
      clearTimeout(reconnect);
      clearTimeout(retry);
      waiters.close();
      handlers.byChannel.clear();
      byPgName.clear();
      listened.clear();
      const c = current;
      current = undefined;
      client = undefined;
      c?.end().catch(() => {});
    },
  };
}
