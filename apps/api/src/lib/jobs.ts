import type { FastifyBaseLogger } from "fastify";

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs each job on its interval, never overlapping itself. Jobs are safe to run in several
 * replicas at once (they claim rows with FOR UPDATE SKIP LOCKED / unique transition records).
 */
export function startJobs(
  jobs: Job[],
  log: FastifyBaseLogger,
  /** Each run as it ends: how long it took and whether it threw (the job-duration metric). */
  onRun?: (name: string, seconds: number, outcome: "ok" | "failed") => void,
) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      const started = performance.now();
      try {
        const result = await job.run();
        onRun?.(job.name, (performance.now() - started) / 1000, "ok");
        log.debug({ job: job.name, result }, "job finished");
      } catch (err) {
        onRun?.(job.name, (performance.now() - started) / 1000, "failed");
        log.error({ err, job: job.name }, "job failed");
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    void tick();
    return timer;
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
