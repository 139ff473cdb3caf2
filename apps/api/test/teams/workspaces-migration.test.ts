import { createDb, type DbDriver, rowsOf } from "@parley/db";
import { createScratchDatabase, migrationsBefore } from "@parley/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import * as schema from "../../src/db/schema";
import { migrationsFolder as apiMigrations, loadEnv } from "../../src/env";
import { createTableFileStore } from "../../src/modules/knowledge/file-store";
import { insertCataloguePlans } from "../billing/old-plans";
import { testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Workspaces (migration 0011) on a database built and filled by the schema from before them: the
 * owner ids already stored are the owners' personal workspace ids (auth migration 0002, tested in
 * apps/auth/test/workspaces-migration.test.ts), so the current code must find every bot, source,
 * conversation, subscription and payment in the owner's personal workspace, and nobody else may.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

describe.each(testDrivers())("workspace migration on old-schema data (%s)", (driver: DbDriver) => {
  it("api: bots, sources, conversations, subscription and payments stay with their owner's workspace", async () => {
    const scratch = await createScratchDatabase(driver, "parley_api_mig");
    const folder = migrationsBefore(apiMigrations, "0011_workspaces");
    const issuer: TokenIssuer = await startTokenIssuer();
    cleanups.push(
      () => scratch.drop(),
      () => folder.remove(),
      () => issuer.close(),
    );
    const db = await createDb({
      url: scratch.url,
      schema,
      migrationsFolder: folder.dir,
      migrationsTable: "__api_migrations",
    });
    cleanups.push(() => db.close());
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      JOBS_ENABLED: "false",
      PUBLIC_URL: "http://127.0.0.1:3000",
      AUTH_URL: issuer.url,
    });

    // The old schema, filled through the services (which only touch pre-existing tables) and SQL.
    const old = await buildApp({ env, db, logger: false });
    // Plain SQL: the current catalogue seed writes columns added after 0011 (plan texts, 0030).
    await insertCataloguePlans(db.db);
    const owner = "OldUser1";
    // Plain SQL: the current schema's chatbots have columns added after 0011 (the model key's last four).
    const bot = { _id: "cb_old" };
    await db.db.execute(sql`
      insert into chatbots (id, owner_id, name, instructions, greeting, fallback_reply, theme)
      values (${bot._id}, ${owner}, 'Old bot', 'Be helpful.', 'Hi!', 'Sorry.',
              ${JSON.stringify({ primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat" })}::jsonb)`);
    // Plain SQL too: the current schema's sources have columns added after 0011 (embeddings).
    const source = { _id: "src_text_old" };
    await db.db.execute(sql`
      insert into knowledge_sources (id, chatbot_id, owner_id, kind, title, status, content, created_at)
      values (${source._id}, ${bot._id}, ${owner}, 'text', 'Returns', 'ready',
              'Kettles can be returned within 30 days.', ${new Date(Date.now() - 60_000).toISOString()})`);
    const [plan] = rowsOf<{ id: string }>(
      await db.db.execute(sql`select id from plans where code = 'pro-monthly'`),
    );
    if (!plan) throw new Error("no plans");
    // Plain SQL as well: the current code reads plans with columns added after 0011 (plan texts).
    await db.db.execute(sql`
      insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end)
      values ('sub_old', ${owner}, ${plan.id}, 'active', ${new Date().toISOString()},
              ${new Date(Date.now() + 365 * 86_400_000).toISOString()})`);
    // Plain SQL: the current schema's conversations and messages have columns added after 0011 (live chat).
    await db.db.execute(sql`
      insert into conversations (id, chatbot_id, owner_id, channel, visitor_id, message_count, first_question, last_message_at)
      values ('conv_old', ${bot._id}, ${owner}, 'widget', 'vis_old', 1, 'Hello?', ${new Date().toISOString()})`);
    await db.db.execute(sql`
      insert into messages (id, conversation_id, chatbot_id, owner_id, role, content)
      values ('msg_old', 'conv_old', ${bot._id}, ${owner}, 'user', 'Hello?')`);
    // Plain SQL: the current schema's payments have columns added after 0011 (who initiated).
    await db.db.execute(sql`
      insert into payments (track_id, user_id, plan_id, method, provider, amount_minor, currency, status, expires_at)
      values ('trk_old', ${owner}, ${plan.id}, 'mastercard', 'sandbox', 5000, 'BHD', 'captured',
              ${new Date(Date.now() + 3600_000).toISOString()})`);
    // Stored as before migration 0016: an upload's bytes on its source row; answers counted by count(*).
    const fileBytes = Buffer.from("Kettles can be returned within 30 days.");
    await db.db.execute(sql`
      insert into knowledge_sources (id, chatbot_id, owner_id, kind, title, status, file_name, mime_type, size_bytes, file_data)
      values ('src_file_old', ${bot._id}, ${owner}, 'file', 'Returns', 'ready', 'returns.txt', 'text/plain',
              ${fileBytes.length}, decode(${fileBytes.toString("hex")}, 'hex'))`);
    await db.db.execute(sql`
      insert into messages (id, conversation_id, chatbot_id, owner_id, role, content, quota_blocked) values
        ('msg_old_a1', 'conv_old', ${bot._id}, ${owner}, 'assistant', 'Hi', false),
        ('msg_old_a2', 'conv_old', ${bot._id}, ${owner}, 'assistant', 'Sorry', true)`);
    await old.close();

    folder.upgrade();
    await db.migrate();
    // 0016: the bytes moved to knowledge_files (no source row carries any); this month's answer counted.
    expect(
      rowsOf(
        await db.db.execute(
          sql`select column_name from information_schema.columns where table_name = 'knowledge_sources' and data_type = 'bytea'`,
        ),
      ),
    ).toEqual([]);
    expect(await createTableFileStore(db.db).get("src_file_old")).toEqual(fileBytes);

    const app = await buildApp({ env, db, logger: false });
    cleanups.push(() => app.close());
    await app.ready();
    // A token minted before workspaces (no workspace claims) and one minted after (personal workspace).
    const before = await issuer.sign({ sub: owner, email: "old@example.com" });
    const after = await signWorkspaceToken(issuer, owner);
    for (const token of [before, after]) {
      const get = (url: string) => app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const bots = await get("/api/chatbots");
      expect(bots.statusCode).toBe(200);
      expect(bots.json()).toEqual([expect.objectContaining({ _id: bot._id, name: "Old bot" })]);
      const sources = await get(`/api/chatbots/${bot._id}/sources`);
      expect(sources.json()).toEqual([
        expect.objectContaining({ _id: source._id, title: "Returns" }),
        expect.objectContaining({ _id: "src_file_old", sizeBytes: fileBytes.length }),
      ]);
      expect((await get("/api/usage")).json().used.messagesThisMonth).toBe(1);
      const inbox = await get("/api/conversations");
      expect(JSON.stringify(inbox.json())).toContain("conv_old");
      expect((await get("/api/conversations/conv_old")).statusCode).toBe(200);
      const sub = await get(`/api/subscription/details/${owner}`);
      expect(sub.statusCode).toBe(200);
      expect(JSON.stringify(sub.json())).toMatch(/Pro/);
      const payments = await get("/api/payments");
      expect(JSON.stringify(payments.json())).toContain("trk_old");
      expect((await get("/api/payments/trk_old")).statusCode).toBe(200);
    }
    // Nobody else sees any of it.
    const stranger = await issuer.sign({ sub: "Stranger", email: "s@example.com" });
    const theirs = await app.inject({
      url: `/api/chatbots/${bot._id}`,
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

async function signWorkspaceToken(issuer: TokenIssuer, userId: string) {
  return issuer.sign({ sub: userId, email: "old@example.com", workspaceId: userId, workspaceRole: "owner" });
}
