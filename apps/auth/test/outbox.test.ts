import { authEventSchema } from "@parley/contracts";
import { verifyWebhook } from "@parley/contracts/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authEventOutbox, user } from "../src/db/schema";
import { createOutbox } from "../src/events/outbox";
import { signUpVerified } from "./flows";
import { createTestApp, eventually, type TestApp, testDrivers } from "./harness";
import { type ReceivedEvent, startEventReceiver } from "./receiver";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

describe.each(testDrivers())("account deletion events on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let api: Awaited<ReturnType<typeof startEventReceiver>>;
  const fast = { baseDelayMs: 50, pollIntervalMs: 250, leaseMs: 2_000 };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startEventReceiver();
    t = await createTestApp(driver, { env: { SMTP_URL: smtp.url, API_URL: api.url }, outbox: fast });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await api?.close();
  });
  beforeEach(() => api.setDefault(200));

  const eventsFor = (userId: string) =>
    api.received.filter((r) => {
      const event = authEventSchema.parse(JSON.parse(r.rawBody));
      return event.type === "user.deleted" && event.data.userId === userId;
    });

  async function deleteThroughEmail(): Promise<{ userId: string; email: string }> {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await browser.post("/delete-user", {});
    const link = (await smtp.waitFor(email, /Confirm deleting/, { since })).links[0] ?? "";
    expect((await browser.get(link)).status).toBe(302);
    return { userId, email };
  }

  function expectValidDelivery(r: ReceivedEvent) {
    expect(r.path).toBe("/api/internal/auth-events");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // Standard Webhooks: the message id is the event's own, so a retried delivery keeps it.
    expect(r.headers["webhook-id"]).toBe(JSON.parse(r.rawBody).id);
    expect(verifyWebhook(t.env.AUTH_EVENTS_SECRET, r.rawBody, r.headers)).toMatchObject({ ok: true });
    expect(verifyWebhook("some-other-secret-0123456789abcdef", r.rawBody, r.headers).ok).toBe(false);
  }

  it("delivers a signed user.deleted event to the API when an account is deleted", async () => {
    const { userId, email } = await deleteThroughEmail();
    const [delivery] = await eventually(() => (eventsFor(userId).length ? eventsFor(userId) : undefined));
    if (!delivery) throw new Error("no delivery");
    expectValidDelivery(delivery);
    const event = authEventSchema.parse(JSON.parse(delivery.rawBody));
    expect(event).toMatchObject({ type: "user.deleted", data: { userId, email } });
    expect(Number.isNaN(Date.parse(event.occurredAt))).toBe(false);

    const row = await eventually(async () => {
      const [r] = await t.db.db
        .select()
        .from(authEventOutbox)
        .where(sql`${authEventOutbox.id} = ${event.id}`);
      return r?.deliveredAt ? r : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    // A pass over the outbox now finds nothing due: the delivered event is never sent again.
    expect(await t.app.parley.outbox.deliverDue()).toBe(0);
    expect(eventsFor(userId)).toHaveLength(1);
  });

  it("retries with backoff until the API acknowledges, keeping the same event id", async () => {
    api.respondWith(503, 500);
    const { userId } = await deleteThroughEmail();
    const deliveries = await eventually(() =>
      eventsFor(userId).length >= 3 ? eventsFor(userId) : undefined,
    );
    const ids = deliveries.map((d) => authEventSchema.parse(JSON.parse(d.rawBody)).id);
    expect(new Set(ids).size).toBe(1);
    for (const d of deliveries) expectValidDelivery(d);
    const row = await eventually(async () => {
      const [r] = await t.db.db.select().from(authEventOutbox).where(sql`${authEventOutbox.id} = ${ids[0]}`);
      return r?.deliveredAt ? r : undefined;
    });
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
  });

  it("writes the event for any deletion path (here: plain SQL), atomically with the delete", async () => {
    const { userId, email } = await signUpVerified(t, smtp);
    await t.db.db.delete(user).where(sql`${user.id} = ${userId}`);
    const [delivery] = await eventually(() => (eventsFor(userId).length ? eventsFor(userId) : undefined));
    expect(authEventSchema.parse(JSON.parse(delivery?.rawBody ?? "{}")).data).toEqual({ userId, email });
  });

  it("keeps undelivered events across a restart and sends them at boot", async () => {
    api.setDefault(503);
    const { userId } = await deleteThroughEmail();
    await eventually(() => (eventsFor(userId).length ? true : undefined));
    const app = t.app;
    await app.close();
    const pending = await t.db.db
      .select()
      .from(authEventOutbox)
      .where(sql`${authEventOutbox.deliveredAt} is null`);
    expect(pending.length).toBeGreaterThan(0);

    api.setDefault(200);
    const seen = eventsFor(userId).length;
    // A restarted service (fresh outbox, nobody calls wake()) finds the pending row on its own.
    await t.restart({ outbox: fast });
    await eventually(async () => {
      const left = await t.db.db
        .select()
        .from(authEventOutbox)
        .where(sql`${authEventOutbox.deliveredAt} is null`);
      return left.length === 0 ? true : undefined;
    });
    expect(eventsFor(userId).length).toBeGreaterThan(seen);
  });

  it("a sender that overran its lease cannot overwrite the outcome of the sender that took the row over", async () => {
    await t.app.close();
    api.setDefault(200);
    await t.db.db.execute(sql`
      insert into auth_event_outbox (id, type, data)
      values ('00000000-0000-4000-8000-0000000000aa', 'user.deleted', jsonb_build_object('userId', 'overrun', 'email', 'o@example.com'))`);
    const log = t.app.log;
    // A claims with a lease that has run out at once, then stalls before sending (held by a gate).
    let claimed = () => {};
    const aClaimed = new Promise<void>((r) => (claimed = r));
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const a = createOutbox({
      db: t.db,
      apiUrl: api.url,
      secret: t.env.AUTH_EVENTS_SECRET,
      log,
      leaseMs: 0,
      fetch: async (input, init) => {
        claimed();
        await gate;
        return fetch(input, init);
      },
    });
    const aDone = a.deliverDue();
    await aClaimed;
    // B finds the lease over, takes the row and delivers it.
    const b = createOutbox({ db: t.db, apiUrl: api.url, secret: t.env.AUTH_EVENTS_SECRET, log });
    expect(await b.deliverDue()).toBe(1);
    // A wakes up to a failing API: its failure must not be written over B's delivery.
    api.setDefault(500);
    release();
    await aDone;
    api.setDefault(200);
    const [row] = await t.db.db
      .select()
      .from(authEventOutbox)
      .where(sql`id = '00000000-0000-4000-8000-0000000000aa'`);
    expect(row?.deliveredAt).not.toBeNull();
    expect(row?.lastError).toBeNull();
    expect(row?.attempts).toBe(1);
    await t.restart({ outbox: fast });
  });

  it("never sends one event twice when two senders (replicas) run at once", async () => {
    await t.app.close();
    api.setDefault(200);
    const before = api.received.length;
    await t.db.db.execute(sql`
      insert into auth_event_outbox (type, data)
      select 'user.deleted', jsonb_build_object('userId', 'bulk-' || g, 'email', 'bulk' || g || '@example.com')
      from generate_series(1, 30) g`);
    const log = t.app.log;
    const a = createOutbox({
      db: t.db,
      apiUrl: api.url,
      secret: t.env.AUTH_EVENTS_SECRET,
      log,
      batchSize: 4,
    });
    const b = createOutbox({
      db: t.db,
      apiUrl: api.url,
      secret: t.env.AUTH_EVENTS_SECRET,
      log,
      batchSize: 4,
    });
    await Promise.all([a.deliverDue(), b.deliverDue()]);
    const bulk = api.received
      .slice(before)
      .map((r) => authEventSchema.parse(JSON.parse(r.rawBody)))
      .flatMap((e) =>
        e.type === "user.deleted" && e.data.userId.startsWith("bulk-") ? [e.data.userId] : [],
      );
    expect(bulk).toHaveLength(30);
    expect(new Set(bulk).size).toBe(30);
    await t.restart({ outbox: fast });
  });
});
