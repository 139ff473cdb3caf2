import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbDriver, MigrationLockTimeoutError, type MigrationLog } from "./index";
import { rowsOf } from "./rows";
import { createScratchDatabase, type ScratchDatabase, testDrivers } from "./testing";

// Migrations say what they apply and how long they waited for the lock, and a lock another session
// keeps is waited for a bounded time only: the start fails with an error naming the lock.
const TABLE = "__migrate_test_migrations";

interface Line {
  level: "info" | "warn" | "error";
  details: Record<string, unknown>;
  message: string;
}
const collect = () => {
  const lines: Line[] = [];
  const log: MigrationLog = {
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
    error: (details, message) => lines.push({ level: "error", details, message }),
  };
  return { lines, log };
};

let folder: string;
const writeMigrations = (tags: string[]) => {
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  for (const tag of tags)
    writeFileSync(
      path.join(folder, `${tag}.sql`),
      tag.endsWith("_broken")
        ? "create table nope (id int primary key, id int);"
        : `create table ${tag.replace(/^\d+_/, "")} (id int primary key);`,
    );
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({
      version: "7",
      dialect: "postgresql",
      entries: tags.map((tag, idx) => ({
        idx,
        version: "7",
        when: 1_700_000_000_000 + idx,
        tag,
        breakpoints: true,
      })),
    }),
  );
};

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "parley-migrate-"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(testDrivers())("migration log on %s", (driver: DbDriver) => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(driver, "parley_migrate_test");
  });
  afterAll(async () => scratch?.drop());

  it("logs the pending migrations by tag, each one applied, the lock wait, and nothing the next time", async () => {
    writeMigrations(["0000_alpha", "0001_beta"]);
    // Opened without migrating, then migrated step by step as releases would be.
    let current = collect();
    const handle = await createDb({
      url: scratch.url,
      schema: {},
      migrationsFolder: folder,
      migrationsTable: TABLE,
      migrateOnOpen: false,
      log: {
        info: (d, m) => current.log.info(d, m),
        warn: (d, m) => current.log.warn(d, m),
        error: (d, m) => current.log.error(d, m),
      },
    });
    const open = async (log: MigrationLog) => {
      current = { lines: [], log };
      await handle.migrate();
      return { close: async () => {} };
    };
    try {
      const first = collect();
      await (await open(first.log)).close();
      const messages = first.lines.map((l) => l.message);
      expect(messages).toEqual([
        "migrations: applying 2 pending",
        "migrations: applied 0000_alpha",
        "migrations: applied 0001_beta",
        "migrations: done",
      ]);
      expect(first.lines[0]?.details).toMatchObject({
        migrationsTable: TABLE,
        applied: 0,
        pending: ["0000_alpha", "0001_beta"],
      });
      // Postgres takes a lock (and says how long it waited); PGlite has one process and no lock.
      if (driver === "postgres") expect(first.lines[0]?.details.lockWaitMs).toEqual(expect.any(Number));
      else expect(first.lines[0]?.details).not.toHaveProperty("lockWaitMs");
      expect(first.lines.at(-1)?.details).toMatchObject({ applied: 2, durationMs: expect.any(Number) });

      const again = collect();
      await (await open(again.log)).close();
      expect(again.lines.map((l) => l.message)).toEqual(["migrations: up to date"]);
      expect(again.lines[0]?.details).toMatchObject({ applied: 2, pending: [] });

      // A new release: only its migration is pending.
      writeMigrations(["0000_alpha", "0001_beta", "0002_gamma"]);
      const upgrade = collect();
      await (await open(upgrade.log)).close();
      expect(upgrade.lines[0]).toMatchObject({
        message: "migrations: applying 1 pending",
        details: { applied: 2, pending: ["0002_gamma"] },
      });
      expect(upgrade.lines.map((l) => l.message)).toContain("migrations: applied 0002_gamma");

      // A migration that fails is logged as an error, with what was pending, and thrown.
      writeMigrations(["0000_alpha", "0001_beta", "0002_gamma", "0003_broken"]);
      const broken = collect();
      await expect(open(broken.log)).rejects.toThrow();
      expect(broken.lines.at(-1)).toMatchObject({
        level: "error",
        message: "migrations: failed, none of the pending ones applied",
        details: { pending: ["0003_broken"] },
      });
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)("the migration lock on Postgres", () => {
  let scratch: ScratchDatabase;
  let holder: pg.Client | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase("postgres", "parley_migrate_lock_test");
    writeMigrations(["0000_alpha"]);
  });
  afterEach(async () => {
    await holder?.end();
    holder = undefined;
  });
  afterAll(async () => scratch?.drop());

  /** Another session (a replica, the migration Job) holding the lock, as migrate() takes it. */
  const holdLock = async () => {
    holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query("select pg_advisory_lock(hashtext($1))", [TABLE]);
    return holder;
  };
  const open = (log: MigrationLog, migrationLockTimeoutMs: number) =>
    createDb({
      url: scratch.url,
      schema: {},
      migrationsFolder: folder,
      migrationsTable: TABLE,
      log,
      migrationLockTimeoutMs,
    });

  it("gives up after the bound with an error naming the lock and the wait", async () => {
    await holdLock();
    const { lines, log } = collect();
    const started = performance.now();
    const err = await open(log, 400).then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = performance.now() - started;
    expect(err).toBeInstanceOf(MigrationLockTimeoutError);
    expect((err as Error).message).toMatch(
      new RegExp(
        `gave up waiting for the migration lock of ${TABLE} \\(pg_advisory_lock\\(hashtext\\('${TABLE}'\\)\\)\\) after 0\\.[4-9] s`,
      ),
    );
    expect((err as Error).message).toMatch(/MIGRATION_LOCK_TIMEOUT_SECONDS/);
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(10_000);
    expect(lines.map((l) => l.message)).toEqual(["migration lock held by another session: waiting for it"]);
    expect(lines[0]?.details).toMatchObject({ migrationsTable: TABLE, timeoutMs: 400 });
    // Nothing was applied, and the lock was not taken from its holder. (Locks of this test's own
    // database only: other suites on the same server take advisory locks of their own.)
    const held = await holder?.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
    );
    expect(held?.rows[0]?.n).toBe(1);
  });

  it("queues on the lock (seen in pg_locks), goes on once the holder lets go, and logs how long it waited", async () => {
    const h = await holdLock();
    const { lines, log } = collect();
    const opening = open(log, 20_000);
    // The waiting session is queued on the lock, as `pg_locks` shows an operator looking for it.
    const waiting = async () =>
      (
        await h.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
        )
      ).rows[0]?.n;
    const deadline = Date.now() + 10_000;
    while ((await waiting()) !== 1) {
      if (Date.now() > deadline) throw new Error("migrate() never queued on the lock");
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 250));
    await h.query("select pg_advisory_unlock(hashtext($1))", [TABLE]);
    const db = await opening;
    // The pooled connection that waited is back to the server's default lock_timeout.
    const timeout = rowsOf<{ lock_timeout: string }>(await db.db.execute(sql`show lock_timeout`));
    expect(timeout[0]?.lock_timeout).toBe("0");
    await db.close();
    expect(lines[0]?.message).toBe("migration lock held by another session: waiting for it");
    const applying = lines.find((l) => l.message.startsWith("migrations: applying"));
    expect(applying?.details.lockWaitMs).toBeGreaterThanOrEqual(250);
    expect(applying?.details.pending).toEqual(["0000_alpha"]);
  });
});
