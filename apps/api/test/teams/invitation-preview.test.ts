import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_PREVIEW_LIMIT } from "../../../auth/src/auth/invitation-preview";
import { invitation, organization, user } from "../../../auth/src/db/schema";
import { uniqueEmail } from "../../../auth/test/flows";
import { type TestApp as AuthTestApp, createTestApp as createAuthTestApp } from "../../../auth/test/harness";
import { setPlan, testDrivers } from "../harness";
import { type Person, type Services, signUp, startServices } from "./services";

/**
 * Issue #25: an invitation link opened signed out leads to sign-in pages that name the workspace
 * and prefill the invited address. The auth service tells the link's holder what the invitation
 * e-mail told them (and nothing that changed since, once the invitation is no longer pending),
 * without a session, and never lets a script guess ids (rate limited per client address).
 */
describe.each(testDrivers("either"))("the invitation link's public details on %s", (driver) => {
  let s: Services;
  let owner: Person;

  beforeAll(async () => {
    s = await startServices(driver);
    owner = await signUp(s);
    await setPlan(s.api, owner.userId, "pro-monthly");
  });
  afterAll(async () => {
    await s?.close();
  });

  /** An invitation sent from the owner's Team page; its id is the one in the e-mailed link. */
  async function invite(email = uniqueEmail("invitee")) {
    const since = s.smtp.mails.length;
    const res = await owner.browser.post("/organization/invite-member", {
      email,
      role: "agent",
      organizationId: owner.userId,
    });
    expect(res.status, res.body).toBe(200);
    const mail = await s.smtp.waitFor(email, /invited you to/, { since });
    const link = mail.links.find((l) => l.includes("/invitations/")) ?? "";
    const id = decodeURIComponent(link.split("/invitations/")[1] ?? "");
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    return { id, email };
  }

  /** A browser that has never signed in: no cookie, no token. */
  const preview = (query: string) =>
    s.auth.app.inject({
      method: "GET",
      url: `/invitation-preview${query}`,
      headers: { origin: s.auth.env.WEB_URL },
    });

  it("a pending invitation: the invited address, who invited, to which workspace, as what, until when", async () => {
    const { id, email } = await invite();
    const res = await preview(`?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const [row] = await s.auth.db.db.select().from(invitation).where(eq(invitation.id, id));
    // The owner's personal workspace under its sign-up name: named by its owner, who invited.
    expect(res.json()).toEqual({
      status: "pending",
      email,
      workspaceName: "Test User's workspace",
      personalOwner: "Test User",
      inviterIsOwner: true,
      inviterName: "Test User",
      role: "agent",
      expiresAt: row?.expiresAt.toISOString(),
    });
  });

  it("a renamed workspace is named as it is called now; no id, inviter address or anything else leaks", async () => {
    const renamed = await owner.browser.post("/organization/update", {
      organizationId: owner.userId,
      data: { name: "Kettle & Co" },
    });
    expect(renamed.status, renamed.body).toBe(200);
    const { id } = await invite();
    const body = (await preview(`?id=${id}`)).json<Record<string, unknown>>();
    expect(body).toMatchObject({ status: "pending", workspaceName: "Kettle & Co", inviterIsOwner: true });
    expect(body).not.toHaveProperty("personalOwner");
    expect(Object.keys(body).sort()).toEqual(
      ["email", "expiresAt", "inviterIsOwner", "inviterName", "role", "status", "workspaceName"].sort(),
    );
    expect(JSON.stringify(body)).not.toContain(owner.email);
    expect(JSON.stringify(body)).not.toContain(owner.userId);
  });

  it("an expired invitation says so, and nothing else", async () => {
    const { id } = await invite();
    await s.auth.db.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(invitation.id, id));
    const res = await preview(`?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "expired" });
  });

  it("a withdrawn invitation says so, and does not tell the workspace's name any more", async () => {
    const { id } = await invite();
    const canceled = await owner.browser.post("/organization/cancel-invitation", { invitationId: id });
    expect(canceled.status, canceled.body).toBe(200);
    const res = await preview(`?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "canceled" });
  });

  it("an accepted invitation says so", async () => {
    const { id, email } = await invite();
    const invitee = await signUp(s, email);
    const accepted = await invitee.browser.post("/organization/accept-invitation", { invitationId: id });
    expect(accepted.status, accepted.body).toBe(200);
    expect((await preview(`?id=${id}`)).json()).toEqual({ status: "accepted" });
  });

  it("an unknown id is not found; a malformed or missing one is refused before any lookup", async () => {
    const unknown = await preview(`?id=${randomBytes(16).toString("hex")}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "INVITATION_NOT_FOUND" });
    for (const query of [
      "",
      "?id=",
      `?id=${encodeURIComponent("' or 1=1 --")}`,
      `?id=${"a".repeat(129)}`,
      `?id=${encodeURIComponent("abc\u0000")}`,
      `?id=${encodeURIComponent("../organization/list")}`,
    ]) {
      const res = await preview(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).not.toMatch(/Test User|Kettle/);
    }
  });

  /** What the web app's invitation page reads, signed in as `who` (better-auth's endpoint, our names). */
  const details = (who: Person, id: string) =>
    who.browser.get(`/organization/get-invitation?id=${encodeURIComponent(id)}`);

  it("the invitee's invitation page gets the inviter's display name and the workspace's name, not only addresses", async () => {
    const { id, email } = await invite();
    const invitee = await signUp(s, email);
    const res = await details(invitee, id);
    expect(res.status, res.body).toBe(200);
    // The workspace was renamed above: named as it is called now, by the owner who invited.
    expect(res.json()).toMatchObject({
      id,
      email,
      inviterEmail: owner.email,
      inviterName: "Test User",
      organizationName: "Kettle & Co",
      inviterIsOwner: true,
    });
    expect(res.json()).not.toHaveProperty("personalOwner");
  });

  it("a personal workspace under its sign-up name is named by its owner; an inviter without a visible name is not named", async () => {
    const other = await signUp(s);
    await setPlan(s.api, other.userId, "pro-monthly");
    const email = uniqueEmail("invitee");
    const sent = await other.browser.post("/organization/invite-member", {
      email,
      role: "admin",
      organizationId: other.userId,
    });
    expect(sent.status, sent.body).toBe(200);
    const id = sent.json<{ id: string }>().id;
    const invitee = await signUp(s, email);
    expect((await details(invitee, id)).json()).toMatchObject({
      inviterName: "Test User",
      personalOwner: "Test User",
      inviterIsOwner: true,
      inviterEmail: other.email,
    });
    // A name with nothing visible in it (stored before names were checked): the page falls back
    // to the address, and the preview says the address the e-mail already said.
    await s.auth.db.db.update(user).set({ name: "\u200b \u202e" }).where(eq(user.id, other.userId));
    const unnamed = (await details(invitee, id)).json();
    expect(unnamed).not.toHaveProperty("inviterName");
    expect(unnamed).toMatchObject({ inviterEmail: other.email });
    expect((await preview(`?id=${id}`)).json()).toMatchObject({ inviterName: other.email });
  });

  it("hostile names: bidi controls are dropped and HTML stays text; another person's or workspace's invitation names no one", async () => {
    const mallory = await signUp(s);
    await setPlan(s.api, mallory.userId, "pro-monthly");
    const email = uniqueEmail("target");
    const sent = await mallory.browser.post("/organization/invite-member", {
      email,
      role: "agent",
      organizationId: mallory.userId,
    });
    expect(sent.status, sent.body).toBe(200);
    const id = sent.json<{ id: string }>().id;
    // Stored past the forms' checks (a legacy row, a social profile): overrides, isolates, a line
    // break and markup in the inviter's and the workspace's names.
    const hostileName = "<img src=x onerror=alert(1)>\u202eAda\u2066 Admin\u2069\nSupport";
    const hostileWorkspace = "<b>Bank</b> \u202dSecurity\u202c";
    await s.auth.db.db.update(user).set({ name: hostileName }).where(eq(user.id, mallory.userId));
    await s.auth.db.db
      .update(organization)
      .set({ name: hostileWorkspace })
      .where(eq(organization.id, mallory.userId));
    const invitee = await signUp(s, email);
    const res = await details(invitee, id);
    expect(res.status, res.body).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
    const body = res.json<Record<string, string>>();
    expect(body.inviterName).toBe("<img src=x onerror=alert(1)>Ada Admin Support");
    expect(body.organizationName).toBe("<b>Bank</b> Security");
    const shown = (await preview(`?id=${id}`)).json<Record<string, string>>();
    expect(shown.inviterName).toBe(body.inviterName);
    expect(shown.workspaceName).toBe(body.organizationName);
    for (const text of [res.body, JSON.stringify(shown)])
      expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]|\\u202[a-e]|\\u206[6-9]/i);

    // Someone else signed in (a member of another workspace) asks for this invitation: refused,
    // and nothing of its inviter or workspace is in the answer.
    for (const stranger of [owner, await signUp(s)]) {
      const refused = await details(stranger, id);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body).not.toMatch(/Ada|Bank|Security|img|onerror/);
      expect(refused.body).not.toContain(mallory.email);
    }
    // Signed out: no answer with names either.
    const anonymous = await s.auth.app.inject({
      method: "GET",
      url: `/organization/get-invitation?id=${id}`,
      headers: { origin: s.auth.env.WEB_URL },
    });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(400);
    expect(anonymous.body).not.toMatch(/Ada|Bank|img/);
  });
});

