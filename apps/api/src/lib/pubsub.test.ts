import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import type { Redis } from "ioredis";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { freePort } from "../../test/harness";
import { nextMessage } from "../../test/next-message";
import { type RedisProcess, startRedisServer, subscribers } from "../../test/ops/redis-server";
import { until } from "../../test/until";
import {
  createMemoryPubSub,
  createPgPubSub,
  createRedisPubSub,
  PG_NOTIFY_MAX_BYTES,
  type PubSub,
  pgChannelName,
} from "./pubsub";
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
describe("pub/sub over Redis", () => {
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
    // At once, not after a reconnect delay (seconds): 200 ms on a quiet machine.
    expect(at - sent).toBeLessThan(scaled(200));
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

/** Every message `pubsub` delivers on `channel`, in order (for asserting what did and did not come). */
function collect(pubsub: PubSub, channel: string) {
  const got: string[] = [];
  const stop = pubsub.subscribe(channel, (m) => got.push(m));
  return { got, stop };
}

/**
 * A TCP relay in front of Postgres that the test can cut (every connection dropped, new ones
 * refused) and restore on the same port: Postgres "down" without stopping the shared server.
 */
async function startRelay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((inbound) => {
        const outbound = tcpConnect(target.port, target.host);
        for (const sock of [inbound, outbound]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on("close", () => outbound.destroy());
        outbound.on("close", () => inbound.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
      server = s;
    });
  await listen();
  return {
    port,
    async cut() {
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    restore: listen,
    async close() {
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

/**
 * The pub/sub over Postgres LISTEN/NOTIFY (DATABASE_URL, no Redis), on a scratch database of its own
 * (notifications never leave their database, so parallel suites cannot hear each other). Each
 * `open()` is what one API process would have: its own connection.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  "pub/sub over Postgres LISTEN/NOTIFY",
  { timeout: scaled(60_000) },
  () => {
    let scratch: ScratchDatabase;
    let url: string;
    const opened: PubSub[] = [];
    /**
     * A PgPubSub on the scratch database, connected (it publishes only once it is: like a replica at
     * boot, which waits for `whenSubscribed`); `name` becomes its application_name (to find its backend).
     */
    const open = async (name = "parley-pubsub", dbUrl = url, wait = true) => {
      const u = new URL(dbUrl);
      u.searchParams.set("application_name", name);
      const ps = createPgPubSub(u.toString(), log);
      opened.push(ps);
      if (wait) expect(await ps.whenSubscribed(5000)).toBe(true);
      return ps;
    };
    const admin = async <T>(run: (c: pg.Client) => Promise<T>) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return await run(c);
      } finally {
        await c.end();
      }
    };
    /**
     * Terminates the connection of the PgPubSub opened as `name` (by its application_name: its last
     * query need not be a LISTEN, it may be an UNLISTEN or a pg_notify); how many it ended.
     */
    const killListener = (name: string) =>
      admin(async (c) => {
        const r = await c.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
          [name],
        );
        return r.rowCount ?? 0;
      });
    const backends = (name: string) =>
      admin(async (c) => {
        const r = await c.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1",
          [name],
        );
        return (r.rows[0] as { n: number }).n;
      });

    beforeAll(async () => {
      scratch = await createScratchDatabase("postgres", "parley_pubsub_test");
      url = scratch.url as string;
    });
    afterEach(() => {
      for (const ps of opened.splice(0)) ps.close();
    });
    afterAll(async () => scratch?.drop());

    it("carries messages both ways between two processes, each also hearing its own", async () => {
      const [one, two] = [await open("ps-one"), await open("ps-two")];
      const a = collect(one, "t:both");
      const b = collect(two, "t:both");
      expect(await one.whenSubscribed(5000)).toBe(true);
      expect(await two.whenSubscribed(5000)).toBe(true);
      expect(one.state()).toEqual({ configured: true, ok: true, channels: 1, pending: 0 });

      expect(await one.publish("t:both", "from one")).toBe(true);
      expect(await two.publish("t:both", "from two")).toBe(true);
      await until("both to have both messages", () => a.got.length === 2 && b.got.length === 2);
      // One connection per process publishes in order, so each sees one's message first.
      expect(a.got).toEqual(["from one", "from two"]);
      expect(b.got).toEqual(["from one", "from two"]);
      // One dedicated connection per process, listening and publishing.
      expect(await backends("ps-one")).toBe(1);
      expect(await backends("ps-two")).toBe(1);
    });

    it("delivers a burst published in one turn (sent together) whole, in order, to each channel", async () => {
      const [one, two] = [await open("ps-burst-one"), await open("ps-burst-two")];
      const a = collect(two, "t:burst-a");
      const b = collect(two, "t:burst-b");
      expect(await two.whenSubscribed(5000)).toBe(true);
      // Some identical to others (as repeated typing signals are): those arrive as often as sent.
      const text = (i: number) => (i % 10 === 0 ? "same" : `m${i}`);
      const sent = await Promise.all(
        Array.from({ length: 300 }, (_, i) => one.publish(i % 3 ? "t:burst-a" : "t:burst-b", text(i))),
      );
      expect(sent.every(Boolean)).toBe(true);
      await until("all 300 messages", () => a.got.length + b.got.length === 300);
      const expected = Array.from({ length: 300 }, (_, i) => text(i));
      expect(a.got).toEqual(expected.filter((_, i) => i % 3));
      expect(b.got).toEqual(expected.filter((_, i) => !(i % 3)));
    });

    it("delivers asynchronously, not inside publish, and only to the channel's handlers", async () => {
      const [one, two] = [await open(), await open()];
      const here = collect(two, "t:here");
      const elsewhere = collect(two, "t:elsewhere");
      expect(await two.whenSubscribed(5000)).toBe(true);
      const sent = one.publish("t:here", "x");
      expect(here.got).toEqual([]);
      expect(await sent).toBe(true);
      await until("the message", () => here.got.length === 1);
      expect(elsewhere.got).toEqual([]);
    });

    it("keeps delivering to the other handlers when one throws", async () => {
      const [one, two] = [await open(), await open()];
      two.subscribe("t:throw", () => {
        throw new Error("handler bug");
      });
      const arrived = nextMessage(two, "t:throw");
      expect(await two.whenSubscribed(5000)).toBe(true);
      await one.publish("t:throw", "still");
      expect((await arrived).message).toBe("still");
      expect(logs).toContain("pubsub: a message handler failed");
      // And the next message too: the throw did not break the connection.
      const again = nextMessage(two, "t:throw");
      await one.publish("t:throw", "again");
      expect((await again).message).toBe("again");
    });

    it("stops delivering (UNLISTEN) when a channel's last handler leaves, not before", async () => {
      const [one, two] = [await open(), await open()];
      const first = collect(two, "t:leave");
      const second = collect(two, "t:leave");
      const marker = collect(two, "t:marker");
      expect(await two.whenSubscribed(5000)).toBe(true);
      expect(two.state()).toMatchObject({ channels: 2, pending: 0 });

      first.stop();
      await one.publish("t:leave", "one left");
      await until("the remaining handler to get it", () => second.got.length === 1);
      expect(first.got).toEqual([]);

      second.stop();
      expect(two.state()).toEqual({ configured: true, ok: true, channels: 1, pending: 0 });
      // One publisher's notifications arrive in order: once the marker is here, "gone" would be too.
      await one.publish("t:leave", "gone");
      await one.publish("t:marker", "after");
      await until("the marker", () => marker.got.length === 1);
      expect(second.got).toEqual(["one left"]);
      // The session really stopped listening (not just dropping it here): a new handler hears only
      // what is sent after it subscribed.
      const later = collect(two, "t:leave");
      expect(await two.whenSubscribed(5000)).toBe(true);
      await one.publish("t:leave", "back");
      await until("the new handler's message", () => later.got.length === 1);
      expect(later.got).toEqual(["back"]);
    });

    it("refuses a message too long for NOTIFY (resolves false, logs it) instead of losing it silently", async () => {
      const [one, two] = [await open(), await open()];
      const c = collect(two, "t:big");
      expect(await two.whenSubscribed(5000)).toBe(true);
      const longest = "x".repeat(PG_NOTIFY_MAX_BYTES);
      expect(await one.publish("t:big", longest)).toBe(true);
      expect(await one.publish("t:big", `${longest}x`)).toBe(false);
      // Bytes, not characters: 4000 Arabic letters are 8000 bytes of UTF-8.
      expect(await one.publish("t:big", "ع".repeat(4000))).toBe(false);
      expect(await one.publish("t:big", "ع".repeat(3999))).toBe(true);
      expect(logs).toContain("pubsub: message too long for Postgres NOTIFY; not sent");
      await until("the two that fit", () => c.got.length === 2);
      expect(c.got.map((m) => Buffer.byteLength(m))).toEqual([7999, 7998]);
      // A payload Postgres cannot hold (NUL) is refused, and the connection carries on.
      expect(await one.publish("t:big", "a\u0000b")).toBe(false);
      expect(await one.publish("t:big", "fine")).toBe(true);
      await until("the next message", () => c.got.length === 3);
      expect(c.got[2]).toBe("fine");
    });

    it("listens again on every channel with a handler after its connection is terminated", async () => {
      const [one, two] = [await open("ps-pub"), await open("ps-killed")];
      const kept = collect(two, "t:kept");
      const dropped = collect(two, "t:dropped");
      expect(await two.whenSubscribed(5000)).toBe(true);
      dropped.stop();

      expect(await killListener("ps-killed")).toBe(1);
      await until("the lost connection to show", () => !two.state().ok, 5000);
      expect(two.state()).toEqual({ configured: true, ok: false, channels: 0, pending: 1 });
      expect(await two.publish("t:kept", "while down")).toBe(false);

      expect(await two.whenSubscribed(10_000)).toBe(true);
      expect(two.state()).toEqual({ configured: true, ok: true, channels: 1, pending: 0 });
      expect(logs).toContain(
        "pubsub: lost the Postgres LISTEN connection; listening again once Postgres answers",
      );
      expect(logs).toContain("pubsub: listening on Postgres again");
      const sent = performance.now();
      const arrived = nextMessage(two, "t:kept");
      expect(await one.publish("t:kept", "back")).toBe(true);
      const { message, at } = await arrived;
      expect(message).toBe("back");
      expect(at - sent).toBeLessThan(200);
      await one.publish("t:dropped", "nobody");
      await until("kept's message", () => kept.got.includes("back"));
      expect(dropped.got).toEqual([]);
      // Its own publishing works again too.
      expect(await two.publish("t:kept", "from two")).toBe(true);
      await until("two's own message", () => kept.got.includes("from two"));
    });

    it("retries with backoff while Postgres is unreachable, and listens once it answers", async () => {
      const pgUrl = new URL(url);
      const relay = await startRelay({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
      try {
        const viaRelay = new URL(url);
        viaRelay.port = String(relay.port);
        const one = await open("ps-direct");
        const two = await open("ps-relayed", viaRelay.toString());
        const c = collect(two, "t:outage");
        expect(await two.whenSubscribed(5000)).toBe(true);

        await relay.cut();
        await until("the outage to show", () => !two.state().ok, 5000);
        // Down for a while: several attempts fail, it stays pending and cannot publish.
        await new Promise((r) => setTimeout(r, 1500));
        expect(two.state()).toEqual({ configured: true, ok: false, channels: 0, pending: 1 });
        expect(await two.publish("t:outage", "lost")).toBe(false);
        expect(await one.publish("t:outage", "missed")).toBe(true);

        await relay.restore();
        expect(await two.whenSubscribed(15_000)).toBe(true);
        expect(await one.publish("t:outage", "after")).toBe(true);
        await until("the message after the outage", () => c.got.includes("after"));
        expect(c.got).toEqual(["after"]);
      } finally {
        await relay.close();
      }
    });

    it("reports not subscribed and waits when Postgres is unreachable at start", async () => {
      const port = await freePort();
      const dead = new URL(url);
      dead.port = String(port);
      const ps = await open("ps-dead", dead.toString(), false);
      expect(await ps.publish("t:dead", "before")).toBe(false);
      ps.subscribe("t:dead", () => {});
      expect(await ps.whenSubscribed(500)).toBe(false);
      expect(ps.state()).toEqual({ configured: true, ok: false, channels: 0, pending: 1 });
      expect(await ps.publish("t:dead", "x")).toBe(false);
    });

    it("keeps hostile channel names out of the SQL and apart from each other", async () => {
      const [one, two] = [await open(), await open()];
      await admin((c) => c.query("create table canary (id int)"));
      const long = "l".repeat(1000);
      const names = [
        'a"; drop table canary; --',
        "'; drop table canary; --",
        '"',
        '""',
        "it's got spaces",
        "",
        " ",
        "x".repeat(63),
        "x".repeat(64),
        `${"x".repeat(63)}y`,
        long,
        `${long}z`,
        "رسائل:مباشرة",
        "new\nline\ttab",
        "nul\u0000byte",
        "UPPER",
        "upper",
        "~hashed-looking",
        // Posing as another name's Postgres channel: still a channel of its own.
        pgChannelName(long),
        "\\",
        "$1",
      ];
      expect(new Set(names).size).toBe(names.length);
      const boxes = names.map((name) => collect(two, name));
      expect(await two.whenSubscribed(5000)).toBe(true);
      expect(two.state()).toEqual({ configured: true, ok: true, channels: names.length, pending: 0 });
      for (const [i, name] of names.entries()) expect(await one.publish(name, `m${i}`)).toBe(true);
      await until("every name's message", () => boxes.every((b) => b.got.length >= 1));
      // Give strays a moment to show up where they do not belong.
      await new Promise((r) => setTimeout(r, 100));
      for (const [i, box] of boxes.entries()) expect(box.got, JSON.stringify(names[i])).toEqual([`m${i}`]);
      // Every Postgres channel is a valid identifier of at most 63 bytes.
      for (const name of names) expect(Buffer.byteLength(pgChannelName(name))).toBeLessThanOrEqual(63);
      await admin((c) => c.query("select count(*) from canary"));
      // Unsubscribing them runs UNLISTEN with the same quoting.
      for (const box of boxes) box.stop();
      expect(two.state()).toEqual({ configured: true, ok: true, channels: 0, pending: 0 });
      const m = collect(two, "t:after-hostile");
      expect(await two.whenSubscribed(5000)).toBe(true);
      await one.publish(names[0] as string, "late");
      await one.publish("t:after-hostile", "ok");
      await until("the connection still to work", () => m.got.length === 1);
      expect(boxes[0]?.got).toEqual(["m0"]);
    });

    it("ends its connection on close and never reconnects", async () => {
      const ps = await open("ps-closed");
      ps.subscribe("t:closed", () => {});
      expect(await ps.whenSubscribed(5000)).toBe(true);
      expect(await backends("ps-closed")).toBe(1);
      ps.close();
      await until("the backend to go", async () => (await backends("ps-closed")) === 0);
      await new Promise((r) => setTimeout(r, 600));
      expect(await backends("ps-closed")).toBe(0);
      expect(await ps.publish("t:closed", "x")).toBe(false);
    });
  },
);
