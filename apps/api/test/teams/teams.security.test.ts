import { signWebhook } from "@parley/contracts/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitation } from "../../../auth/src/db/schema";
import { Browser } from "../../../auth/test/browser";
import { uniqueEmail } from "../../../auth/test/flows";
import { setPlan, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { callApi, type Person, SECRET, type Services, signUp, startServices } from "./services";

/**
 * Workspaces end to end across both real services: invitations by e-mail, seats by plan, roles
 * enforced by the API, membership re-checked on every call, and one workspace never reaching
 * another's data.
 */
describe.each(testDrivers("either"))("teams: workspaces, invitations and roles on %s", (driver) => {
  let s: Services;
  let owner: Person;
  let botId: string;

  beforeAll(async () => {
    s = await startServices(driver);
    owner = await signUp(s);
    const created = await callApi(s, await owner.token(), "POST", "/api/chatbots", { name: "Kettle help" });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    botId = String(created.json._id);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A Playground question, answered as a stream (or refused as JSON). */
  const playground = (token: string, chatbotId: string) =>
    fetch(`${s.api.url}/api/chatbots/${chatbotId}/playground/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Do you sell kettles?" }),
    });

  async function invite(by: Person, email: string, role: string, extra: Record<string, unknown> = {}) {
    const since = s.smtp.mails.length;
    const res = await by.browser.post("/organization/invite-member", {
      email,
      role,
      organizationId: owner.userId,
      ...extra,
    });
    return { res, since };
  }

  async function inviteAndJoin(email: string, role: "admin" | "agent"): Promise<Person> {
    const { res, since } = await invite(owner, email, role);
    expect(res.status, res.body).toBe(200);
    const mail = await s.smtp.waitFor(email, /invited you to/, { since });
    const link = mail.links.find((l) => l.includes("/invitations/"));
    if (!link) throw new Error("invitation mail without a link");
    const invitationId = decodeURIComponent(link.split("/invitations/")[1] ?? "");
    const person = await signUp(s, email);
    const accepted = await person.browser.post("/organization/accept-invitation", { invitationId });
    expect(accepted.status, accepted.body).toBe(200);
    const active = await person.browser.post("/organization/set-active", { organizationId: owner.userId });
    expect(active.status, active.body).toBe(200);
    return person;
  }

  it("a new account owns its personal workspace, whose id is the user's id", async () => {
    const claims = JSON.parse(Buffer.from((await owner.token()).split(".")[1] ?? "", "base64url").toString());
    expect(claims).toMatchObject({ sub: owner.userId, workspaceId: owner.userId, workspaceRole: "owner" });
    const list = await owner.browser.get("/organization/list");
    expect(list.json<Array<{ id: string }>>().map((o) => o.id)).toEqual([owner.userId]);
  });

  it("on the Free plan (1 seat) an invitation is refused with a clear upgrade message", async () => {
    const { res } = await invite(owner, uniqueEmail("free"), "agent");
    expect(res.status).toBe(403);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: "SEAT_LIMIT_REACHED",
      message: expect.stringMatching(/Free plan includes 1 seat.*Upgrade your plan on the Billing page/),
    });
  });

  describe("on a paid plan", () => {
    let agent: Person;
    let admin: Person;

    beforeAll(async () => {
      // Pro has 5 seats (Starter 2, Business 20).
      await setPlan(s.api, owner.userId, "pro-monthly");
      agent = await inviteAndJoin(uniqueEmail("agent"), "agent");
      admin = await inviteAndJoin(uniqueEmail("admin"), "admin");
    });

    it("the invitee's token carries the shared workspace and their role", async () => {
      const claims = JSON.parse(
        Buffer.from((await agent.token()).split(".")[1] ?? "", "base64url").toString(),
      );
      expect(claims).toMatchObject({ sub: agent.userId, workspaceId: owner.userId, workspaceRole: "agent" });
    });

    it("an agent reads the inbox and the bot, tries it in the Playground, but cannot edit the bot, its knowledge or see billing", async () => {
      const token = await agent.token();
      expect((await callApi(s, token, "GET", "/api/conversations")).status).toBe(200);
      const bots = await callApi(s, token, "GET", "/api/chatbots");
      expect(bots.status).toBe(200);
      expect(JSON.stringify(bots.json)).toContain(botId);
      expect((await callApi(s, token, "GET", `/api/chatbots/${botId}`)).status).toBe(200);
      const edit = await callApi(s, token, "PATCH", `/api/chatbots/${botId}`, { name: "Hijacked" });
      expect(edit.status).toBe(403);
      expect(edit.json.error?.code).toBe("FORBIDDEN");
      expect((await callApi(s, token, "DELETE", `/api/chatbots/${botId}`)).status).toBe(403);
      expect((await callApi(s, token, "POST", "/api/chatbots", { name: "Mine" })).status).toBe(403);
      expect(
        (
          await callApi(s, token, "POST", `/api/chatbots/${botId}/sources`, {
            type: "text",
            title: "x",
            text: "y",
          })
        ).status,
      ).toBe(403);
      expect((await callApi(s, token, "GET", `/api/chatbots/${botId}/identity`)).status).toBe(403);
      // A website source's rules and schedule are knowledge:write (owner, admin) like the other source routes.
      const patchSource = await callApi(s, token, "PATCH", `/api/chatbots/${botId}/sources/src_any`, {
        resync: "off",
      });
      expect([patchSource.status, patchSource.json.error?.code]).toEqual([403, "FORBIDDEN"]);
      expect((await callApi(s, token, "GET", "/api/analytics?from=2026-01-01&to=2026-01-31")).status).toBe(
        403,
      );
      // Nor its CSV (issue 25, item 13): the same capability, analytics:read.
      const analyticsCsv = await callApi(s, token, "GET", "/api/analytics.csv?from=2026-01-01&to=2026-01-31");
      expect(analyticsCsv.status).toBe(403);
      expect(analyticsCsv.json.error?.code).toBe("FORBIDDEN");
      expect((await callApi(s, token, "GET", "/api/export")).status).toBe(403);
      const billing = await callApi(s, token, "GET", `/api/subscription/details/${owner.userId}`);
      expect(billing.status).toBe(403);
      expect(billing.json.error?.message).toBe("Only an owner of this workspace can see and change billing.");
      expect((await callApi(s, token, "GET", "/api/payments")).status).toBe(403);
      expect((await callApi(s, token, "GET", "/api/workspace/audit-log")).status).toBe(403);
      // The agent may try the bot in the Playground, as a visitor would.
      const tried = await playground(token, botId);
      expect(tried.status).toBe(200);
      expect((await readSse(tried)).at(-1)?.event).toBe("done");
      // Nothing changed.
      const bot = await callApi(s, await owner.token(), "GET", `/api/chatbots/${botId}`);
      expect(bot.json.name).toBe("Kettle help");
    });

    it("an agent cannot invite, change roles or remove members on the auth service", async () => {
      const invited = await agent.browser.post("/organization/invite-member", {
        email: uniqueEmail("sneaky"),
        role: "agent",
        organizationId: owner.userId,
      });
      expect(invited.status).toBe(403);
    });

    it("an admin edits bots but cannot see billing, and cannot demote or remove an owner", async () => {
      const token = await admin.token();
      const edit = await callApi(s, token, "PATCH", `/api/chatbots/${botId}`, {
        greeting: "Hi from the team",
      });
      expect(edit.status, JSON.stringify(edit.json)).toBe(200);
      expect((await callApi(s, token, "GET", `/api/subscription/details/${owner.userId}`)).status).toBe(403);
      expect((await callApi(s, token, "GET", "/api/workspace/audit-log")).status).toBe(200);
      // The workspace's analytics, as CSV too (analytics:read).
      const analyticsCsv = await fetch(`${s.api.url}/api/analytics.csv?from=2026-01-01&to=2026-01-31`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(analyticsCsv.status).toBe(200);
      expect((await analyticsCsv.text()).split("\r\n")[0]).toBe("section,item,metric,value");
      const members = (
        await owner.browser.get(`/organization/list-members?organizationId=${owner.userId}`)
      ).json<{
        members: Array<{ id: string; userId: string; role: string }>;
      }>().members;
      const ownerMember = members.find((m) => m.userId === owner.userId);
      if (!ownerMember) throw new Error("owner is not listed");
      const demote = await admin.browser.post("/organization/update-member-role", {
        memberId: ownerMember.id,
        role: "agent",
        organizationId: owner.userId,
      });
      expect(demote.status).toBeGreaterThanOrEqual(400);
      const remove = await admin.browser.post("/organization/remove-member", {
        memberIdOrEmail: ownerMember.id,
        organizationId: owner.userId,
      });
      expect(remove.status).toBeGreaterThanOrEqual(400);
      // An admin cannot make anyone an owner either.
      const agentMember = members.find((m) => m.userId === agent.userId);
      const promote = await admin.browser.post("/organization/update-member-role", {
        memberId: agentMember?.id,
        role: "owner",
        organizationId: owner.userId,
      });
      expect(promote.status).toBe(403);
      const after = (
        await owner.browser.get(`/organization/list-members?organizationId=${owner.userId}`)
      ).json<{
        members: Array<{ userId: string; role: string }>;
      }>().members;
      expect(after.find((m) => m.userId === owner.userId)?.role).toBe("owner");
    });

    it("the owner of a personal workspace can neither leave it nor be demoted, even by another owner", async () => {
      const leave = await owner.browser.post("/organization/leave", { organizationId: owner.userId });
      expect(leave.status).toBe(400);
      const roles = await owner.browser.post("/organization/update-member-role", {
        memberId: `own_${owner.userId}`,
        role: "admin",
        organizationId: owner.userId,
      });
      expect(roles.status).toBe(400);
    });

    it("roles other than owner, admin and agent, NUL bytes and non-addresses are refused", async () => {
      expect((await invite(owner, uniqueEmail("member"), "member")).res.status).toBe(400);
      expect((await invite(owner, uniqueEmail("two"), "admin,owner")).res.status).toBe(400);
      expect((await invite(owner, "nul\u0000@example.com", "agent")).res.status).toBe(400);
      expect((await invite(owner, "not an address", "agent")).res.status).toBe(400);
      expect((await invite(owner, `${"a".repeat(400)}@example.com`, "agent")).res.status).toBe(400);
    });

    it("an invitation is only for its own e-mail address, and an expired one is refused", async () => {
      const email = uniqueEmail("invitee");
      const { res } = await invite(owner, email, "agent");
      expect(res.status, res.body).toBe(200);
      const invitationId = res.json<{ id: string }>().id;
      const stranger = await signUp(s);
      const stolen = await stranger.browser.post("/organization/accept-invitation", { invitationId });
      expect(stolen.status).toBe(403);
      await s.auth.db.db
        .update(invitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitation.id, invitationId));
      const invitee = await signUp(s, email);
      const late = await invitee.browser.post("/organization/accept-invitation", { invitationId });
      expect(late.status).toBe(400);
      expect(
        (await invitee.browser.post("/organization/set-active", { organizationId: owner.userId })).status,
      ).toBe(403);
    });

    it("invitations last 7 days and can be resent and revoked", async () => {
      const email = uniqueEmail("resend");
      const { res } = await invite(owner, email, "agent");
      const first = res.json<{ id: string; expiresAt: string }>();
      const days = (new Date(first.expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      const again = await invite(owner, email, "agent", { resend: true });
      expect(again.res.status).toBe(200);
      await s.smtp.waitFor(email, /invited you to/, { since: again.since });
      const revoked = await owner.browser.post("/organization/cancel-invitation", { invitationId: first.id });
      expect(revoked.status).toBe(200);
      const invitee = await signUp(s, email);
      expect(
        (await invitee.browser.post("/organization/accept-invitation", { invitationId: first.id })).status,
      ).toBe(400);
    });

    it("seats count members and pending invitations: over the plan's limit is refused", async () => {
      // Pro: 5 seats. Owner, agent, admin = 3; two pending invitations fill it.
      const pending = await owner.browser.get(
        `/organization/list-invitations?organizationId=${owner.userId}`,
      );
      const open = pending
        .json<Array<{ status: string; expiresAt: string }>>()
        .filter((i) => i.status === "pending" && new Date(i.expiresAt) > new Date()).length;
      for (let i = 3 + open; i < 5; i++) {
        expect((await invite(owner, uniqueEmail("fill"), "agent")).res.status).toBe(200);
      }
      const over = await invite(owner, uniqueEmail("over"), "agent");
      expect(over.res.status).toBe(403);
      expect(over.res.json<{ message: string }>().message).toMatch(/Pro plan includes 5 seats/);
      // The dashboard's usage row counts the same seats, for everyone in the workspace.
      for (const person of [owner, agent]) {
        const usage = await callApi(s, await person.token(), "GET", "/api/usage");
        expect(usage.json).toMatchObject({ limits: { teamMembers: 5 }, used: { teamMembers: 5 } });
      }
    });

    it("a member of workspace A cannot reach workspace B's data, by id guessing included", async () => {
      const other = await signUp(s);
      const theirs = await callApi(s, await other.token(), "POST", "/api/chatbots", { name: "B's bot" });
      expect(theirs.status).toBe(201);
      const theirBot = String(theirs.json._id);
      for (const person of [agent, admin, owner]) {
        const token = await person.token();
        expect((await callApi(s, token, "GET", `/api/chatbots/${theirBot}`)).status).toBe(404);
        expect((await callApi(s, token, "GET", `/api/chatbots/${theirBot}/sources`)).status).toBe(404);
        expect((await playground(token, theirBot)).status).toBe(404);
        expect((await callApi(s, token, "GET", `/api/subscription/details/${other.userId}`)).status).toBe(
          403,
        );
      }
      // Switching to a workspace one is not a member of is refused by the auth service.
      expect(
        (await agent.browser.post("/organization/set-active", { organizationId: other.userId })).status,
      ).toBe(403);
      // And B cannot reach A's bot.
      expect((await callApi(s, await other.token(), "GET", `/api/chatbots/${botId}`)).status).toBe(404);
    });

    it("a removed member is refused at once, even with a still-valid access token", async () => {
      const victim = await inviteAndJoinAfterFreeingSeat();
      const token = await victim.token();
      expect((await callApi(s, token, "GET", "/api/conversations")).status).toBe(200);
      const removed = await owner.browser.post("/organization/remove-member", {
        memberIdOrEmail: victim.email,
        organizationId: owner.userId,
      });
      expect(removed.status, removed.body).toBe(200);
      const refused = await callApi(s, token, "GET", "/api/conversations");
      expect(refused.status).toBe(403);
      expect(refused.json.error?.code).toBe("NOT_A_MEMBER");
      for (const [method, path, body] of [
        ["PATCH", `/api/chatbots/${botId}/sources/src_any`, { resync: "off" }],
        ["GET", `/api/chatbots/${botId}/sources/src_any/syncs`, undefined],
      ] as const) {
        const sourceRefused = await callApi(s, token, method, path, body);
        expect([sourceRefused.status, sourceRefused.json.error?.code]).toEqual([403, "NOT_A_MEMBER"]);
      }
      const playgroundRefused = await playground(token, botId);
      expect(playgroundRefused.status).toBe(403);
      expect(((await playgroundRefused.json()) as { error: { code: string } }).error.code).toBe(
        "NOT_A_MEMBER",
      );
      // Their next token is for their personal workspace again.
      const claims = JSON.parse(
        Buffer.from((await victim.token()).split(".")[1] ?? "", "base64url").toString(),
      );
      expect(claims.workspaceId).toBe(victim.userId);
    });

    it("a role change applies on the member's next call", async () => {
      const token = await admin.token();
      const members = (
        await owner.browser.get(`/organization/list-members?organizationId=${owner.userId}`)
      ).json<{
        members: Array<{ id: string; userId: string }>;
      }>().members;
      const adminMember = members.find((m) => m.userId === admin.userId);
      const res = await owner.browser.post("/organization/update-member-role", {
        memberId: adminMember?.id,
        role: "agent",
        organizationId: owner.userId,
      });
      expect(res.status, res.body).toBe(200);
      expect((await callApi(s, token, "PATCH", `/api/chatbots/${botId}`, { greeting: "Again" })).status).toBe(
        403,
      );
    });

    it("the audit log records invitations, joins, removals, role and bot changes for owners", async () => {
      const token = await owner.token();
      const wanted = [
        "member.invited",
        "member.joined",
        "member.removed",
        "member.role_changed",
        "bot.updated",
      ];
      let entries: Array<{ action: string; target: string | null; details: Record<string, unknown> }> = [];
      let actions: string[] = [];
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const log = await callApi(s, token, "GET", "/api/workspace/audit-log");
        expect(log.status).toBe(200);
        entries = log.json.entries as typeof entries;
        actions = entries.map((e) => e.action);
        if (wanted.every((a) => actions.includes(a))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(actions).toEqual(expect.arrayContaining(wanted));
      // A bot change names the bot as it was called then (the log outlives the bot).
      expect(entries.find((e) => e.action === "bot.updated")).toMatchObject({
        target: botId,
        details: { name: "Kettle help" },
      });
      // Another workspace's log is its own.
      const other = await signUp(s);
      const theirs = await callApi(s, await other.token(), "GET", "/api/workspace/audit-log");
      expect(theirs.json.entries).toEqual([]);
    });

    it("the audit log names a deleted source and a deleted bot as they were called", async () => {
      const token = await owner.token();
      const bot = await callApi(s, token, "POST", "/api/chatbots", { name: "Summer pop-up" });
      expect(bot.status).toBe(201);
      const source = await callApi(s, token, "POST", `/api/chatbots/${bot.json._id}/sources`, {
        kind: "text",
        title: "Pop-up hours",
        content: "Open daily from 4 pm.",
      });
      expect(source.status).toBe(201);
      const sourceId = String(source.json._id);
      expect(
        (await callApi(s, token, "DELETE", `/api/chatbots/${bot.json._id}/sources/${sourceId}`)).status,
      ).toBe(204);
      expect((await callApi(s, token, "DELETE", `/api/chatbots/${bot.json._id}`)).status).toBe(204);
      const entries = (await callApi(s, token, "GET", "/api/workspace/audit-log")).json.entries as Array<{
        action: string;
        target: string | null;
        details: Record<string, unknown>;
      }>;
      expect(
        entries.find((e) => e.action === "knowledge.deleted" && e.target === sourceId)?.details,
      ).toMatchObject({
        name: "Pop-up hours",
      });
      expect(entries.find((e) => e.action === "bot.deleted" && e.target === bot.json._id)?.details).toEqual({
        name: "Summer pop-up",
      });
    });

    async function inviteAndJoinAfterFreeingSeat(): Promise<Person> {
      const list = await owner.browser.get(`/organization/list-invitations?organizationId=${owner.userId}`);
      const pending = list
        .json<Array<{ id: string; status: string; expiresAt: string }>>()
        .find((i) => i.status === "pending" && new Date(i.expiresAt) > new Date());
      if (pending) await owner.browser.post("/organization/cancel-invitation", { invitationId: pending.id });
      return inviteAndJoin(uniqueEmail("victim"), "agent");
    }
  });

  it("an account that is the only owner of a shared workspace with members hands it over before deletion", async () => {
    const boss = await signUp(s);
    const created = await boss.browser.post("/organization/create", {
      name: "Corner shop",
      slug: `corner-shop-${Date.now()}`,
    });
    expect(created.status, created.body).toBe(200);
    const shopId = created.json<{ id: string }>().id;
    // A new workspace starts on Free (1 seat): nobody can be invited until it has a paid plan.
    const free = await boss.browser.post("/organization/invite-member", {
      email: uniqueEmail("helper"),
      role: "agent",
      organizationId: shopId,
    });
    expect(free.status).toBe(403);
    await setPlan(s.api, shopId, "starter-monthly");
    const helperEmail = uniqueEmail("helper");
    const invited = await boss.browser.post("/organization/invite-member", {
      email: helperEmail,
      role: "agent",
      organizationId: shopId,
    });
    expect(invited.status, invited.body).toBe(200);
    const helper = await signUp(s, helperEmail);
    const accepted = await helper.browser.post("/organization/accept-invitation", {
      invitationId: invited.json<{ id: string }>().id,
    });
    expect(accepted.status, accepted.body).toBe(200);

    const since = s.smtp.mails.length;
    await boss.browser.post("/delete-user", {});
    const link = new URL((await s.smtp.waitFor(boss.email, /Confirm deleting/, { since })).links[0] ?? "");
    const refused = await boss.browser.post("/delete-user", { token: link.searchParams.get("token") });
    expect(refused.status).toBe(400);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: "TRANSFER_OWNERSHIP_FIRST",
      message: expect.stringContaining('"Corner shop"'),
    });
    // The account is still there.
    expect((await boss.browser.get("/get-session")).json<{ user: { id: string } }>().user.id).toBe(
      boss.userId,
    );
  });

  it("a downgrade below the member count at period end removes nobody: the workspace is over its seats", async () => {
    const chief = await signUp(s);
    await setPlan(s.api, chief.userId, "pro-monthly");
    const members: Person[] = [];
    for (const _ of [1, 2]) {
      const email = uniqueEmail("crew");
      const sent = await chief.browser.post("/organization/invite-member", {
        email,
        role: "agent",
        organizationId: chief.userId,
      });
      expect(sent.status, sent.body).toBe(200);
      const person = await signUp(s, email);
      const joined = await person.browser.post("/organization/accept-invitation", {
        invitationId: sent.json<{ id: string }>().id,
      });
      expect(joined.status, joined.body).toBe(200);
      expect(
        (await person.browser.post("/organization/set-active", { organizationId: chief.userId })).status,
      ).toBe(200);
      members.push(person);
    }
    const lateEmail = uniqueEmail("late");
    const late = await chief.browser.post("/organization/invite-member", {
      email: lateEmail,
      role: "agent",
      organizationId: chief.userId,
    });
    expect(late.status, late.body).toBe(200);
    const seats = async (who: Person) => callApi(s, await who.token(), "GET", "/api/workspace/seats");
    expect((await seats(chief)).json).toEqual({
      planName: "Pro",
      planNames: { en: "Pro", ar: "الاحترافية" },
      limit: 5,
      members: 3,
      pending: 1,
      used: 4,
      overLimit: false,
      membersOver: 0,
    });
    // Agents do not manage members, so they do not see the seat count either.
    const agent = members[0] as Person;
    expect((await seats(agent)).status).toBe(403);

    // The owner scheduled Starter (2 seats); the period ends and the job applies it.
    const { plans, subscriptions } = await import("../../src/db/schema");
    const [starter] = await s.api.db.db.select().from(plans).where(eq(plans.code, "starter-monthly"));
    const ended = new Date(s.api.app.clock.now().getTime() - 60_000);
    await s.api.db.db
      .update(subscriptions)
      .set({ pendingPlanId: starter?.id, pendingChangeAt: ended, currentPeriodEnd: ended })
      .where(eq(subscriptions.userId, chief.userId));
    expect((await s.api.app.services.subscriptions.runPeriodEnd()).downgradesApplied).toBeGreaterThanOrEqual(
      1,
    );

    expect((await seats(chief)).json).toEqual({
      planName: "Starter",
      planNames: { en: "Starter", ar: "الأساسية" },
      limit: 2,
      members: 3,
      pending: 1,
      used: 4,
      overLimit: true,
      membersOver: 1,
    });
    // Nobody was removed and the pending invitation is still listed for the owner to decide on.
    const listed = await chief.browser.get(`/organization/list-members?organizationId=${chief.userId}`);
    expect(listed.json<{ members: unknown[] }>().members).toHaveLength(3);
    const invitations = await chief.browser.get(
      `/organization/list-invitations?organizationId=${chief.userId}`,
    );
    expect(
      invitations.json<Array<{ email: string; status: string }>>().filter((i) => i.status === "pending"),
    ).toEqual([expect.objectContaining({ email: lateEmail })]);
    for (const person of members) {
      expect((await callApi(s, await person.token(), "GET", "/api/chatbots")).status).toBe(200);
    }
    // No new invitation, and the old one cannot add a fourth member to a two-seat plan.
    const refused = await chief.browser.post("/organization/invite-member", {
      email: uniqueEmail("more"),
      role: "agent",
      organizationId: chief.userId,
    });
    expect(refused.status).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Starter plan includes 2 seats/);
    const lateComer = await signUp(s, lateEmail);
    const accepted = await lateComer.browser.post("/organization/accept-invitation", {
      invitationId: late.json<{ id: string }>().id,
    });
    expect(accepted.status, accepted.body).toBeGreaterThanOrEqual(400);
    expect(accepted.status).toBeLessThan(500);
    expect((await seats(chief)).json).toMatchObject({ members: 3, overLimit: true });

    // Removing a member and revoking the invitation brings the workspace back within its seats.
    await chief.browser.post("/organization/remove-member", {
      memberIdOrEmail: agent.email,
      organizationId: chief.userId,
    });
    await chief.browser.post("/organization/cancel-invitation", {
      invitationId: late.json<{ id: string }>().id,
    });
    expect((await seats(chief)).json).toMatchObject({
      members: 2,
      pending: 0,
      overLimit: false,
      membersOver: 0,
    });

    // The audit log says the system changed the plan, from Pro to Starter.
    const log = await callApi(s, await chief.token(), "GET", "/api/workspace/audit-log");
    expect(log.json.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "plan.changed",
          actorId: null,
          target: "Starter",
          details: { by: "system", reason: "downgrade_applied", from: "Pro", to: "Starter" },
        }),
      ]),
    );
  });

  it("the membership and seat endpoints refuse unsigned callers and signatures made for another path", async () => {
    const path = `/internal/workspaces/${owner.userId}/members/${owner.userId}`;
    expect((await new Browser(() => s.auth.app).get(path)).status).toBe(401);
    const other = `/internal/workspaces/${owner.userId}/members/someone-else`;
    const replayed = await new Browser(() => s.auth.app).get(path, {
      ...signWebhook(SECRET, `GET ${other}`),
    });
    expect(replayed.status).toBe(401);
    const signed = await new Browser(() => s.auth.app).get(path, {
      ...signWebhook(SECRET, `GET ${path}`),
    });
    expect(signed.json()).toEqual({ role: "owner" });
    const seats = await fetch(`${s.api.url}/api/internal/workspaces/${owner.userId}/seats`);
    expect(seats.status).toBe(401);
  });

  it("a signed lookup captured on the network cannot be sent again", async () => {
    const path = `/internal/workspaces/${owner.userId}/members/${owner.userId}`;
    const headers = signWebhook(SECRET, `GET ${path}`);
    expect((await new Browser(() => s.auth.app).get(path, { ...headers })).status).toBe(200);
    expect((await new Browser(() => s.auth.app).get(path, { ...headers })).status).toBe(401);
    const usedPath = `/internal/workspaces/${owner.userId}/seats-used`;
    const usedHeaders = signWebhook(SECRET, `GET ${usedPath}`);
    expect((await new Browser(() => s.auth.app).get(usedPath, { ...usedHeaders })).status).toBe(200);
    expect((await new Browser(() => s.auth.app).get(usedPath, { ...usedHeaders })).status).toBe(401);
    const seatsPath = `/api/internal/workspaces/${owner.userId}/seats`;
    const seatsHeaders = signWebhook(SECRET, `GET ${seatsPath}`);
    expect((await fetch(`${s.api.url}${seatsPath}`, { headers: seatsHeaders })).status).toBe(200);
    const replayed = await fetch(`${s.api.url}${seatsPath}`, { headers: seatsHeaders });
    expect(replayed.status).toBe(401);
    // A fresh signature for the same lookup is answered.
    expect(
      (await fetch(`${s.api.url}${seatsPath}`, { headers: signWebhook(SECRET, `GET ${seatsPath}`) })).status,
    ).toBe(200);
  });
});
