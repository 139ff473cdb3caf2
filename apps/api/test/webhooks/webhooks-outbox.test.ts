import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { type Receiver, startReceiver } from "./receiver";

const shop: Owner = { sub: "auth_wh_outbox", email: "outbox@example.com", name: "Outbox shop" };
const quiet: Owner = { sub: "auth_wh_quiet", email: "quiet@example.com", name: "Shop without webhooks" };

/**
 * A conversation's and a lead's webhook events are stored in the transaction that stores them (an
 * outbox): when the event cannot be queued, the change is not kept either, and a visitor's retry
 * stores both. The fault is the database's own: a trigger that refuses the fan-out job's insert.
 */
describe.each(testDrivers())("webhook events and their changes, one transaction, on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let receiver: Receiver;
  let botId = "";
  let quietBotId = "";

  const widget = (method: string, path: string, body?: unknown, bot = botId, visitor = "0000000001") =>
    fetch(`${t.url}/api/widget/${bot}${path}`, {
      method,
      headers: {
        "x-parley-visitor": `visitor-outbox-${visitor}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const count = async (table: "conversations" | "leads" | "jobs") =>
    Number(
      rowsOf<{ n: number | string }>(
        await t.db.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${table === "jobs" ? sql`kind = 'webhooks.fanout'` : sql`chatbot_id = ${botId}`}`,
        ),
      )[0]?.n ?? 0,
    );
  const refuseEvents = async () => {
    await t.db.db.execute(
      sql.raw(`create or replace function refuse_webhook_job() returns trigger language plpgsql as $$
        begin
          if new.kind = 'webhooks.fanout' then raise exception 'the job queue is unavailable'; end if;
          return new;
        end $$`),
    );
    await t.db.db.execute(
      sql.raw(
        "create trigger refuse_webhook_job before insert on jobs for each row execute function refuse_webhook_job()",
      ),
    );
  };
  const allowEvents = () => t.db.db.execute(sql.raw("drop trigger refuse_webhook_job on jobs"));

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    receiver = await startReceiver();
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, WEBHOOKS_ALLOW_PRIVATE: "true" },
      { listen: true },
    );
    const api = builderClient(t, issuer);
    await setPlan(t, shop.sub, "pro-monthly");
    botId = (await api.createBot(shop, { name: "Outbox help", published: true, leadCapture: true }))._id;
    await setPlan(t, quiet.sub, "pro-monthly");
    quietBotId = (await api.createBot(quiet, { name: "Quiet help", published: true }))._id;
    const created = await api.json(shop, "POST", "/api/webhooks", {
      url: `${receiver.url}/ok`,
      events: ["conversation.created", "lead.created"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await receiver?.close();
  });

  it("keeps no conversation whose event could not be queued, and both on the retry", async () => {
    await refuseEvents();
    const refused = await widget("POST", "/conversations");
    expect(refused.status).toBe(500);
    expect(await count("conversations")).toBe(0);
    expect(await count("jobs")).toBe(0);
    await allowEvents();
    const started = await widget("POST", "/conversations");
    expect(started.status).toBe(201);
    expect(await count("conversations")).toBe(1);
    expect(await count("jobs")).toBe(1);
  });

  it("queues one event per conversation started together, only for the workspaces that want it", async () => {
    const jobsBefore = await count("jobs");
    // Sixteen visitors at once on two shops' bots: the conversations share statements (and one
    // read of which workspaces want the event); only the shop with an endpoint gets events.
    const started = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        widget(
          "POST",
          "/conversations",
          undefined,
          i % 2 ? quietBotId : botId,
          `together${String(i).padStart(2, "0")}`,
        ),
      ),
    );
    expect(started.map((r) => r.status)).toEqual(Array(16).fill(201));
    expect(await count("jobs")).toBe(jobsBefore + 8);
    const bodies = rowsOf<{ workspace: string; type: string }>(
      await t.db.db.execute(
        sql`select payload->>'workspaceId' as workspace, payload->>'type' as type from jobs where kind = 'webhooks.fanout'`,
      ),
    );
    expect(bodies.filter((b) => b.workspace === quiet.sub)).toEqual([]);
    expect(bodies.filter((b) => b.workspace === shop.sub).length).toBeGreaterThanOrEqual(8);
    expect(bodies.every((b) => ["conversation.created", "lead.created"].includes(b.type))).toBe(true);
  });

  it("keeps no lead whose event could not be queued, and both on the retry", async () => {
    const conversation = (await (await widget("POST", "/session")).json()) as {
      conversation: { _id: string };
    };
    const conversationId = conversation.conversation._id;
    const jobsBefore = await count("jobs");
    await refuseEvents();
    const lead = { email: "Sara@Example.com", name: "Sara" };
    const refused = await widget("POST", `/conversations/${conversationId}/lead`, lead);
    expect(refused.status).toBe(500);
    expect(await count("leads")).toBe(0);
    await allowEvents();
    const saved = await widget("POST", `/conversations/${conversationId}/lead`, lead);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await count("leads")).toBe(1);
    expect(await count("jobs")).toBe(jobsBefore + 1);
  });
});
