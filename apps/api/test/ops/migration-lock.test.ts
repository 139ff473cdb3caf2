import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, rowsOf } from "@parley/db";
import {
  createScratchDatabase,
  migrationsBefore,
  type ScratchDatabase,
  testDrivers,
} from "@parley/db/testing";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { migrationsFolder as authMigrations } from "../../../auth/src/env";
import * as apiSchema from "../../src/db/schema";
import { migrationsFolder as apiMigrations } from "../../src/env";
import { createReadinessCheck } from "../../src/modules/health/readiness";
import { until } from "../until";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/**
 * Replicas starting together on a fresh Postgres database: each service's migrations run once,
 * one process after another (a session-level pg_advisory_lock keyed on the service's migrations
 * table), and every process boots. PGlite is embedded in one process (`pnpm start`), so there is
 * no second replica to race there.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  "migrations with several replicas starting at once (Postgres)",
  () => {
    const services = {
      api: { table: "__api_migrations", folder: apiMigrations },
      auth: { table: "__auth_migrations", folder: authMigrations },
    } as const;
    const scratch: Partial<Record<keyof typeof services, ScratchDatabase>> = {};
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      scratch.api = await createScratchDatabase("postgres", "parley_lock_api");
      scratch.auth = await createScratchDatabase("postgres", "parley_lock_auth");
    });
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
      await scratch.api?.drop();
      await scratch.auth?.drop();
    });

    const start = (service: keyof typeof services) => {
      let out = "";
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "migrate-child.ts"), service],
        {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? "", DATABASE_URL: scratch[service]?.url ?? "" },
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
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      return { exited, output: () => out };
    };

    it(
      "makes the replicas wait for one another, applies each migration once, and boots every one",
      async () => {
        // The test takes each service's migration lock first, so all replicas are sure to arrive while
        // it is held: they must queue on it rather than migrate side by side.
        const holders = await Promise.all(
          (["api", "auth"] as const).map(async (service) => {
            const client = new pg.Client({ connectionString: scratch[service]?.url });
            await client.connect();
            await client.query("select pg_advisory_lock(hashtext($1))", [services[service].table]);
            return { service, client };
          }),
        );
        const replicas = [start("api"), start("api"), start("api"), start("auth"), start("auth")];
        const waiting = async (client: pg.Client) =>
          Number(
            (
              await client.query(
                "select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
              )
            ).rows[0].n,
          );
        const [apiHolder, authHolder] = holders;
        if (!apiHolder || !authHolder) throw new Error("no lock holders");
        await until(
          "three API replicas waiting on the lock",
          async () => (await waiting(apiHolder.client)) === 3,
          90_000,
        );
        await until(
          "two auth replicas waiting on the lock",
          async () => (await waiting(authHolder.client)) === 2,
          90_000,
        );
        // Nothing was migrated while the lock was held.
        const schemas = await apiHolder.client.query(
          "select count(*) as n from information_schema.tables where table_schema = 'drizzle'",
        );
        expect(Number(schemas.rows[0].n)).toBe(0);

        for (const { client, service } of holders) {
          await client.query("select pg_advisory_unlock(hashtext($1))", [services[service].table]);
        }
        const codes = await Promise.all(replicas.map((r) => r.exited));
        expect(codes, replicas.map((r) => r.output()).join("\n---\n")).toEqual([0, 0, 0, 0, 0]);
        for (const r of replicas) expect(r.output()).toMatch(/^migrated (api|auth) in \d+ ms$/m);

        for (const { client, service } of holders) {
          const journal = JSON.parse(
            readFileSync(path.join(services[service].folder, "meta/_journal.json"), "utf8"),
          );
          const applied = await client.query(`select hash from drizzle.${services[service].table}`);
          // Each migration recorded exactly once, however many replicas started.
          expect(applied.rowCount, service).toBe(journal.entries.length);
          expect(new Set(applied.rows.map((r) => r.hash)).size, service).toBe(journal.entries.length);
          await client.end();
        }
      },
      scaled(240_000),
    );
  },
);

/**
 * A rolling update runs the old release beside the new one on the new schema, and a rollback runs
 * the old release on it alone. That works because migrations only add (expand); what removes or
 * renames (contract) ships a release later, once no running code reads it.
 */
