import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { type AppDb, openAppDb } from "../../src/app";
import { jobs } from "../../src/db/schema";
import { createJobQueue, type JobQueue } from "../../src/lib/job-queue";
import { testDrivers } from "../harness";
import { captureLogger } from "../logger";
import { until } from "../until";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

describe.each(testDrivers())("job queue on %s", (driver) => {
  let scratch: ScratchDatabase;
  let db: AppDb;
  const stops: (() => Promise<void>)[] = [];
  const row = async (id: string) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  beforeAll(async () => {
    scratch = await createScratchDatabase(driver, "parley_jobs");
    db = await openAppDb({ DATABASE_URL: scratch.url, DATA_DIR: "/nonexistent" }, { inMemory: true });
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it("ends a poison job failed with its reason once its workers died on every attempt", async () => {
    // Three replicas; each worker that takes the job stops heart-beating (a process that hung or
    // died while parsing), so its lease runs out and the next replica re-takes the job.
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const started: number[] = [];
    const gaveUp: { payload: Record<string, unknown>; reason: string; jobId: string }[] = [];
    const replica = () => {
      const q = createJobQueue({ db: db.db, log: captureLogger().log, leaseMs: 200, heartbeatMs: 600_000 });
      q.register(
        "test.poison",
        async (_p, ctx) => {
          started.push(ctx.attempt);
          await released;
        },
        { onGiveUp: async (payload, reason, job) => void gaveUp.push({ payload, reason, ...job }) },
      );
      return q;
    };
    const [a, b, c] = [replica(), replica(), replica()] as [JobQueue, JobQueue, JobQueue];
    const id = await a.enqueue("test.poison", { sourceId: "src_x" }, { maxAttempts: 2 });
    const runA = a.runOne();
    await until("the first attempt", () => started.length === 1);
    stops.push(b.start(20));
    await until("the second attempt on another replica", () => started.length === 2);
    stops.push(c.start(20));
    await until("the job to be given up", () => gaveUp.length === 1);

    expect(started).toEqual([1, 2]);
    expect(gaveUp[0]).toEqual({
      payload: { sourceId: "src_x" },
      reason: "The worker running this job stopped (crashed or was killed) on every attempt.",
      // The job's id: what its runs wrote under it (a sync's record) can be closed.
      jobId: id,
    });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, lockedBy: null });
    expect((await row(id))?.lastError).toContain("stopped");

    // The hung workers wake up: neither may overwrite the outcome it no longer owns.
    release();
    await runA;
    await Promise.all(stops.splice(0).map((stop) => stop()));
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect(started).toEqual([1, 2]);
  });

  it("keeps a long job with its owner while the heartbeat renews the lease", async () => {
    const runs: string[] = [];
    const replica = (name: string) => {
      // A lease of 300 ms renewed every 50 ms, on a quiet machine: a starved one can hold a renewal
      // back past a 300 ms lease, so both stretch with its slowness.
      const q = createJobQueue({
        db: db.db,
        log: captureLogger().log,
        leaseMs: scaled(300),
        heartbeatMs: 50,
      });
      q.register("test.long", async () => {
        runs.push(name);
        // Work that outlasts the lease several times over.
        await new Promise((r) => setTimeout(r, scaled(1200)));
      });
      return q;
    };
    const a = replica("a");
    const b = replica("b");
    const id = await a.enqueue("test.long", {});
    const runA = a.runOne();
    await until("a to start", () => runs.length === 1);
    stops.push(b.start(20));
    expect(await runA).toBe(true);
    expect(runs).toEqual(["a"]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1, lockedBy: null });
  });

  it("retries a failed attempt, then fails for good with the handler's error", async () => {
    const { log } = captureLogger();
    const q = createJobQueue({ db: db.db, log });
    const reasons: string[] = [];
    const gaveUpJobs: string[] = [];
    q.register(
      "test.broken",
      async () => {
        throw new Error("the remote said no");
      },
      {
        onGiveUp: async (_p, reason, job) => {
          reasons.push(reason);
          gaveUpJobs.push(job.jobId);
        },
      },
    );
    const id = await q.enqueue("test.broken", {}, { maxAttempts: 2 });
    expect(await q.runOne()).toBe(true);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
    await db.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1) })
      .where(eq(jobs.id, id));
    expect(await q.runOne()).toBe(true);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, lastError: "the remote said no" });
    expect(reasons).toEqual(["the remote said no"]);
    expect(gaveUpJobs).toEqual([id]);
    expect(await q.runOne()).toBe(false);
  });

  it("runs a group's jobs up to its limit and a tenant's up to its own; other jobs go past them", async () => {
    const q = createJobQueue({ db: db.db, log: captureLogger().log });
    const ran: string[] = [];
    const release = new Map<string, () => void>();
    q.register("test.grouped", async (payload) => {
      const label = String(payload.label);
      ran.push(label);
      await new Promise<void>((r) => release.set(label, r));
    });
    // Workspace "a": four attempts for its endpoint a1, then two for a2; workspace "b": one, last.
    const queue = async (label: string, group?: string, tenant?: string) => {
      await q.enqueue("test.grouped", { label }, { group, tenant });
      // Claims go by run_at: one millisecond apart, the order is the queueing order.
      await new Promise((r) => setTimeout(r, 2));
    };
    for (const n of [1, 2, 3, 4]) await queue(`a1-${n}`, "a1", "a");
    for (const n of [1, 2]) await queue(`a2-${n}`, "a2", "a");
    await queue("b1-1", "b1", "b");
    const worker = () => q.worker({ only: ["test.grouped"] }, { groupLimit: 2, tenantLimit: 3 });
    const runs: Promise<boolean>[] = [];
    // One claim at a time (two replicas claiming at the same moment may each see one slot free).
    for (const expected of [1, 2, 3, 4]) {
      runs.push(worker().runOne());
      await until(`claim ${expected}`, () => ran.length === expected);
    }
    // a1 holds its two slots, a2 the workspace's third; b's job went past the rest of a's.
    expect(ran).toEqual(["a1-1", "a1-2", "a2-1", "b1-1"]);
    expect(await worker().runOne()).toBe(false);
    // A job in no group is never held back.
    await q.enqueue("test.grouped", { label: "plain" });
    runs.push(worker().runOne());
    await until("the plain job", () => ran.includes("plain"));

    // One of a1's attempts ends: its group and its workspace have room for a1's next one.
    release.get("a1-1")?.();
    expect(await runs[0]).toBe(true);
    runs.push(worker().runOne());
    await until("a1's third attempt", () => ran.includes("a1-3"));
    expect(ran.includes("a1-4") || ran.includes("a2-2")).toBe(false);

    // Everything ends; the rest runs.
    const leftover = worker();
    for (const label of ["a1-2", "a2-1", "b1-1", "plain", "a1-3"]) release.get(label)?.();
    await Promise.all(runs);
    for (const label of ["a1-4", "a2-2"]) {
      const run = leftover.runOne();
      await until(`${label} to run`, () => release.has(label));
      release.get(label)?.();
      expect(await run).toBe(true);
    }
    expect(await q.pendingCount("test.grouped")).toBe(0);
  });

  describe("a job queued inside another statement (enqueueSql)", () => {
    const runStatement = (insert: SQL, when: boolean) =>
      db.db.execute(sql`with x as (select ${when}::boolean as ok), j as (${insert}) select 1 as one`);

    it("is the idle worker's claim: written running under its lease and run once it is settled", async () => {
      const q = createJobQueue({ db: db.db, log: captureLogger().log });
      const ran: { n: unknown; attempt: number }[] = [];
      q.register(
        "test.handed",
        async (payload, ctx) => void ran.push({ n: payload.n, attempt: ctx.attempt }),
      );
      stops.push(q.worker({ only: ["test.handed"] }).start(600_000));
      await until("the worker to wait for work", () => q.idle("test.handed") === 1);
      const job = q.enqueueSql("test.handed", { n: 1 }, { when: sql`(select ok from x)` });
      expect(q.idle("test.handed")).toBe(0);
      await runStatement(job.sql, true);
      const [written] = await db.db.select().from(jobs).where(eq(jobs.kind, "test.handed"));
      expect(written).toMatchObject({ status: "running", attempts: 1 });
      expect(written?.lockedBy).toMatch(/:\d+:/);
      job.settle(true);
      await until("the handed job to run", () => ran.length === 1);
      await until("it to be marked done", async () => (await row(written?.id ?? ""))?.status === "done");
      expect(ran).toEqual([{ n: 1, attempt: 1 }]);
    });

    it("when the statement did not insert it, frees the worker, which takes the next job as usual", async () => {
      const q = createJobQueue({ db: db.db, log: captureLogger().log });
      const ran: unknown[] = [];
      q.register("test.handed2", async (payload) => void ran.push(payload.n));
      stops.push(q.worker({ only: ["test.handed2"] }).start(600_000));
      await until("the worker to wait for work", () => q.idle("test.handed2") === 1);
      const job = q.enqueueSql("test.handed2", { n: 1 }, { when: sql`(select ok from x)` });
      await runStatement(job.sql, false);
      job.settle(false);
      expect(await db.db.select().from(jobs).where(eq(jobs.kind, "test.handed2"))).toEqual([]);
      await until("the worker to wait again", () => q.idle("test.handed2") === 1);
      await q.enqueue("test.handed2", { n: 2 });
      await until("the next job to run", () => ran.length === 1);
      expect(ran).toEqual([2]);
    });

    it("with no idle worker, is queued and claimed like any job", async () => {
      const q = createJobQueue({ db: db.db, log: captureLogger().log });
      const ran: unknown[] = [];
      q.register("test.handed3", async (payload) => void ran.push(payload.n));
      const job = q.enqueueSql("test.handed3", { n: 3 }, { when: sql`(select ok from x)` });
      await runStatement(job.sql, true);
      job.settle(true);
      const [written] = await db.db.select().from(jobs).where(eq(jobs.kind, "test.handed3"));
      expect(written).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
      expect(await q.drain()).toBe(1);
      expect(ran).toEqual([3]);
    });

    it("a worker stopped before its handed job settles gives the job back to the queue, its attempt not counted", async () => {
      const q = createJobQueue({ db: db.db, log: captureLogger().log });
      const ran: unknown[] = [];
      q.register("test.handed4", async (payload) => void ran.push(payload.n));
      const stop = q.worker({ only: ["test.handed4"] }).start(600_000);
      await until("the worker to wait for work", () => q.idle("test.handed4") === 1);
      const job = q.enqueueSql("test.handed4", { n: 4 }, { when: sql`(select ok from x)` });
      const stopped = stop();
      await runStatement(job.sql, true);
      job.settle(true);
      await stopped;
      expect(ran).toEqual([]);
      const [written] = await db.db.select().from(jobs).where(eq(jobs.kind, "test.handed4"));
      expect(written).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
      expect(await q.drain()).toBe(1);
      expect(ran).toEqual([4]);
    });
  });

  describe("jobs held by their process while every worker is busy", () => {
    const runStatement = (insert: SQL) => db.db.execute(sql`with j as (${insert}) select 1 as one`);
    /** A queue with one worker of `kind` whose jobs each wait for their gate. */
    async function busyQueue(kind: string, lease: { leaseMs?: number; heartbeatMs?: number } = {}) {
      // A clock that never gives the same millisecond twice: jobs are due in the order queued.
      let last = 0;
      const now = () => {
        last = Math.max(Date.now(), last + 1);
        return new Date(last);
      };
      const q = createJobQueue({ db: db.db, log: captureLogger().log, now, ...lease });
      const ran: number[] = [];
      const gates = new Map<number, () => void>();
      const looksFound: boolean[] = [];
      /** Stopped (the test ended, or failed midway): the gates stand open, so the stop never waits on one. */
      let ended = false;
      q.register(kind, async (payload) => {
        const n = Number(payload.n);
        ran.push(n);
        if (!ended) await new Promise<void>((r) => gates.set(n, r));
      });
      const stopWorker = q
        .worker({ only: [kind] }, { onLook: (found) => void looksFound.push(found) })
        .start(600_000);
      const stop = stopWorker;
      /** The test's end: its stop (see `stops`). */
      const end = () => {
        ended = true;
        for (const open of gates.values()) open();
        return stopWorker();
      };
      await until("the worker to wait for work", () => q.idle(kind) === 1);
      const queue = async (n: number) => {
        const job = q.enqueueSql(kind, { n }, { when: sql`true` });
        await runStatement(job.sql);
        job.settle(true);
      };
      const rowOf = async (n: number) =>
        (await db.db.select().from(jobs).where(eq(jobs.kind, kind))).find((r) => r.payload.n === n);
      const open = (n: number) => gates.get(n)?.();
      return { q, ran, gates, looksFound, stop, end, queue, rowOf, open, now };
    }

    it("holds them under the process's lease and runs them in order without a claim", async () => {
      const b = await busyQueue("test.held");
      await b.queue(0);
      await until("the first job to start", () => b.ran.length === 1);
      for (const n of [1, 2, 3]) await b.queue(n);
      const first = await b.rowOf(0);
      const held = await Promise.all([1, 2, 3].map(b.rowOf));
      for (const r of held) expect(r).toMatchObject({ status: "running", attempts: 1 });
      // Held by the process, not by the busy worker, and all by the same holder.
      expect(new Set(held.map((r) => r?.lockedBy)).size).toBe(1);
      expect(held[0]?.lockedBy).not.toBe(first?.lockedBy);
      expect(held[0]?.lockedBy).toMatch(/:\d+:/);
      for (const n of [0, 1, 2, 3]) {
        await until(`job ${n} to start`, () => b.ran.length === n + 1);
        b.open(n);
      }
      await until("all four to be done", async () =>
        (await Promise.all([0, 1, 2, 3].map(b.rowOf))).every((r) => r?.status === "done"),
      );
      expect(b.ran).toEqual([0, 1, 2, 3]);
      // No claim ever found one of them: each was the worker's without a look in the table.
      expect(b.looksFound.filter(Boolean)).toEqual([]);
      expect((await Promise.all([1, 2, 3].map(b.rowOf))).map((r) => r?.attempts)).toEqual([1, 1, 1]);
      stops.push(b.end);
    });

    it("queues the rest in the table past 64, and keeps queueing there until the table is caught up", async () => {
      const b = await busyQueue("test.overflow");
      stops.push(b.end);
      await b.queue(0);
      await until("the first job to start", () => b.ran.length === 1);
      for (let n = 1; n <= 65; n++) await b.queue(n);
      expect(await b.rowOf(64)).toMatchObject({ status: "running" });
      expect(await b.rowOf(65)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
      // The worker moves on (to a held job, or to the queued one); the backlog has room again, but
      // a job queued now must not overtake the one waiting in the table.
      b.open(0);
      await until("the worker to take its next job", () => b.ran.length === 2);
      await b.queue(66);
      expect(await b.rowOf(66)).toMatchObject({ status: "queued", attempts: 0 });
      // Everything runs, once.
      for (let i = 1; i < 67; i++) {
        await until(`job ${i + 1} of 67 to start`, () => b.ran.length >= i + 1);
        for (const n of b.ran) b.open(n);
      }
      await until("every job to be done", async () => {
        const rows = await db.db.select().from(jobs).where(eq(jobs.kind, "test.overflow"));
        return rows.length === 67 && rows.every((r) => r.status === "done");
      });
      expect([...b.ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 67 }, (_, n) => n));
      // Caught up (a claim found none): the next job queued while the worker is busy is held again.
      await until("the worker to wait for work", () => b.q.idle("test.overflow") === 1);
      await b.queue(67);
      await until("job 67 to start", () => b.ran.includes(67));
      await b.queue(68);
      expect(await b.rowOf(68)).toMatchObject({ status: "running" });
      b.open(67);
      await until("job 68 to start", () => b.ran.includes(68));
      b.open(68);
    });

    it("takes the table's jobs back several a claim while it is behind, in order, each once", async () => {
      const b = await busyQueue("test.catchup");
      stops.push(b.end);
      await b.queue(0);
      await until("the first job to start", () => b.ran.length === 1);
      // 64 held, then 16 queued in the table: the process is behind.
      for (let n = 1; n <= 80; n++) await b.queue(n);
      expect(await b.rowOf(80)).toMatchObject({ status: "queued", attempts: 0 });
      for (let i = 0; i <= 80; i++) {
        await until(`job ${i} of 80 to start`, () => b.ran.length >= i + 1);
        for (const n of b.ran) b.open(n);
      }
      await until("every job to be done", async () => {
        const rows = await db.db.select().from(jobs).where(eq(jobs.kind, "test.catchup"));
        return rows.length === 81 && rows.every((r) => r.status === "done" && r.attempts === 1);
      });
      // First in, first run: the table's jobs after the held ones, in the order they were queued.
      expect(b.ran).toEqual(Array.from({ length: 81 }, (_, n) => n));
      // One claim a job would be 16 looks that found some; batches into the backlog take them in a few.
      const found = b.looksFound.filter(Boolean).length;
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(8);
    });

    it("a look in the table that comes due while it holds jobs lets neither a newer job overtake them nor an older one wait", async () => {
      const b = await busyQueue("test.lookdue");
      stops.push(b.end);
      // Another replica's queue on the same clock: its job goes to the table.
      const replica = createJobQueue({ db: db.db, log: captureLogger().log, now: b.now });
      await b.queue(0);
      await until("the first job to start", () => b.ran.length === 1);
      await replica.enqueue("test.lookdue", { n: 1 });
      // 64 held, then the rest in the table: the process is behind.
      for (let n = 2; n <= 70; n++) await b.queue(n);
      expect(await b.rowOf(1)).toMatchObject({ status: "queued", attempts: 0 });
      expect(await b.rowOf(65)).toMatchObject({ status: "running" });
      expect(await b.rowOf(66)).toMatchObject({ status: "queued", attempts: 0 });
      /** A look in the table is due (250 ms since the last began) when the running job ends. */
      const lookDueThenOpen = async (n: number) => {
        const from = Date.now();
        await until("a look in the table to be due", () => Date.now() - from > 400);
        b.open(n);
      };
      // The older job in the table runs before the held ones...
      await lookDueThenOpen(0);
      await until("the next job to start", () => b.ran.length === 2);
      expect(b.ran).toEqual([0, 1]);
      // ...and the newer ones there wait behind them.
      await lookDueThenOpen(1);
      await until("the next job to start", () => b.ran.length === 3);
      expect(b.ran).toEqual([0, 1, 2]);
      for (let i = 2; i <= 70; i++) {
        await until(`job ${i} of 70 to start`, () => b.ran.length >= i + 1);
        for (const n of b.ran) b.open(n);
      }
      await until("every job to be done", async () => {
        const rows = await db.db.select().from(jobs).where(eq(jobs.kind, "test.lookdue"));
        return rows.length === 71 && rows.every((r) => r.status === "done" && r.attempts === 1);
      });
      expect(b.ran).toEqual(Array.from({ length: 71 }, (_, n) => n));
    });

    it("renews a held job's lease while it waits: another replica cannot take it past the first lease", async () => {
      const b = await busyQueue("test.heldlease", { leaseMs: 800, heartbeatMs: 100 });
      stops.push(b.end);
      await b.queue(0);
      await until("the first job to start", () => b.ran.length === 1);
      await b.queue(1);
      const firstEnd = (await b.rowOf(1))?.lockedUntil?.getTime() ?? 0;
      expect(firstEnd).toBeGreaterThan(0);
      await until(
        "the held job's lease to be renewed past its first end",
        async () => ((await b.rowOf(1))?.lockedUntil?.getTime() ?? 0) > firstEnd + 300,
      );
      await until("its first lease to be over", () => Date.now() > firstEnd + 50);
      // Another replica over the same table looks for due and expired jobs: none of them is its.
      const other = createJobQueue({ db: db.db, log: captureLogger().log, leaseMs: 800 });
      other.register("test.heldlease", async () => {
        throw new Error("another replica ran a held job");
      });
      expect(await other.drain()).toBe(0);
      b.open(0);
      await until("the held job to start here", () => b.ran.includes(1));
      b.open(1);
      await until("it to be done", async () => (await b.rowOf(1))?.status === "done");
      expect(await b.rowOf(1)).toMatchObject({ attempts: 1 });
    });

    it("gives held jobs back to the table when the worker stops, attempts not counted", async () => {
      for (const handBack of [false, true]) {
        const kind = `test.giveback${handBack ? "2" : "1"}`;
        const b = await busyQueue(kind);
        await b.queue(0);
        await until("the first job to start", () => b.ran.length === 1);
        await b.queue(1);
        await b.queue(2);
        const stopped = b.stop({ handBack });
        // A plain stop waits for the running job; a hand-back aborts it (it ignores its signal here).
        if (!handBack) b.open(0);
        await stopped;
        for (const n of [1, 2])
          expect(await b.rowOf(n)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
        expect(b.ran).toEqual([0]);
        b.q.register(kind, async (payload) => void b.ran.push(Number(payload.n)));
        expect(await b.q.drain()).toBe(handBack ? 3 : 2);
        expect([...b.ran].sort()).toEqual(handBack ? [0, 0, 1, 2] : [0, 1, 2]);
      }
    });
  });

  it("idle instances of the same kinds poll in turn, not all at once", async () => {
    const q = createJobQueue({ db: db.db, log: captureLogger().log });
    q.register("test.polled", async () => {});
    /** When each look that a poll made began (a look as an instance starts is not a poll). */
    const polls: number[] = [];
    const pollMs = 200;
    for (let i = 0; i < 10; i++)
      stops.push(
        q
          .worker(
            { only: ["test.polled"] },
            { onLook: (_found, look) => void (look.polled && polls.push(look.startedAt)) },
          )
          .start(pollMs),
      );
    // Each looks once as it starts; then their polls come round together, and one of them looks:
    // the polls' looks begin half a poll apart at least (all at once, they would be 0-2 ms apart).
    await until("four polls after the start", () => polls.length >= 4);
    polls.sort((a, b) => a - b);
    for (let i = 1; i < polls.length; i++)
      expect((polls[i] ?? 0) - (polls[i - 1] ?? 0)).toBeGreaterThanOrEqual(pollMs / 2);
    // A job queued meanwhile is still taken at once by an idle instance (it is woken).
    const ran: string[] = [];
    q.register("test.polled", async () => void ran.push("ran"));
    await q.enqueue("test.polled", {});
    await until("the job to run", () => ran.length === 1, 2_000);
  });

  it("prunes finished jobs after their retention, never pending ones", async () => {
    const q = createJobQueue({ db: db.db, log: captureLogger().log, keepFinishedMs: 0 });
    q.register("test.quick", async () => {});
    const done = await q.enqueue("test.quick", {});
    await q.drain();
    const pending = await q.enqueue("test.later", {});
    await db.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.id, pending));
    expect(await q.prune()).toBeGreaterThanOrEqual(1);
    expect(await row(done)).toBeUndefined();
    expect(await row(pending)).toMatchObject({ status: "queued" });
  });

  if (driver === "postgres")
    describe("across processes", () => {
      const children: ChildProcess[] = [];
      const spawnWorker = (env: Record<string, string>) => {
        let out = "";
        // node itself (not the tsx CLI, which would put a wrapper process between the test and the
        // worker, so the signals below would not reach the worker).
        const child = spawn(
          process.execPath,
          ["--import", "tsx", path.join(import.meta.dirname, "queue-worker.ts")],
          {
            cwd: repoRoot,
            env: { PATH: process.env.PATH ?? "", DATABASE_URL: scratch.url ?? "", ...env },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        child.stdout?.on("data", (c) => {
          out += c;
        });
        child.stderr?.on("data", (c) => {
          out += c;
        });
        children.push(child);
        return { child, output: () => out };
      };
      afterAll(() => {
        for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
      });

      it("a restarted process takes over a killed process's job at once, not after the lease", async () => {
        const worker = spawnWorker({ LEASE_MS: "300000" });
        const q = createJobQueue({ db: db.db, log: captureLogger().log });
        const id = await q.enqueue("test.block", {});
        await until("the worker to take the job", () => worker.output().includes(`started ${id}`), 30_000);
        worker.child.kill("SIGKILL");
        await new Promise((r) => worker.child.once("exit", r));
        // The dead owner's lease had five minutes to run.
        const leaseEnd = (await row(id))?.lockedUntil?.getTime() ?? 0;

        const finished: string[] = [];
        q.register("test.block", async (_p, ctx) => void finished.push(`${ctx.jobId}#${ctx.attempt}`));
        stops.push(q.start(20));
        await until("the job to be taken over and done", async () => (await row(id))?.status === "done");
        // Done before that lease ran out: the take-over came from the dead owner's pid, not the clock.
        expect((await row(id))?.finishedAt?.getTime()).toBeLessThan(leaseEnd);
        expect(finished).toEqual([`${id}#2`]);
        expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
      });

      it("a frozen owner loses its job to a live one and cannot complete it when it wakes", async () => {
        const worker = spawnWorker({ LEASE_MS: "800", HEARTBEAT_MS: "100" });
        const q = createJobQueue({ db: db.db, log: captureLogger().log, leaseMs: 800, heartbeatMs: 100 });
        const runs: number[] = [];
        q.register("test.block", async (_p, ctx) => void runs.push(ctx.attempt));
        const id = await q.enqueue("test.block", {});
        await until("the worker to take the job", () => worker.output().includes(`started ${id}`), 30_000);
        worker.child.kill("SIGSTOP"); // alive, but no heartbeat
        stops.push(q.start(20));
        await until(
          "a live replica to take the job and finish it",
          async () => (await row(id))?.status === "done",
        );
        expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });

        worker.child.kill("SIGCONT");
        await until("the woken owner to notice", () => worker.output().includes(`aborted ${id}`));
        await until("its outcome to be dropped", () => worker.output().includes("no longer owns it"));
        expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
        expect(runs).toEqual([2]);
      });
    });
});
