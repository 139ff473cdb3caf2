import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "./index";
import { rowsOf } from "./rows";

// In-memory PGlite databases (the tests') start from a copy of one already migrated with the same
// folder: each copy is its own database, and a folder that changes gets its own copy.
describe("in-memory PGlite from a migrated copy", () => {
  let folder: string;
  const writeMigrations = (tags: string[]) => {
    mkdirSync(path.join(folder, "meta"), { recursive: true });
    for (const tag of tags)
      writeFileSync(
        path.join(folder, `${tag}.sql`),
        `create table ${tag.replace(/^\d+_/, "")} (id int primary key);`,
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
  const open = () =>
    createDb({ schema: {}, migrationsFolder: folder, migrationsTable: "template_test_migrations" });
  const tables = async (h: Awaited<ReturnType<typeof open>>) =>
    rowsOf<{ table_name: string }>(
      await h.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "parley-template-"));
    writeMigrations(["0000_first"]);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("gives every handle a database of its own, already migrated", async () => {
    const a = await open();
    const b = await open();
    try {
      expect(await tables(a)).toEqual(["first"]);
      await a.db.execute(sql`insert into first (id) values (1)`);
      expect(rowsOf(await a.db.execute(sql`select id from first`))).toHaveLength(1);
      expect(rowsOf(await b.db.execute(sql`select id from first`))).toHaveLength(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("migrates a changed folder instead of reusing the copy of the old one", async () => {
    writeMigrations(["0000_first", "0001_second"]);
    const c = await open();
    try {
      expect(await tables(c)).toEqual(["first", "second"]);
    } finally {
      await c.close();
    }
  });
});
