// `pnpm backup [file]` and `pnpm restore <file>`: both services' data in one file, and back into an
// empty install.
//
// Postgres (DATABASE_URL set; the auth database is AUTH_DATABASE_URL, else DATABASE_URL's database
// with `_auth`, as `pnpm start` uses): `pg_dump` of each database as plain SQL, restored with
// `psql` in one transaction; where `pg_dump` is not installed, every table's rows read by Node and
// restored on the schema the service's migrations build (scripts/backup-rows.mjs).
// PGlite (no DATABASE_URL): a copy of `DATA_DIR/api` and `DATA_DIR/auth`; the services must be
// stopped, since PGlite keeps its files open.
// The file is a gzipped tar: `parley-backup.json` (what it holds), then `postgres/api.sql` and
// `postgres/auth.sql`, or `pglite/api/` and `pglite/auth/`.
//
// Secrets are not in the file: keep MODEL_KEYS_SECRET (bots' model API keys), IDENTITY_SECRETS_KEY
// or else AUTH_EVENTS_SECRET (bots' identity secrets) and BETTER_AUTH_SECRET (sessions, the
// signing keys' encryption) with it; without them the restored install cannot open what they seal.
import { execFile } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { dumpRows, restoreRows } from "./backup-rows.mjs";
import { root } from "./lib.mjs";

const FORMAT = 1;
const MANIFEST = "parley-backup.json";
const SERVICES = ["api", "auth"];
const exec = promisify(execFile);

class Refused extends Error {}

function targets(env) {
  const api = env.DATABASE_URL || undefined;
  if (!api) {
    const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, ".data"));
    return {
      driver: "pglite",
      dataDir,
      dirs: { api: path.join(dataDir, "api"), auth: path.join(dataDir, "auth") },
    };
  }
  let auth = env.AUTH_DATABASE_URL;
  if (!auth) {
    const url = new URL(api);
    url.pathname = `/${url.pathname.slice(1) || "postgres"}_auth`;
    auth = url.toString();
  }
  return { driver: "postgres", urls: { api, auth } };
}

/** The newest migration each service's code knows: recorded in the manifest for the reader. */
function migrationLevel(service) {
  const journal = JSON.parse(
    readFileSync(path.join(root, "apps", service, "drizzle/meta/_journal.json"), "utf8"),
  );
  return journal.entries.at(-1)?.tag ?? null;
}

