import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimRows, createDb, type DbHandle, drainBatches } from "./index";
import { createScratchDatabase, type ScratchDatabase, testDrivers } from "./testing";

const work = pgTable("claim_test_work", {
  id: text().primaryKey(),
  dueAt: timestamp({ withTimezone: true }).notNull(),
  claimedBy: text(),
  claims: integer().notNull().default(0),
});

describe.each(testDrivers())("claimRows on %s", (driver) => {
  let scratch: ScratchDatabase;
  let h: DbHandle<Record<string, unknown>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(driver, "infra_claim");
    h = await createDb({ url: scratch.url, schema: {}, migrationsTable: "claim_test_migrations" });
    await h.db.execute(sql`create table claim_test_work (
      id text primary key, due_at timestamptz not null, claimed_by text, claims int not null default 0)`);
  });
  afterAll(async () => {
    await h?.close();
    await scratch?.drop();
  });

  const claim = (owner: string, limit: number) =>
    claimRows<{ id: string }>(h.db, {
      table: work,
      due: sql`claimed_by is null and due_at <= now()`,
      orderBy: sql`due_at`,
      limit,
      set: sql`claimed_by = ${owner}, claims = claims + 1`,
      returning: sql`id`,
    });

  it("hands each due row to exactly one of several claimers at once, oldest first, never a row not due", async () => {
    await h.db.execute(sql`insert into claim_test_work (id, due_at)
      select 'w' || lpad(i::text, 2, '0'), now() - (i || ' seconds')::interval from generate_series(1, 25) i`);
    await h.db.execute(
      sql`insert into claim_test_work (id, due_at) values ('future', now() + interval '1 hour')`,
    );

    const batchesOf = await Promise.all(
      ["a", "b", "c"].map(async (owner) => {
        const batches: number[][] = [];
        await drainBatches(4, async () => {
          const rows = await claim(owner, 4);
          if (rows.length) batches.push(rows.map((r) => Number(r.id.slice(1))));
          return rows.length;
        });
        return batches;
      }),
    );
    const all = batchesOf.flat(2);
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    const rows = await h.db.select().from(work);
    expect(rows.filter((r) => r.claims > 1)).toEqual([]);
    expect(rows.find((r) => r.id === "future")?.claimedBy).toBeNull();
    // Oldest first (a higher number is older): each of a claimer's batches is older than its next.
    for (const batches of batchesOf)
      for (let i = 1; i < batches.length; i++)
        expect(Math.min(...(batches[i - 1] ?? []))).toBeGreaterThan(Math.max(...(batches[i] ?? [])));
  });

  it("claims nothing when nothing is due, and drainBatches stops at a short batch", async () => {
    let calls = 0;
    const n = await drainBatches(5, async () => {
      calls++;
      return (await claim("late", 5)).length;
    });
    expect(n).toBe(0);
    expect(calls).toBe(1);
  });
});
