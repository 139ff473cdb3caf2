import type { PubSub } from "./pubsub";

/** The channel on which replicas tell each other that a cached entry changed (`<cache>:<key>`). */
export const INVALIDATION_CHANNEL = "parley:cache-invalidate";
const ALL = "*";

/**
 * Tells every replica that a cached entry changed. In one process it only reaches local caches;
 * attached to the pub/sub (Redis), it is published, and each replica drops the entry when the
 * message arrives. Redis pub/sub is fire-and-forget, so the caches' short TTL still bounds how
 * long a replica that missed a message (Redis down, reconnecting) can serve the old value.
 */
export function createInvalidationBus() {
  const caches = new Map<string, (key: string) => void>();
  let pubsub: PubSub | undefined;
  let unsubscribe: (() => void) | undefined;
  const drop = (message: string) => {
    const at = message.indexOf(":");
    if (at > 0) caches.get(message.slice(0, at))?.(message.slice(at + 1));
  };
  return {
    register(name: string, onInvalidate: (key: string) => void) {
      caches.set(name, onInvalidate);
    },
    publish(name: string, key: string) {
      // Local caches were already dropped by the caller; the other replicas hear it from Redis
      // (this one too: dropping the entry twice is harmless).
      void pubsub?.publish(INVALIDATION_CHANNEL, `${name}:${key}`);
    },
    /** Shares invalidations with the other replicas; the pub/sub keeps the subscription across reconnects. */
    attach(shared: PubSub) {
      unsubscribe?.();
      pubsub = shared;
      unsubscribe = shared.subscribe(INVALIDATION_CHANNEL, drop);
    },
    close() {
      unsubscribe?.();
      unsubscribe = undefined;
      pubsub = undefined;
    },
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;

/**
 * A short-lived in-process cache for what every widget message reads (the bot, the owner's plan).
 * Concurrent misses for one key share one load, so a burst of visitors costs one query, not one
 * each. Writers call `invalidate` after a change; it reaches the other replicas through the bus.
 */
export function createHotCache<T>(name: string, opts: { ttlMs: number; bus?: InvalidationBus }) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  /** `*` drops every entry (a change that touches many, like an account's deletion). */
  const drop = (key: string) => {
    if (key === ALL) entries.clear();
    else entries.delete(key);
  };
  opts.bus?.register(name, drop);
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = load();
      const entry = { value, expires: Date.now() + opts.ttlMs };
      entries.set(key, entry);
      // A failed load is not cached; an entry replaced or dropped meanwhile is left alone.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > 10_000) {
        for (const [k, e] of entries) if (e.expires <= Date.now()) entries.delete(k);
      }
      return value;
    },
    invalidate(key: string) {
      drop(key);
      opts.bus?.publish(name, key);
    },
  };
}
export type HotCache<T> = ReturnType<typeof createHotCache<T>>;
