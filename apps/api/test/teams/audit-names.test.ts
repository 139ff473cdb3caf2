import { auditListSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { type Actor, billingClient } from "../billing/helpers";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * The activity log names people and bots (issue #25 item 9): the actor by their current name
 * beside the address, a member who was removed by name, a bot by its current name (or the one
 * recorded when it was deleted); never the name behind an address that was only invited, nor a
 * bot of another workspace.
 */
describe.each(testDrivers("either"))("audit log names on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof billingClient>;
  const ada: Actor = { sub: "auth_ada", email: "ada@example.com", name: "Ada Lovelace" };
  const bob: Actor = { sub: "auth_bob", email: "bob@example.com", name: "Bob Builder" };
  const eve: Actor = { sub: "auth_eve", email: "eve@example.com", name: "Eve Outsider" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = billingClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const log = async () => {
    const res = await api.call(ada, "GET", "/api/workspace/audit-log");
    expect(res.status).toBe(200);
    return auditListSchema.parse(res.json).entries;
  };

  it("names the actor, a renamed bot by its current name and a deleted one by its recorded name", async () => {
    // Free holds one bot: the old one goes first.
    const old = (
      (await api.call(ada, "POST", "/api/chatbots", { name: "Old bot" })).json as unknown as { _id: string }
    )._id;
    expect((await api.call(ada, "DELETE", `/api/chatbots/${old}`)).status).toBe(204);
    const created = await api.call(ada, "POST", "/api/chatbots", { name: "Kettle help" });
    expect(created.status).toBe(201);
    const kettle = (created.json as unknown as { _id: string })._id;
    expect((await api.call(ada, "PATCH", `/api/chatbots/${kettle}`, { name: "Kettle care" })).status).toBe(
      200,
    );

    const entries = await log();
    const about = (action: string, target: string) =>
      entries.find((e) => e.action === action && e.target === target);
    expect(about("bot.created", kettle)).toMatchObject({
      actorName: "Ada Lovelace",
      actorEmail: "ada@example.com",
      targetName: "Kettle care",
      details: { name: "Kettle help" },
    });
    expect(about("bot.deleted", old)).toMatchObject({
      actorName: "Ada Lovelace",
      targetName: null,
      details: { name: "Old bot" },
    });
  });

  it("names a removed member, but not the owner of an address that was only invited", async () => {
    // Bob and Eve have used Parley (the API knows their names).
    expect((await api.call(bob, "GET", "/api/chatbots")).status).toBe(200);
    expect((await api.call(eve, "GET", "/api/chatbots")).status).toBe(200);
    const eveBot = (
      (await api.call(eve, "POST", "/api/chatbots", { name: "Eve's secret bot" })).json as unknown as {
        _id: string;
      }
    )._id;
    const at = new Date();
    const rows = [
      { action: "member.removed", target: "BOB@example.com" },
      { action: "member.invited", target: "eve@example.com" },
      // An entry naming another workspace's bot by id never reads that bot's name.
      { action: "bot.updated", target: eveBot },
    ];
    for (const [i, r] of rows.entries())
      await t.db.db.insert(auditLog).values({
        id: `aud_names_${i}`,
        workspaceId: ada.sub,
        actorId: ada.sub,
        actorEmail: ada.email,
        details: {},
        createdAt: at,
        ...r,
      });
    const entries = await log();
    const byId = (id: string) => entries.find((e) => e.id === id);
    expect(byId("aud_names_0")).toMatchObject({ targetName: "Bob Builder", actorName: "Ada Lovelace" });
    expect(byId("aud_names_1")).toMatchObject({ target: "eve@example.com", targetName: null });
    expect(byId("aud_names_2")).toMatchObject({ target: eveBot, targetName: null });
    expect(JSON.stringify(entries)).not.toContain("Eve");
  });

  it("an automatic change has no actor name", async () => {
    await t.db.db.insert(auditLog).values({
      id: "aud_names_system",
      workspaceId: ada.sub,
      action: "plan.changed",
      actorId: null,
      actorEmail: null,
      target: "Free",
      details: { by: "system" },
    });
    expect((await log()).find((e) => e.id === "aud_names_system")).toMatchObject({ actorName: null });
  });
});
