import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DbDriver } from "./index";

/** The drivers a test suite runs against: PGlite always, Postgres when DATABASE_URL is set. */
export function testDrivers(): DbDriver[] {
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
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
