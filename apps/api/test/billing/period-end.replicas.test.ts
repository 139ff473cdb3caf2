import type { ChildProcess } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans, subscriptionChanges, subscriptions } from "../../src/db/schema";
import { createTestApp, freePort, type TestApp } from "../harness";
import { buildCompiled, runNode, waitForOk } from "../ops/compiled";

const USERS = 40;

/** A replica as production runs it: the compiled server, on the shared database. */
async function startReplica(databaseUrl: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replica = runNode((await buildCompiled("api")).entry("server"), {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    JOBS_ENABLED: "false",
    TEST_CLOCK: "true",
    DEMO_CONTENT: "false",
    LOG_LEVEL: "warn",
    WEB_DIST: "/nonexistent",
  });
  await waitForOk(`${url}/api/health`, replica);
  return { url, proc: replica.child };
}

// Two OS processes on one Postgres: only meaningful (and possible) with a real server.
if (process.env.DATABASE_URL)
  describe("period-end job with two API processes on one Postgres", () => {
    let t: TestApp;
    const replicas: ChildProcess[] = [];
    let urls: string[] = [];

    beforeAll(async () => {
      t = await createTestApp("postgres");
      const [pro] = await t.db.db.select().from(plans).where(eq(plans.code, "pro-monthly"));
      const [starter] = await t.db.db.select().from(plans).where(eq(plans.code, "starter-monthly"));
      if (!pro || !starter) throw new Error("plans not seeded");
      const ended = new Date(Date.now() - 60_000);
      await t.db.db.insert(subscriptions).values(
        Array.from({ length: USERS }, (_, i) => ({
          id: `sub_race_${i}`,
          userId: `auth_race_${i}`,
          planId: pro.id,
          status: "active" as const,
          currentPeriodStart: new Date(ended.getTime() - 30 * 86_400_000),
          currentPeriodEnd: ended,
          // Half have a scheduled downgrade, half simply reach the end of a paid period.
          ...(i % 2 === 0 ? { pendingPlanId: starter.id, pendingChangeAt: ended } : {}),
        })),
      );
      const started = await Promise.all([
        startReplica(t.env.DATABASE_URL ?? ""),
        startReplica(t.env.DATABASE_URL ?? ""),
      ]);
      replicas.push(...started.map((s) => s.proc));
      urls = started.map((s) => s.url);
    });

    afterAll(async () => {
      for (const p of replicas) p.kill("SIGTERM");
      await Promise.all(
        replicas.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once("exit", r)))),
      );
      await t?.close();
    });

    it("applies each downgrade and each period end exactly once", async () => {
      // Both replicas run the job at the same moment, several times over.
      const runs = await Promise.all(
        [...urls, ...urls, ...urls].map(async (url) => {
          const res = await fetch(`${url}/api/internal/test-clock`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          });
          expect(res.status).toBe(200);
          return (await res.json()) as { periodEnd: { downgradesApplied: number; movedToPastDue: number } };
        }),
      );
      const applied = runs.reduce((n, r) => n + r.periodEnd.downgradesApplied, 0);
      const pastDue = runs.reduce((n, r) => n + r.periodEnd.movedToPastDue, 0);
      expect(applied).toBe(USERS / 2);
      expect(pastDue).toBe(USERS / 2);

      const changes = await t.db.db.select().from(subscriptionChanges);
      for (let i = 0; i < USERS; i++) {
        const mine = changes.filter((c) => c.subscriptionId === `sub_race_${i}`);
        expect(mine.map((c) => c.kind)).toEqual([i % 2 === 0 ? "downgrade_applied" : "past_due"]);
      }
      const [starter] = await t.db.db.select().from(plans).where(eq(plans.code, "starter-monthly"));
      const downgraded = await t.db.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.planId, starter?.id ?? "")));
      expect(downgraded).toHaveLength(USERS / 2);
    });
  });
