import { readFileSync } from "node:fs";
import path from "node:path";
import { type AuthReadiness, authReadinessSchema, livenessSchema } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { AUTH_MIGRATIONS_TABLE, type AuthDb } from "../db";
import { migrationsFolder } from "../env";

const startedAt = Date.now();
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * What an orchestrator probes. `/live`: the process answers; it never touches the database, so an
 * outage of the database takes the replicas out of the load balancer (`/ready`) without the
 * kubelet restarting every one. `/ready`: the database answers and has every migration this code
 * needs. better-auth's `/ok` (compose's healthcheck) stays as it is.
 */
export const healthRoutes: FastifyPluginAsync<{ db: AuthDb; version: string }> = async (
  app,
  { db, version },
) => {
  const journal = (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;

  app.get("/live", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return livenessSchema.parse({
      status: "ok",
      version,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
  });

  app.get("/ready", async (request, reply) => {
    const started = performance.now();
    let database: AuthReadiness["checks"]["database"] = { ok: false, latencyMs: null };
    try {
      await db.ping();
      database = { ok: true, latencyMs: round(performance.now() - started) };
    } catch (err) {
      request.log.warn({ err }, "readiness: database unreachable");
    }
    // Down, the database cannot say what is applied: not "every migration is pending".
    let migrations: AuthReadiness["checks"]["migrations"] = { ok: false, checked: false, pending: [] };
    if (database.ok) {
      let pending = journal.map((e) => e.tag);
      try {
        const rows = rowsOf<{ created_at: string | number }>(
          await db.db.execute(sql`select created_at from drizzle.${sql.identifier(AUTH_MIGRATIONS_TABLE)}`),
        );
        const applied = new Set(rows.map((r) => Number(r.created_at)));
        pending = journal.filter((e) => !applied.has(e.when)).map((e) => e.tag);
      } catch {
        // No journal table at all: nothing is applied.
      }
      migrations = { ok: pending.length === 0, checked: true, pending };
    }
    const body = authReadinessSchema.parse({
      status: database.ok && migrations.ok ? "ready" : "not_ready",
      checks: { database, migrations },
    });
    reply.header("cache-control", "no-store");
    return reply.status(body.status === "ready" ? 200 : 503).send(body);
  });
};
