import { createDb, type DbDriver } from "@parley/db";
import { createScratchDatabase, migrationsBefore } from "@parley/db/testing";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { scaled } from "../../../scripts/slowness.mjs";
import { buildApp as buildAuthApp } from "../src/app";
import * as authSchema from "../src/db/schema";
import { migrationsFolder as authMigrations, loadEnv as loadAuthEnv } from "../src/env";
import { Browser } from "./browser";
import { AUTH_URL, testDrivers } from "./harness";

/**
 * Workspaces (migration 0002) on a database built and filled before them: every existing user
 * must own a personal workspace whose id is their user id (the API's owner ids), and sign in to it.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

describe.each(testDrivers())("workspace migration on old-schema data (%s)", (driver: DbDriver) => {
  it("auth: every existing user gets a personal workspace they own, and signs in to it", {
    timeout: scaled(90_000),
  }, async () => {
    const scratch = await createScratchDatabase(driver, "parley_auth_mig");
    const folder = migrationsBefore(authMigrations, "0002_workspaces");
    cleanups.push(
      () => scratch.drop(),
      () => folder.remove(),
    );
    const db = await createDb({
      url: scratch.url,
      schema: authSchema,
      migrationsFolder: folder.dir,
      migrationsTable: "__auth_migrations",
    });
    cleanups.push(() => db.close());

    // Two accounts as the old code stored them (a password account and a second user).
    const now = new Date();
    await db.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at, role)
       values ('OldUser1', 'Old Owner', 'old@example.com', true, now(), now(), 'user'),
              ('OldUser2', 'Other', 'other@example.com', true, now(), now(), 'user')`,
    );
    await db.db.insert(authSchema.account).values({
      id: "acc_1",
      accountId: "OldUser1",
      providerId: "credential",
      userId: "OldUser1",
      password: await hashPassword("correct horse battery"),
      createdAt: now,
      updatedAt: now,
    });

    folder.upgrade();
    await db.migrate();

    const orgs = await db.db.select().from(authSchema.organization);
    expect(orgs.map((o) => [o.id, o.name]).sort()).toEqual([
      ["OldUser1", "Old Owner's workspace"],
      ["OldUser2", "Other's workspace"],
    ]);
    const members = await db.db.select().from(authSchema.member);
    expect(members.map((m) => [m.organizationId, m.userId, m.role]).sort()).toEqual([
      ["OldUser1", "OldUser1", "owner"],
      ["OldUser2", "OldUser2", "owner"],
    ]);

    // The current code on the migrated database: sign in, and the token names the personal workspace.
    const env = loadAuthEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AUTH_URL,
      WEB_URL: "http://app.parley.test",
      API_URL: "http://127.0.0.1:9",
      AUTH_UI_DIR: "/nonexistent",
      BETTER_AUTH_SECRET: "test-better-auth-secret-0123456789abcdef",
      AUTH_EVENTS_SECRET: "test-auth-events-secret-0123456789abcdef",
    });
    const app = await buildAuthApp({ env, db, logger: false, outbox: { pollIntervalMs: 60_000 } });
    cleanups.push(() => app.close());
    await app.ready();
    const browser = new Browser(() => app);
    const signIn = await browser.post("/sign-in/email", {
      email: "old@example.com",
      password: "correct horse battery",
    });
    expect(signIn.status, signIn.body).toBe(200);
    const token = (await browser.get("/token")).json<{ token: string }>().token;
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims).toMatchObject({ sub: "OldUser1", workspaceId: "OldUser1", workspaceRole: "owner" });

    // A user created after the migration gets one too (the trigger).
    await db.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
       values ('NewUser1', 'New', 'new@example.com', true, now(), now())`,
    );
    const mine = await db.db.select().from(authSchema.member);
    expect(mine.some((m) => m.organizationId === "NewUser1" && m.role === "owner")).toBe(true);
  });
});
