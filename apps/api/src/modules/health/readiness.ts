import { readFileSync } from "node:fs";
import path from "node:path";
import type { Readiness } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { PubSub } from "../../lib/pubsub";

export interface ReadinessDeps {
  db: DbHandle<Record<string, unknown>>;
  /** drizzle-kit's folder: its journal lists every migration this code expects. */
  migrationsFolder: string;
  migrationsTable: string;
  redis?: Pick<Redis, "ping"> | undefined;
  /** The replicas' pub/sub: whether this one is subscribed (cache invalidations, later live chat). */
  pubsub?: Pick<PubSub, "state"> | undefined;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function timed<T>(run: () => Promise<T>): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await run();
    return { ok: true, latencyMs: round(performance.now() - started) };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

/** Readiness of this process: database, migrations, Redis, pub/sub (see `readinessSchema` for what fails it). */
export function createReadinessCheck(deps: ReadinessDeps) {
  const journal = JSON.parse(
    readFileSync(path.join(deps.migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as {
    entries: { when: number; tag: string }[];
  };
  return async function check(): Promise<Readiness> {
    const database = await timed(() => deps.db.ping());
    // Down, the database cannot say what is applied: not "every migration is pending".
    let migrations: Readiness["checks"]["migrations"] = { ok: false, checked: false, pending: [] };
    if (database.ok) {
      let pending = journal.entries.map((e) => e.tag);
      try {
        const rows = rowsOf<{ created_at: string | number }>(
          await deps.db.db.execute(
            sql`select created_at from drizzle.${sql.identifier(deps.migrationsTable)}`,
          ),
        );
        const applied = new Set(rows.map((r) => Number(r.created_at)));
        pending = journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
      } catch {
        // No journal table at all: nothing is applied.
      }
      migrations = { ok: pending.length === 0, checked: true, pending };
    }
    const redis = deps.redis
      ? { configured: true, ...(await timed(async () => deps.redis?.ping())) }
      : { configured: false, ok: true, latencyMs: null };
    const pubsub = deps.pubsub?.state() ?? { configured: false, ok: true, channels: 0, pending: 0 };
    // A lost subscription is `degraded`, not `not_ready`, like Redis itself: it is lost on every
    // replica at once when the shared Redis goes, and failing them all would turn stale caches
    // (bounded by their 5 s TTL) into an outage. It comes back by itself (resubscribed on every
    // reconnect). A feature that cannot work without it (live chat) should say so where it is
    // used, not take the replica out of the load balancer.
    const status =
      !database.ok || !migrations.ok ? "not_ready" : redis.ok && pubsub.ok ? "ready" : "degraded";
    return { status, checks: { database, migrations, redis, pubsub } };
  };
}
