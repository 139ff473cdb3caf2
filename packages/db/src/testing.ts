import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { DbDriver } from "./index";

/**
 * The drivers a test suite runs against.
 * - "both" (the default), for a suite whose subject is the database's own behaviour (statements,
 *   locks and races, claims, migrations, search, encodings, pub/sub across replicas, connections
 *   lost): PGlite always, and Postgres too when DATABASE_URL is set.
 * - "either", for a suite whose subject does not depend on the driver (HTTP contracts,
 *   permissions, texts, mails, limits): once, on Postgres when DATABASE_URL is set (the production
 *   database), else PGlite. PGlite stays covered by the "both" suites and by every browser
 *   journey, which run on it.
 */
export function testDrivers(
  scope: "both" | "either" = "both",
  env: Record<string, string | undefined> = process.env,
): DbDriver[] {
  if (!env.DATABASE_URL) return ["pglite"];
  return scope === "both" ? ["pglite", "postgres"] : ["postgres"];
}

export interface ScratchDatabase {
  /** Connection string of the new, empty database; undefined for PGlite (in-memory). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: for Postgres a new database created on the server named by
 * DATABASE_URL and dropped afterwards; for PGlite nothing (the in-memory instance dies with it).
 */
export async function createScratchDatabase(
  driver: DbDriver,
  prefix = "parley_test",
): Promise<ScratchDatabase> {
  if (driver === "pglite") return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("createScratchDatabase(postgres) needs DATABASE_URL");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A copy of a migrations folder holding only the entries up to (and without) `firstNewTag`. */
export function migrationsBefore(folder: string, firstNewTag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === firstNewTag);
  if (cut < 0) throw new Error(`no migration ${firstNewTag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return {
    dir,
    /** Brings the copy up to date: the next migrate() applies the new migrations. */
    upgrade() {
      cpSync(folder, dir, { recursive: true });
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
