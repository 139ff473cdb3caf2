import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { jobs } from "../db/schema";
import { newId } from "./ids";

export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: { jobId: string; attempt: number },
) => Promise<void>;

const LEASE_MS = 5 * 60_000;

/**
 * Durable background jobs in the service's own database. Enqueued work survives a restart, a job
 * whose worker died is picked up again once its lease runs out, and two processes never run the
 * same job at once (FOR UPDATE SKIP LOCKED).
 */
export function createJobQueue(deps: { db: Database; log: FastifyBaseLogger; now?: () => Date }) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const handlers = new Map<string, JobHandler>();
  let wake: (() => void) | undefined;

  async function claim(): Promise<
    | { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number }
    | undefined
  > {
    const at = now();
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1, locked_until = ${new Date(at.getTime() + LEASE_MS)}
      where id = (
        select id from ${jobs}
        where (status = 'queued' and run_at <= ${at}) or (status = 'running' and locked_until < ${at})
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`);
    const [row] = rowsOf<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(result);
    return (
      row && {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      }
    );
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts });
      await db
        .update(jobs)
        .set({ status: "done", finishedAt: now(), lockedUntil: null })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      const message = (err as Error).message;
      const final = job.attempts >= job.maxAttempts;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message, final }, "job failed");
      await db
        .update(jobs)
        .set(
          final
            ? { status: "failed", lastError: message, finishedAt: now(), lockedUntil: null }
            : {
                status: "queued",
                lastError: message,
                lockedUntil: null,
                runAt: new Date(now().getTime() + 2 ** job.attempts * 1000),
              },
        )
        .where(eq(jobs.id, job.id));
    }
    return true;
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    async enqueue(kind: string, payload: Record<string, unknown>, opts: { maxAttempts?: number } = {}) {
      const id = newId("job");
      await db.insert(jobs).values({ id, kind, payload, maxAttempts: opts.maxAttempts ?? 3, runAt: now() });
      wake?.();
      return id;
    },
    runOne,
    /** Runs due jobs until none is left (tests, and the worker loop). */
    async drain(): Promise<number> {
      let n = 0;
      while (await runOne()) n++;
      return n;
    },
    async pendingCount(kind?: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(sql`${jobs.status} in ('queued', 'running')`, kind ? eq(jobs.kind, kind) : undefined));
      return rows[0]?.n ?? 0;
    },
    /** Background worker: runs jobs as they come; polls as a fallback for jobs enqueued elsewhere. */
    start(pollMs = 1000) {
      let stopped = false;
      const loop = async () => {
        while (!stopped) {
          let worked = false;
          try {
            worked = await runOne();
          } catch (err) {
            log.error({ err }, "job worker error");
          }
          if (!worked && !stopped) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, pollMs);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = undefined;
          }
        }
      };
      const running = loop();
      return async () => {
        stopped = true;
        wake?.();
        await running;
      };
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