describe("the invitation link's lookup is rate limited per client address", () => {
  let auth: AuthTestApp;
  beforeAll(async () => {
    auth = await createAuthTestApp("pglite", { env: { RATE_LIMIT_ENABLED: "true", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await auth?.close();
  });

  const lookup = (ip: string, url: string) =>
    auth.app.inject({ method: "GET", url, remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": ip } });
  const guess = () => `/invitation-preview?id=${randomBytes(16).toString("hex")}`;

  it(`answers ${INVITATION_PREVIEW_LIMIT.max} lookups a minute, whatever the ids, then 429 with a wait`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < INVITATION_PREVIEW_LIMIT.max; i++)
      statuses.push((await lookup("203.0.113.7", guess())).statusCode);
    expect(statuses.every((status) => status === 404)).toBe(true);
    // Another guess from the same address, with another id: the budget is per address, not per id.
    const limited = await lookup("203.0.113.7", guess());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["x-retry-after"])).toBeGreaterThan(0);
    // Another client keeps its own budget.
    expect((await lookup("203.0.113.8", guess())).statusCode).toBe(404);
  });

  it("a trailing slash or another spelling of the path does not get a fresh budget", async () => {
    for (let i = 0; i < INVITATION_PREVIEW_LIMIT.max; i++) await lookup("203.0.113.9", guess());
    for (const variant of ["/invitation-preview/", "/Invitation-Preview", "//invitation-preview"]) {
      const res = await lookup("203.0.113.9", `${variant}?id=${randomBytes(16).toString("hex")}`);
      expect([404, 429], variant).toContain(res.statusCode);
      // Not the lookup: the router knows no such path.
      expect(res.body, variant).not.toContain("INVITATION_NOT_FOUND");
    }
  });
});
