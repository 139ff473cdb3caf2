import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDb, openAppDb } from "../../src/app";
import { jobs } from "../../src/db/schema";
import { createJobQueue } from "../../src/lib/job-queue";
import { testDrivers } from "../harness";
import { captureLogger } from "../logger";
import { until } from "../until";

/** A replica shutting down hands its running job back: queued again at once, for another replica. */
describe.each(testDrivers())("handing a job back on %s", (driver) => {
  let scratch: ScratchDatabase;
  let db: AppDb;
  const row = async (id: string) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const queue = () => createJobQueue({ db: db.db, log: captureLogger().log, leaseMs: 600_000 });

  beforeAll(async () => {
    scratch = await createScratchDatabase(driver, "parley_handback");
    db = await openAppDb({ DATABASE_URL: scratch.url, DATA_DIR: "/nonexistent" }, { inMemory: true });
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it("aborts the handler, queues the job at once without counting the attempt, and another takes it", async () => {
    const leaving = queue();
    let aborted = false;
    let started = false;
    leaving.register("test.long", async (_p, ctx) => {
      started = true;
      await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
      aborted = true;
    });
    const id = await leaving.enqueue("test.long", { n: 1 });
    const stop = leaving.start(20);
    await until("the job to start", () => started);
    await stop({ handBack: true, waitMs: 5_000 });
    expect(aborted).toBe(true);
    // The lease is 10 minutes: only the hand-back makes the job claimable now.
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, lockedUntil: null });

    const other = queue();
    const ran: number[] = [];
    other.register("test.long", async (_p, ctx) => {
      ran.push(ctx.attempt);
    });
    expect(await other.runOne()).toBe(true);
    expect(ran).toEqual([1]);
    expect((await row(id))?.status).toBe("done");
  });

  it("hands back a job whose handler ignores its signal, and drops that handler's late outcome", async () => {
    const leaving = queue();
    let finishLate = () => {};
    let started = false;
    leaving.register("test.stubborn", async () => {
      started = true;
      await new Promise<void>((resolve) => {
        finishLate = resolve;
      });
    });
    const id = await leaving.enqueue("test.stubborn", {});
    const stop = leaving.start(20);
    await until("the job to start", () => started);
    await stop({ handBack: true, waitMs: 50 });
    expect(await row(id)).toMatchObject({ status: "queued", lockedBy: null });

    // Another replica takes it; the stubborn handler then returns: its "done" must not land.
    const other = queue();
    let release = () => {};
    other.register("test.stubborn", () => new Promise<void>((r) => (release = r)));
    const running = other.runOne();
    await until("the other replica to own it", async () => (await row(id))?.lockedBy === other.owner);
    finishLate();
    await until(
      "the stubborn handler's outcome to be dropped",
      async () => (await row(id))?.status === "running",
    );
    expect((await row(id))?.lockedBy).toBe(other.owner);
    release();
    await running;
    expect((await row(id))?.status).toBe("done");
  });

  it("has nothing to hand back when no job runs", async () => {
    expect(await queue().handBack(10)).toBeUndefined();
  });
});
