import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

export type MessageHandler = (message: string) => void;

/** What `/api/ready` reports of the pub/sub (`checks.pubsub`). */
export interface PubSubState {
  /** Messages go through Redis (REDIS_URL is set); otherwise they stay in this process. */
  configured: boolean;
  /** Every channel with a handler is subscribed on a live connection: messages arrive. */
  ok: boolean;
  /** Channels subscribed now. */
  channels: number;
  /** Channels with a handler that are not subscribed (Redis down or reconnecting). */
  pending: number;
}

/**
 * Messages between the replicas of the API: what one publishes on a channel reaches every
 * handler subscribed to that channel, in every replica, this one included. Delivery is
 * fire-and-forget (Redis pub/sub): a replica that is not subscribed at that moment misses it, so
 * what must not be lost needs another path (a TTL, the database).
 */
export interface PubSub {
  /** Resolves false when it could not be sent (Redis down): nobody got it. */
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
  const waiters = new Set<(ok: boolean) => void>();
  let closed = false;
  let lost = false;
  let retry: NodeJS.Timeout | undefined;

  const subscriber = redis.duplicate({ autoResubscribe: false, enableOfflineQueue: false });
  const live = () => subscriber.status === "ready";
  const pending = () => [...handlers.byChannel.keys()].filter((c) => !subscribed.has(c));
  const complete = () => live() && pending().length === 0;
  const settle = () => {
    if (!complete()) return;
    for (const wake of waiters) wake(true);
    waiters.clear();
  };

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
    whenSubscribed(timeoutMs) {
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
      closed = true;
      clearTimeout(retry);
      for (const wake of waiters) wake(false);
      waiters.clear();
      handlers.byChannel.clear();
      subscriber.disconnect();
    },
  };
}
