import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase, testDrivers } from "@parley/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { openAuthDb } from "../../../auth/src/db";
import { buildApp, openAppDb } from "../../src/app";
import { loadEnv } from "../../src/env";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const run = promisify(execFile);

/** `pnpm backup` / `pnpm restore` as an operator runs them: a process with the install's settings. */
async function command(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(repoRoot, "scripts/backup.mjs"), ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? "", ...env },
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

type Install = { DATA_DIR: string } | { DATABASE_URL: string; AUTH_DATABASE_URL: string };

const dbEnv = (install: Install) => ({
  DATA_DIR: "DATA_DIR" in install ? install.DATA_DIR : "/nonexistent",
  DATABASE_URL: "DATABASE_URL" in install ? install.DATABASE_URL : undefined,
});
const authEnv = (install: Install) => ({
  DATA_DIR: "DATA_DIR" in install ? install.DATA_DIR : "/nonexistent",
  DATABASE_URL: "AUTH_DATABASE_URL" in install ? install.AUTH_DATABASE_URL : undefined,
});

/** An install with an account, a bot, a conversation and a payment, made through the real app. */
async function seed(install: Install) {
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
    DEMO_CONTENT: "true",
    ...Object.fromEntries(Object.entries(dbEnv(install)).filter(([, v]) => v !== undefined)),
  } as Record<string, string>);
  // The two services' databases are independent: made side by side (PGlite's initdb runs in a
  // process of its own for each).
  const api = async () => {
    const db = await openAppDb(env);
    const app = await buildApp({ env, db, logger: false });
    try {
      await app.services.plans.seed();
      await app.services.demo.seedShowcase();
      await app.ready();
      const started = await app.inject({
        method: "POST",
        url: `/api/widget/${SHOWCASE_CHATBOT_ID}/conversations`,
        headers: { "x-parley-visitor": "visitor_backup_0001" },
      });
      expect(started.statusCode, started.body).toBe(201);
      await db.db.execute(sql`
        insert into payments (track_id, user_id, plan_id, method, provider, amount_minor, currency, status, expires_at)
        select 'trk_backup_0001', 'auth_backup_owner', id, 'card', 'sandbox', 1500, 'BHD', 'captured', now()
        from plans order by id limit 1`);
    } finally {
      await app.close();
      await db.close();
    }
  };
  const auth = async () => {
    const db = await openAuthDb(authEnv(install));
    try {
      await db.db.execute(
        sql`insert into "user" (id, name, email) values ('auth_backup_owner', 'Olivia', 'olivia@example.com')`,
      );
    } finally {
      await db.close();
    }
  };
  await Promise.all([api(), auth()]);
}

/** Every table of a database: its row count and a hash of its rows, to compare before and after. */
async function contents(handle: { db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } }) {
  const tables = rowsOf<{ s: string; t: string }>(
    await handle.db.execute(sql`
      select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [row] = rowsOf<{ n: number; h: string }>(
      await handle.db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(s)}.${sql.identifier(t)} x`,
      ),
    );
    out[`${s}.${t}`] = `${row?.n}:${row?.h}`;
  }
  return out;
}

async function snapshot(install: Install) {
  const [api, auth] = await Promise.all([openAppDb(dbEnv(install)), openAuthDb(authEnv(install))]);
  try {
    const found = {
      account: rowsOf<{ email: string }>(await auth.db.execute(sql`select email from "user"`)).map(
        (r) => r.email,
      ),
      bot: rowsOf<{ id: string }>(await api.db.execute(sql`select id from chatbots`)).map((r) => r.id),
      conversations: rowsOf<{ n: number }>(
        await api.db.execute(sql`select count(*)::int as n from conversations`),
      )[0]?.n,
      payment: rowsOf<{ status: string }>(
        await api.db.execute(sql`select status from payments where track_id = 'trk_backup_0001'`),
      ).map((r) => r.status),
    };
    return { found, api: await contents(api), auth: await contents(auth) };
  } finally {
    await api.close();
    await auth.close();
  }
}

