/**
 * A job-queue process for multi-process tests: opens the database named by DATABASE_URL, runs a
 * queue whose `test.block` handler announces itself and then waits until its lease is lost.
 * Prints `started <jobId>`, `aborted <jobId>` and the queue's log lines on stdout.
 */
import { openAppDb } from "../../src/app";
import { createJobQueue } from "../../src/lib/job-queue";
import { captureLogger } from "../logger";

const db = await openAppDb({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: "/nonexistent" });
const { log } = captureLogger(true);
const queue = createJobQueue({
  db: db.db,
  log,
  leaseMs: Number(process.env.LEASE_MS ?? 300_000),
  heartbeatMs: Number(process.env.HEARTBEAT_MS ?? 10_000),
});
queue.register("test.block", async (_payload, ctx) => {
  console.log(`started ${ctx.jobId}`);
  await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
  console.log(`aborted ${ctx.jobId}`);
});
queue.start(50);