describe("an older release on a newer database", () => {
  for (const driver of testDrivers()) {
    it(
      `boots without migrating and stays ready (${driver})`,
      async () => {
        const scratch = await createScratchDatabase(driver, "parley_rollback");
        const journal = JSON.parse(readFileSync(path.join(apiMigrations, "meta/_journal.json"), "utf8"));
        const newest = journal.entries.at(-1).tag as string;
        const older = migrationsBefore(apiMigrations, newest);
        // PGlite is one process at a time on its folder: the new release migrates and stops, then the
        // old one (a rollback) opens it. On Postgres both run side by side (a rolling update).
        const dataDir =
          driver === "pglite" ? mkdtempSync(path.join(tmpdir(), "parley-rollback-")) : undefined;
        const open = (migrationsFolder: string) =>
          createDb({
            url: scratch.url,
            dataDir,
            schema: apiSchema,
            migrationsFolder,
            migrationsTable: "__api_migrations",
          });
        const handles: { close(): Promise<void> }[] = [];
        try {
          const newer = await open(apiMigrations);
          handles.push(newer);
          if (driver === "pglite") await handles.pop()?.close();
          // What the old release does at boot: opening migrates, and finds nothing of its own left.
          const old = await open(older.dir);
          handles.push(old);
          const oldReady = createReadinessCheck({
            db: old,
            migrationsFolder: older.dir,
            migrationsTable: "__api_migrations",
          });
          expect(await oldReady()).toMatchObject({ checks: { migrations: { ok: true, pending: [] } } });
          const rows = rowsOf<{ n: number }>(
            await old.db.execute(sql`select count(*)::int as n from drizzle.__api_migrations`),
          );
          // The newer migration stays applied, recorded once; the old release added nothing.
          expect(rows[0]?.n).toBe(journal.entries.length);
          // And the new release's own check is satisfied too.
          const newReady = createReadinessCheck({
            db: old,
            migrationsFolder: apiMigrations,
            migrationsTable: "__api_migrations",
          });
          expect(await newReady()).toMatchObject({ checks: { migrations: { ok: true, pending: [] } } });
        } finally {
          for (const h of handles) await h.close();
          older.remove();
          if (dataDir) rmSync(dataDir, { recursive: true, force: true });
          await scratch.drop();
        }
      },
      scaled(120_000),
    );
  }
});

/**
 * Expand/contract: a migration that drops, renames or retypes something the previous release still
 * reads would break that release during a rolling update and make a rollback impossible. Such a
 * step ships only as a "contract" migration, a release after the code stopped reading it, and says
 * so in its first line (`-- contract: <what no longer reads it>`).
 */
describe("migrations are additive unless marked as a contract step", () => {
  // Written before the rule; both removed columns no release reads any more.
  const before = new Set(["0016_usage_files.sql", "0018_arabic_search.sql"]);
  const destructive =
    /\b(drop\s+(table|column|type|schema)|rename\s+(to|column)|alter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type|set\s+not\s+null)\b/i;
  for (const [service, folder] of [
    ["api", apiMigrations],
    ["auth", authMigrations],
  ] as const) {
    it(`${service}: no migration removes, renames or retypes without a contract line`, () => {
      const files = readdirSync(folder).filter((f) => f.endsWith(".sql"));
      expect(files.length).toBeGreaterThan(0);
      const offending = files.filter((file) => {
        if (service === "api" && before.has(file)) return false;
        const text = readFileSync(path.join(folder, file), "utf8");
        const contract = /^-- contract: \S/.test(text);
        return destructive.test(text) && !contract;
      });
      expect(offending).toEqual([]);
    });
  }

  it("recognises what it refuses", () => {
    for (const statement of [
      'ALTER TABLE "bots" DROP COLUMN "name";',
      "drop table leads;",
      'ALTER TABLE "a" RENAME COLUMN "b" TO "c";',
      'ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE integer;',
      'ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;',
    ])
      expect(destructive.test(statement), statement).toBe(true);
    expect(destructive.test('ALTER TABLE "a" ADD COLUMN "b" text;')).toBe(false);
    expect(destructive.test('CREATE INDEX "x" ON "a" ("b");')).toBe(false);
  });
});
