// The pure-Node way `pnpm backup` / `pnpm restore` take for Postgres where `pg_dump` is not
// installed: every table's rows as JSON lines, read in one snapshot; restored by building the
// schema from the service's own migrations (up to the level the backup was taken at), then
// loading the rows with foreign keys and triggers set aside, then putting them back (the foreign
// keys are checked again as they return).
import {
  closeSync,
  cpSync,
  createReadStream,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { root } from "./lib.mjs";

const requireDb = createRequire(path.join(root, "packages/db/package.json"));
const pg = () => requireDb("pg");
const MIGRATIONS_TABLE = { api: "__api_migrations", auth: "__auth_migrations" };
const ident = (name) => `"${String(name).replaceAll('"', '""')}"`;
const qualified = (t) => `${ident(t.schema)}.${ident(t.name)}`;

async function connect(url) {
  const client = new (pg().Client)({ connectionString: url });
  await client.connect();
  return client;
}

/** Writes `tables.json` and one `<schema>.<table>.jsonl` per table into `dir`. */
export async function dumpRows(url, dir) {
  mkdirSync(dir, { recursive: true });
  const c = await connect(url);
  try {
    await c.query("begin isolation level repeatable read read only");
    const { rows: tables } = await c.query(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1, 2`,
    );
    const index = [];
    for (const t of tables) {
      const file = `${t.schema}.${t.name}.jsonl`;
      const fd = openSync(path.join(dir, file), "w");
      let rows = 0;
      try {
        await c.query(
          `declare parley_rows no scroll cursor for select row_to_json(x)::text as j from ${qualified(t)} x`,
        );
        for (;;) {
          const batch = await c.query("fetch 500 from parley_rows");
          if (!batch.rows.length) break;
          writeSync(fd, `${batch.rows.map((r) => r.j).join("\n")}\n`);
          rows += batch.rows.length;
        }
        await c.query("close parley_rows");
      } finally {
        closeSync(fd);
      }
      index.push({ schema: t.schema, name: t.name, file, rows });
    }
    await c.query("commit");
    writeFileSync(path.join(dir, "tables.json"), `${JSON.stringify(index, null, 2)}\n`);
  } finally {
    await c.end();
  }
}

/** Rows of a dumped table, parsed. */
function readRows(dir, entry) {
  return readFileSync(path.join(dir, entry.file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * A copy of the service's migrations holding only those the backup had applied, so the schema is
 * built exactly as it was; the services apply the newer ones themselves when they start.
 */
function migrationsAt(service, dir, work, Refused) {
  const entry = JSON.parse(readFileSync(path.join(dir, "tables.json"), "utf8")).find(
    (t) => t.schema === "drizzle" && t.name === MIGRATIONS_TABLE[service],
  );
  const applied = new Set(entry ? readRows(dir, entry).map((r) => Number(r.created_at)) : []);
  const folder = path.join(work, `migrations-${service}`);
  cpSync(path.join(root, "apps", service, "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = [...applied].filter((when) => !known.has(when));
  if (unknown.length) {
    throw new Refused(
      `the ${service} backup was taken by a newer release (${unknown.length} migration(s) this code does not have): restore it with that release`,
    );
  }
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => applied.has(e.when)) }),
  );
  return folder;
}

/** Restores `dumpRows`' output into the empty database at `url`. */
export async function restoreRows(url, dir, service, work, Refused) {
  const folder = migrationsAt(service, dir, work, Refused);
  const { drizzle } = requireDb("drizzle-orm/node-postgres");
  const { migrate } = requireDb("drizzle-orm/node-postgres/migrator");
  const pool = new (pg().Pool)({ connectionString: url, max: 2 });
  try {
    await migrate(drizzle(pool), {
      migrationsFolder: folder,
      migrationsTable: MIGRATIONS_TABLE[service],
      migrationsSchema: "drizzle",
    });
  } finally {
    await pool.end();
  }
  const index = JSON.parse(readFileSync(path.join(dir, "tables.json"), "utf8"));
  const c = await connect(url);
  try {
    await c.query("begin");
    const { rows: fks } = await c.query(
      `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
       where contype = 'f' and connamespace::regnamespace::text not in ('pg_catalog', 'information_schema')`,
    );
    for (const fk of fks) await c.query(`alter table ${fk.tbl} drop constraint ${ident(fk.conname)}`);
    // The migrations' own journal is already written; everything else comes from the backup.
    const tables = index.filter((t) => !(t.schema === "drizzle" && t.name === MIGRATIONS_TABLE[service]));
    for (const t of tables) {
      await c.query(`alter table ${qualified(t)} disable trigger user`);
      const { rows: cols } = await c.query(
        `select attname, attidentity from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [qualified(t)],
      );
      const list = cols.map((col) => ident(col.attname)).join(", ");
      const overriding = cols.some((col) => col.attidentity === "a") ? " overriding system value" : "";
      const batch = [];
      const flush = async () => {
        if (!batch.length) return;
        await c.query(
          `insert into ${qualified(t)} (${list})${overriding} select ${list} from json_populate_recordset(null::${qualified(t)}, $1::json)`,
          [`[${batch.join(",")}]`],
        );
        batch.length = 0;
      };
      const lines = createInterface({
        input: createReadStream(path.join(dir, t.file)),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= 500) await flush();
      }
      await flush();
      await c.query(`alter table ${qualified(t)} enable trigger user`);
      // Sequences (serial and identity columns) continue after the restored rows.
      const { rows: seqs } = await c.query(
        `select a.attname, pg_get_serial_sequence($1, a.attname) as seq from pg_attribute a
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence($1, a.attname) is not null`,
        [qualified(t)],
      );
      for (const s of seqs) {
        await c.query(
          `select setval($1, coalesce((select max(${ident(s.attname)}) from ${qualified(t)}), 0) + 1, false)`,
          [s.seq],
        );
      }
    }
    for (const fk of fks)
      await c.query(`alter table ${fk.tbl} add constraint ${ident(fk.conname)} ${fk.def}`);
    await c.query("commit");
  } catch (err) {
    await c.query("rollback").catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}