async function tool(name, args) {
  try {
    return await exec(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if (err.code === "ENOENT") {
      throw new Refused(
        `${name} is not installed (Debian/Ubuntu: apt-get install postgresql-client, the same major version as the server or newer). With compose, run it inside the postgres container instead; see README, Backups.`,
      );
    }
    throw new Refused(`${name} failed: ${(err.stderr || err.message).trim()}`);
  }
}

/** Whether an executable is on PATH (pg_dump/psql come with the PostgreSQL client package). */
function onPath(name, env = process.env) {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const pg = () => createRequire(path.join(root, "packages/db/package.json"))("pg");

async function withClient(url, fn) {
  const client = new (pg().Client)({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database to restore into: created when missing; refused when it holds any table. */
async function emptyDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await withClient(admin.toString(), async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await c.query(`create database "${name.replaceAll('"', '""')}"`);
  });
  const tables = await withClient(url, (c) =>
    c.query(
      "select table_schema || '.' || table_name as t from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') limit 3",
    ),
  );
  if (tables.rowCount) {
    throw new Refused(
      `database ${name} is not empty (${tables.rows.map((r) => r.t).join(", ")}…): restore goes into an empty install only`,
    );
  }
}

function pgliteClosed(dir) {
  if (existsSync(path.join(dir, "postmaster.pid"))) {
    throw new Refused(
      `${dir} is open (postmaster.pid): stop \`pnpm start\` first. If nothing runs, a crashed run left the file: start and stop once.`,
    );
  }
}

export async function backup(file, env = process.env) {
  const t = targets(env);
  const work = mkdtempSync(path.join(tmpdir(), "parley-backup-"));
  try {
    const manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      driver: t.driver,
      migrations: Object.fromEntries(SERVICES.map((s) => [s, migrationLevel(s)])),
      secretsToKeep: [
        "MODEL_KEYS_SECRET",
        "IDENTITY_SECRETS_KEY or AUTH_EVENTS_SECRET",
        "BETTER_AUTH_SECRET",
      ],
    };
    if (t.driver === "postgres" && !onPath("pg_dump", env)) {
      // No PostgreSQL client here: every table's rows, read by Node (scripts/backup-rows.mjs).
      manifest.method = "rows";
      for (const s of SERVICES) await dumpRows(t.urls[s], path.join(work, "postgres", s));
    } else if (t.driver === "postgres") {
      manifest.method = "pg_dump";
      mkdirSync(path.join(work, "postgres"));
      for (const s of SERVICES) {
        await tool("pg_dump", [
          "--no-owner",
          "--no-privileges",
          "--format=plain",
          `--file=${path.join(work, "postgres", `${s}.sql`)}`,
          `--dbname=${t.urls[s]}`,
        ]);
      }
    } else {
      for (const s of SERVICES) {
        const dir = t.dirs[s];
        if (!existsSync(path.join(dir, "PG_VERSION")))
          throw new Refused(
            `no PGlite data in ${dir}: set DATA_DIR to the install's data folder, or DATABASE_URL (and AUTH_DATABASE_URL) for Postgres`,
          );
        pgliteClosed(dir);
        cpSync(dir, path.join(work, "pglite", s), { recursive: true });
      }
    }
    writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const out = path.resolve(file);
    // Customer data and password hashes: readable by its owner only, from the first byte. The file
    // is made 0600 before tar writes into it (tar keeps an existing file's mode), whatever the
    // umask or an older file's mode, and set again after.
    writeFileSync(out, "", { mode: 0o600 });
    chmodSync(out, 0o600);
    await tool("tar", ["-czf", out, "-C", work, MANIFEST, t.driver]);
    chmodSync(out, 0o600);
    return { file: out, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function restore(file, env = process.env) {
  const t = targets(env);
  if (!existsSync(file)) throw new Refused(`${file}: no such file`);
  const work = mkdtempSync(path.join(tmpdir(), "parley-restore-"));
  try {
    // The manifest first: what the file holds decides what to check before anything is unpacked.
    await tool("tar", ["-xzf", path.resolve(file), "-C", work, MANIFEST]).catch(() => {
      throw new Refused(`${file} is not a Parley backup (not a gzipped tar with ${MANIFEST})`);
    });
    const manifestPath = path.join(work, MANIFEST);
    const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : null;
    if (manifest?.format !== FORMAT) throw new Refused(`${file} is not a Parley backup (no ${MANIFEST})`);
    if (manifest.driver !== t.driver) {
      throw new Refused(
        `${file} holds ${manifest.driver} data and this install runs on ${t.driver} (${t.driver === "postgres" ? "DATABASE_URL is set" : "no DATABASE_URL"}); restore it where it came from`,
      );
    }
    if (t.driver === "pglite") {
      for (const s of SERVICES) {
        const dir = t.dirs[s];
        if (existsSync(dir) && readdirSync(dir).length) {
          throw new Refused(
            `${dir} is not empty: restore goes into an empty install only (move it away first)`,
          );
        }
      }
    } else {
      for (const s of SERVICES) await emptyDatabase(t.urls[s]);
    }
    await tool("tar", ["-xzf", path.resolve(file), "-C", work]);
    if (t.driver === "postgres" && manifest.method === "rows") {
      for (const s of SERVICES) {
        if (!existsSync(path.join(work, "postgres", s, "tables.json")))
          throw new Refused(`${file} has no ${s} database`);
        await restoreRows(t.urls[s], path.join(work, "postgres", s), s, work, Refused);
      }
    } else if (t.driver === "postgres") {
      for (const s of SERVICES) {
        const sql = path.join(work, "postgres", `${s}.sql`);
        if (!existsSync(sql)) throw new Refused(`${file} has no ${s} database`);
        await tool("psql", [
          "-X",
          "-q",
          "-v",
          "ON_ERROR_STOP=1",
          "--single-transaction",
          `--dbname=${t.urls[s]}`,
          `--file=${sql}`,
        ]);
      }
    } else {
      for (const s of SERVICES) {
        if (!existsSync(path.join(work, "pglite", s, "PG_VERSION")))
          throw new Refused(`${file} has no ${s} data`);
      }
      for (const s of SERVICES) {
        mkdirSync(path.dirname(t.dirs[s]), { recursive: true });
        cpSync(path.join(work, "pglite", s), t.dirs[s], { recursive: true });
      }
    }
    return { manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const secretsNote =
  "Keep MODEL_KEYS_SECRET, IDENTITY_SECRETS_KEY (or AUTH_EVENTS_SECRET when it is unset) and BETTER_AUTH_SECRET with this file: it holds data they encrypt, not the secrets.";

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, arg] = process.argv.slice(2);
  try {
    if (command === "backup") {
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const { file, manifest } = await backup(arg ?? `parley-backup-${stamp}.tar.gz`);
      console.log(`Backed up both services (${manifest.driver}) to ${file}.\n${secretsNote}`);
    } else if (command === "restore" && arg) {
      const { manifest } = await restore(arg);
      console.log(
        `Restored both services (${manifest.driver}, taken ${manifest.createdAt}). Start them with the secrets of the install it came from; they apply any newer migrations at boot.`,
      );
    } else {
      console.error("usage: pnpm backup [file] | pnpm restore <file>");
      process.exit(2);
    }
  } catch (err) {
    console.error(err instanceof Refused ? err.message : err);
    process.exit(1);
  }
}
