import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createReplayGuard } from "./replay-guard";

describe("replay guard for signed internal requests", () => {
  const clients: Redis[] = [];
  const redis = (url = "redis://127.0.0.1:6379") => {
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false });
    client.on("error", () => {});
    clients.push(client);
    return client;
  };
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  it("accepts an id once and refuses it again, in one process", async () => {
    const guard = createReplayGuard();
    const id = `msg_${randomUUID()}`;
    expect(await guard.first(id)).toBe(true);
    expect(await guard.first(id)).toBe(false);
    expect(await guard.first(`msg_${randomUUID()}`)).toBe(true);
  });

  it("refuses a replay sent to another replica when they share Redis", async () => {
    const prefix = `parley:test:seen:${randomUUID()}:`;
    const [ra, rb] = [redis(), redis()];
    await Promise.all(
      [ra, rb].map((c) => (c.status === "ready" ? undefined : new Promise((r) => c.once("ready", r)))),
    );
    const a = createReplayGuard(ra, prefix);
    const b = createReplayGuard(rb, prefix);
    const id = `msg_${randomUUID()}`;
    expect(await a.first(id)).toBe(true);
    expect(await b.first(id)).toBe(false);
    expect(await a.first(id)).toBe(false);
  });

  it("still refuses a replay to the same process while Redis is unreachable", async () => {
    // Nothing listens on port 1: every command fails at once, and the guard falls back to memory.
    const guard = createReplayGuard(redis("redis://127.0.0.1:1"));
    const id = `msg_${randomUUID()}`;
    expect(await guard.first(id)).toBe(true);
    expect(await guard.first(id)).toBe(false);
  });
});
