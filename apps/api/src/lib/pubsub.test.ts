import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness";
import { nextMessage } from "../../test/next-message";
import { type RedisProcess, startRedisServer, subscribers } from "../../test/ops/redis-server";
import { until } from "../../test/until";
import { createMemoryPubSub, createRedisPubSub, type PubSub } from "./pubsub";
import { openRedis } from "./redis";

const logs: string[] = [];
const log = {
  info: (msg: string) => logs.push(msg),
  warn: (_: unknown, msg?: string) => logs.push(msg ?? String(_)),
  error: (_: unknown, msg?: string) => logs.push(msg ?? String(_)),
} as never;

/**
 * The pub/sub the replicas share, on a throw-away redis-server of its own (stopped and started
 * again here; never the machine's shared Redis), opened with the app's own connection settings.
 */
describe("pub/sub over Redis", { timeout: 60_000 }, () => {
  let server: RedisProcess;
  const opened: { redis: Redis; pubsub: PubSub }[] = [];
  const open = async (url = server.url) => {
    const redis = await openRedis(url, log);
    const pubsub = createRedisPubSub(redis, log);
    opened.push({ redis, pubsub });
    return pubsub;
  };
  beforeAll(async () => {
    server = await startRedisServer(await freePort());
  });
  afterEach(() => {
    for (const { redis, pubsub } of opened.splice(0)) {
      pubsub.close();
      redis.disconnect();
    }
  });
  afterAll(async () => server?.stop());

  it("subscribes once its connection is up although commands have no offline queue", async () => {
    const [one, two] = [await open(), await open()] as [PubSub, PubSub];
    const got: string[] = [];
    one.subscribe("t:boot", (m) => got.push(`one ${m}`));
    two.subscribe("t:boot", (m) => got.push(`two ${m}`));
    expect(await one.whenSubscribed(5000)).toBe(true);
    expect(await two.whenSubscribed(5000)).toBe(true);
    expect(one.state()).toEqual({ configured: true, ok: true, channels: 1, pending: 0 });
    expect(await subscribers(server.url, "t:boot")).toBe(2);

    const arrived = nextMessage(two, "t:boot");
    expect(await one.publish("t:boot", "hello")).toBe(true);
    await arrived;
    // Every subscriber gets it, the publisher's own process included.
    await until("both to have the message", () => got.length === 2);
    expect(got.sort()).toEqual(["one hello", "two hello"]);
    expect(logs.filter((l) => l.includes("could not subscribe"))).toEqual([]);
  });

  it("unsubscribes a channel from Redis when its last handler leaves", async () => {
    const ps = await open();
    const first = ps.subscribe("t:leave", () => {});
    const second = ps.subscribe("t:leave", () => {});
    expect(await ps.whenSubscribed(5000)).toBe(true);
    first();
    expect(await subscribers(server.url, "t:leave")).toBe(1);
    second();
    await until(
      "Redis to drop the subscription",
      async () => (await subscribers(server.url, "t:leave")) === 0,
    );
    expect(ps.state()).toEqual({ configured: true, ok: true, channels: 0, pending: 0 });
  });

  it("subscribes again after Redis restarts", async () => {
    const [one, two] = [await open(), await open()] as [PubSub, PubSub];
    two.subscribe("t:restart", () => {});
    expect(await two.whenSubscribed(5000)).toBe(true);

    await server.stop();
    await until("the lost subscription to show", () => !two.state().ok);
    expect(two.state()).toEqual({ configured: true, ok: false, channels: 0, pending: 1 });
    expect(await one.publish("t:restart", "while down")).toBe(false);

    await server.start();
    expect(await two.whenSubscribed(15_000)).toBe(true);
    expect(await subscribers(server.url, "t:restart")).toBe(1);
    await until("the publisher to reconnect", async () => one.publish("t:ping", "x"));
    const arrived = nextMessage(two, "t:restart");
    const sent = performance.now();
    expect(await one.publish("t:restart", "back")).toBe(true);
    const { message, at } = await arrived;
    expect(message).toBe("back");
    expect(at - sent).toBeLessThan(200);
    expect(logs.some((l) => l.includes("lost the Redis subscription"))).toBe(true);
    expect(logs.some((l) => l.includes("subscribed again"))).toBe(true);
  });

  it("subscribes once Redis comes up when it was down at boot", async () => {
    const port = await freePort();
    const ps = await open(`redis://127.0.0.1:${port}`);
    ps.subscribe("t:late", () => {});
    expect(ps.state()).toMatchObject({ ok: false, pending: 1 });
    const late = await startRedisServer(port);
    try {
      expect(await ps.whenSubscribed(15_000)).toBe(true);
      expect(await subscribers(late.url, "t:late")).toBe(1);
    } finally {
      await late.stop();
    }
  });

  it("keeps delivering to the other handlers when one throws", async () => {
    const ps = await open();
    ps.subscribe("t:throw", () => {
      throw new Error("handler bug");
    });
    expect(await ps.whenSubscribed(5000)).toBe(true);
    const arrived = nextMessage(ps, "t:throw");
    await ps.publish("t:throw", "still");
    expect((await arrived).message).toBe("still");
  });
});

describe("pub/sub in one process (no REDIS_URL)", () => {
  it("delivers to this process's handlers and reports itself not configured", async () => {
    const ps = createMemoryPubSub(log);
    const arrived = nextMessage(ps, "t:local");
    expect(await ps.publish("t:local", "hi")).toBe(true);
    expect((await arrived).message).toBe("hi");
    expect(ps.state()).toEqual({ configured: false, ok: true, channels: 0, pending: 0 });
  });
});
