import { signWebhook, type WebhookHeaders } from "@parley/contracts/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { startTokenIssuer, type TokenIssuer } from "../../../test/token-issuer";
import { contactRequests, platformUsers, subscriptions } from "../../db/schema";

describe.each(testDrivers("either"))("auth events on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  const carol = { sub: "auth_carol", email: "carol@example.com", name: "Carol" };
  const dave = { sub: "auth_dave", email: "dave@example.com", name: "Dave" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url });
    for (const who of [carol, dave]) {
      const auth = { authorization: `Bearer ${await issuer.sign(who)}` };
      await t.app.inject({ method: "GET", url: `/api/subscription/details/${who.sub}`, headers: auth });
      await t.app.inject({
        method: "POST",
        url: "/api/support",
        headers: auth,
        payload: { name: who.name, email: who.email, message: "Please help with my bot." },
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const deliver = (body: string, signature: Partial<WebhookHeaders>) =>
    t.app.inject({
      method: "POST",
      url: "/api/internal/auth-events",
      headers: { "content-type": "application/json", ...signature },
      payload: body,
    });
  const deletion = (id: string, userId: string) =>
    JSON.stringify({
      id,
      type: "user.deleted",
      occurredAt: new Date().toISOString(),
      data: { userId, email: "x@example.com" },
    });

  it("refuses an unsigned, forged or stale event and deletes nothing", async () => {
    const body = deletion("evt_forged", carol.sub);
    expect((await deliver(body, {})).statusCode).toBe(401);
    expect((await deliver(body, signWebhook("not-the-secret-but-long-enough-000000", body))).statusCode).toBe(
      401,
    );
    const stale = signWebhook(t.env.AUTH_EVENTS_SECRET, body, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(body, stale)).statusCode).toBe(401);
    // A captured delivery replayed with a fresh timestamp: the signature covers the old one.
    expect(
      (await deliver(body, { ...stale, "webhook-timestamp": String(Math.floor(Date.now() / 1000)) }))
        .statusCode,
    ).toBe(401);
    const signed = signWebhook(t.env.AUTH_EVENTS_SECRET, body);
    const tampered = { ...signed, "webhook-signature": signed["webhook-signature"].replace("v1,", "v1,A") };
    expect((await deliver(body, tampered)).statusCode).toBe(401);
    expect((await deliver(`${body} `, signed)).statusCode).toBe(401);
    expect(await t.db.db.select().from(platformUsers).where(eq(platformUsers.id, carol.sub))).toHaveLength(1);
  });

  it("removes everything of a deleted user, once, and leaves other users alone", async () => {
    const body = deletion("evt_del_carol", carol.sub);
    const res = await deliver(body, signWebhook(t.env.AUTH_EVENTS_SECRET, body, { id: "evt_del_carol" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await t.db.db.select().from(platformUsers).where(eq(platformUsers.id, carol.sub))).toHaveLength(0);
    expect(
      await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, carol.sub)),
    ).toHaveLength(0);
    expect(
      await t.db.db.select().from(contactRequests).where(eq(contactRequests.userId, carol.sub)),
    ).toHaveLength(0);
    expect(await t.db.db.select().from(platformUsers).where(eq(platformUsers.id, dave.sub))).toHaveLength(1);
    expect(
      await t.db.db.select().from(contactRequests).where(eq(contactRequests.userId, dave.sub)),
    ).toHaveLength(1);

    const again = await deliver(body, signWebhook(t.env.AUTH_EVENTS_SECRET, body, { id: "evt_del_carol" }));
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });
});