describe("pnpm backup → pnpm restore into an empty install", { timeout: scaled(120_000) }, () => {
  const folders: string[] = [];
  const scratches: ScratchDatabase[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "parley-backup-test-"));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    for (const s of scratches) await s.drop();
  });

  for (const driver of testDrivers()) {
    describe(driver, () => {
      let source: Install;
      let before: Awaited<ReturnType<typeof snapshot>>;
      let file = "";
      const emptyInstall = async (): Promise<Install> => {
        if (driver === "pglite") return { DATA_DIR: path.join(folder(), "data") };
        // Names only: `pnpm restore` creates the databases it restores into.
        const [api, auth] = [
          await createScratchDatabase("postgres", "parley_restore"),
          await createScratchDatabase("postgres", "parley_restore"),
        ];
        scratches.push(api, auth);
        await api.drop();
        await auth.drop();
        return { DATABASE_URL: api.url ?? "", AUTH_DATABASE_URL: auth.url ?? "" };
      };

      // A fresh install to back up: on PGlite two initdb processes, slow on a busy machine.
      beforeAll(async () => {
        if (driver === "pglite") {
          source = { DATA_DIR: path.join(folder(), "data") };
        } else {
          const [api, auth] = [
            await createScratchDatabase("postgres", "parley_backup"),
            await createScratchDatabase("postgres", "parley_backup"),
          ];
          scratches.push(api, auth);
          source = { DATABASE_URL: api.url ?? "", AUTH_DATABASE_URL: auth.url ?? "" };
        }
        await seed(source);
        before = await snapshot(source);
        file = path.join(folder(), "parley.tar.gz");
        const made = await command(["backup", file], source as Record<string, string>);
        expect(made.code, made.output).toBe(0);
        expect(made.output).toContain("MODEL_KEYS_SECRET");
        // Customer data: the owner's alone.
        expect(statSync(file).mode & 0o777).toBe(0o600);
      }, scaled(240_000));

      it("restores the same accounts, bots, conversations and payments, every table row for row", async () => {
        expect(before.found).toEqual({
          account: ["olivia@example.com"],
          bot: [SHOWCASE_CHATBOT_ID],
          conversations: 1,
          payment: ["captured"],
        });
        const target = await emptyInstall();
        const restored = await command(["restore", file], target as Record<string, string>);
        expect(restored.code, restored.output).toBe(0);
        const after = await snapshot(target);
        expect(after.found).toEqual(before.found);
        expect(after.api).toEqual(before.api);
        expect(after.auth).toEqual(before.auth);
        expect(Object.keys(after.api).length).toBeGreaterThan(20);
      });

      it("refuses to restore over an install that has data", async () => {
        // PGlite: every file of the folders as it was (opening them again would cost seconds).
        const files = (install: Install) =>
          "DATA_DIR" in install
            ? readdirSync(install.DATA_DIR, { recursive: true, withFileTypes: true })
                .filter((f) => f.isFile())
                .map((f) => {
                  const st = statSync(path.join(f.parentPath, f.name));
                  return `${path.join(f.parentPath, f.name)} ${st.size} ${st.mtimeMs}`;
                })
                .sort()
            : [];
        const unchanged = files(source);
        const refused = await command(["restore", file], source as Record<string, string>);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/not empty: restore goes into an empty install only|is not empty/);
        if ("DATA_DIR" in source) {
          expect(unchanged.length).toBeGreaterThan(100);
          expect(files(source)).toEqual(unchanged);
        } else {
          expect(await snapshot(source)).toEqual(before);
        }
      });

      it("refuses a file that is not a backup, and one from the other driver", async () => {
        const junk = path.join(folder(), "junk.tar.gz");
        writeFileSync(junk, "not a backup");
        const target = await emptyInstall();
        const notBackup = await command(["restore", junk], target as Record<string, string>);
        expect(notBackup.code).toBe(1);
        expect(notBackup.output).toMatch(/is not a Parley backup/);
        const other: Install =
          driver === "pglite"
            ? {
                DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
                AUTH_DATABASE_URL: "postgres://nobody@127.0.0.1:1/x",
              }
            : { DATA_DIR: path.join(folder(), "data") };
        const wrong = await command(["restore", file], other as Record<string, string>);
        expect(wrong.code).toBe(1);
        expect(wrong.output).toMatch(new RegExp(`holds ${driver} data`));
      });

      if (driver === "postgres") {
        it("without pg_dump and psql installed, backs up and restores the rows through Node, row for row", async () => {
          // A PATH with tar and gzip only, as on a host without the PostgreSQL client.
          const bin = folder();
          for (const tool of ["tar", "gzip"]) {
            const found = (process.env.PATH ?? "")
              .split(path.delimiter)
              .map((d) => path.join(d, tool))
              .find((f) => existsSync(f));
            if (!found) throw new Error(`${tool} not found`);
            symlinkSync(found, path.join(bin, tool));
          }
          const rowsFile = path.join(folder(), "rows.tar.gz");
          const made = await command(["backup", rowsFile], {
            ...(source as Record<string, string>),
            PATH: bin,
          });
          expect(made.code, made.output).toBe(0);
          const target = await emptyInstall();
          const restored = await command(["restore", rowsFile], {
            ...(target as Record<string, string>),
            PATH: bin,
          });
          expect(restored.code, restored.output).toBe(0);
          const after = await snapshot(target);
          expect(after.found).toEqual(before.found);
          expect(after.api).toEqual(before.api);
          expect(after.auth).toEqual(before.auth);
          // Not pg_dump's file: the rows' own.
          const listing = await run("tar", ["-tzf", rowsFile]);
          expect(listing.stdout).toMatch(/postgres\/api\/tables\.json/);
          expect(listing.stdout).not.toMatch(/\.sql$/m);
        });
      }

      if (driver === "pglite") {
        it("refuses to copy PGlite folders a running service holds open", async () => {
          const open = await openAppDb(dbEnv(source));
          try {
            const refused = await command(
              ["backup", path.join(folder(), "open.tar.gz")],
              source as Record<string, string>,
            );
            expect(refused.code).toBe(1);
            expect(refused.output).toMatch(/is open \(postmaster\.pid\): stop `pnpm start` first/);
          } finally {
            await open.close();
          }
        });
      }
    });
  }
});
