import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../auth/test/flows";
import type { ReceivedMail } from "../../../auth/test/smtp";
import { setPlan, testDrivers } from "../harness";
import { callApi, type Person, type Services, signUp, startServices } from "../teams/services";
import { until } from "../until";
import { type Receiver, startReceiver } from "./receiver";

const DAY = 86_400_000;

/**
 * Webhooks in a team, across both real services: only owners and admins manage endpoints (an
 * agent and a removed member are refused), and an endpoint that fails for a day is turned off,
 * written to the activity log, and its workspace's owner is e-mailed in their language through
 * the auth service's mailer (a real SMTP listener); admins and agents get no mail.
 */
describe.each(testDrivers("either"))("webhooks in a team on %s", (driver) => {
  let s: Services;
  let receiver: Receiver;
  let owner: Person;
  let admin: Person;
  let agent: Person;
  let removed: Person;
  /** The removed member's token from while they were a member (still unexpired). */
  let removedToken = "";

  async function inviteAndJoin(email: string, role: "admin" | "agent"): Promise<Person> {
    const since = s.smtp.mails.length;
    const res = await owner.browser.post("/organization/invite-member", {
      email,
      role,
      organizationId: owner.userId,
    });
    expect(res.status, res.body).toBe(200);
    const mail = await s.smtp.waitFor(email, /invited you to/, { since });
    const link = mail.links.find((l) => l.includes("/invitations/"));
    const invitationId = decodeURIComponent(link?.split("/invitations/")[1] ?? "");
    const person = await signUp(s, email);
    expect((await person.browser.post("/organization/accept-invitation", { invitationId })).status).toBe(200);
    expect(
      (await person.browser.post("/organization/set-active", { organizationId: owner.userId })).status,
    ).toBe(200);
    return person;
  }

  const as = async (who: Person, method: string, path: string, body?: unknown) =>
    callApi(s, who === removed ? removedToken : await who.token(), method, path, body);

  const mailsTo = (who: Person, since: number) =>
    s.smtp.mails.slice(since).filter((m: ReceivedMail) => m.to.includes(who.email.toLowerCase()));

  beforeAll(async () => {
    receiver = await startReceiver();
    s = await startServices(driver, {
      WEBHOOKS_ALLOW_PRIVATE: "true",
      WEBHOOKS_TIMEOUT_MS: "2000",
      WEBHOOKS_RETRY_BASE_MS: "1",
    });
    owner = await signUp(s, uniqueEmail("wh-owner"));
    await setPlan(s.api, owner.userId, "pro-monthly");
    s.api.app.services.caches.plans.invalidate(owner.userId);
    admin = await inviteAndJoin(uniqueEmail("wh-admin"), "admin");
    agent = await inviteAndJoin(uniqueEmail("wh-agent"), "agent");
    removed = await inviteAndJoin(uniqueEmail("wh-removed"), "admin");
    removedToken = await removed.token();
    const gone = await owner.browser.post("/organization/remove-member", {
      memberIdOrEmail: removed.email,
      organizationId: owner.userId,
    });
    expect(gone.status, gone.body).toBe(200);
    // The owner reads Arabic (set after the invitations, which are written in the inviter's language).
    expect((await owner.browser.post("/update-user", { locale: "ar" })).status).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  it("lets an admin manage endpoints, and refuses an agent and a removed member", async () => {
    const created = await as(admin, "POST", "/api/webhooks", {
      url: `${receiver.url}/ok`,
      events: ["lead.created"],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = String((created.json.endpoint as { id: string }).id);
    for (const who of [agent, removed]) {
      for (const [method, path, body] of [
        ["GET", "/api/webhooks"],
        ["POST", "/api/webhooks", { url: `${receiver.url}/ok`, events: ["lead.created"] }],
        ["GET", `/api/webhooks/${id}`],
        ["PATCH", `/api/webhooks/${id}`, { enabled: false }],
        ["POST", `/api/webhooks/${id}/rotate-secret`, {}],
        ["POST", `/api/webhooks/${id}/test`],
        ["GET", `/api/webhooks/${id}/deliveries`],
        ["DELETE", `/api/webhooks/${id}`],
      ] as const) {
        const res = await as(who, method, path, body);
        expect(res.status, `${who === agent ? "agent" : "removed"} ${method} ${path}`).toBe(403);
        expect(res.json.error?.code).toBe(who === agent ? "FORBIDDEN" : "NOT_A_MEMBER");
      }
    }
    const still = await as(owner, "GET", `/api/webhooks/${id}`);
    expect(still.json).toMatchObject({ enabled: true, url: `${receiver.url}/ok` });
    expect((await as(owner, "DELETE", `/api/webhooks/${id}`)).status).toBe(204);
  });

  it("turns off an endpoint that failed for a day and e-mails the owner in their language", async () => {
    const created = await as(owner, "POST", "/api/webhooks", {
      url: `${receiver.url}/fail`,
      events: ["lead.created"],
    });
    const id = String((created.json.endpoint as { id: string }).id);
    const test = await as(owner, "POST", `/api/webhooks/${id}/test`);
    expect(test.status).toBe(202);
    const deliveryId = String(test.json.id);
    const delivery = async () =>
      (
        (await as(owner, "GET", `/api/webhooks/${id}/deliveries`)).json.deliveries as {
          id: string;
          status: string;
          attempts: number;
        }[]
      ).find((d) => d.id === deliveryId);
    // The first attempts fail within minutes; the endpoint stays on.
    await until("two failed attempts", async () => {
      await s.api.app.services.jobs.runOne();
      return ((await delivery())?.attempts ?? 0) >= 2;
    });
    expect((await as(owner, "GET", `/api/webhooks/${id}`)).json.enabled).toBe(true);

    const since = s.smtp.mails.length;
    s.api.app.clock.advance(DAY + 60_000);
    await until("the delivery to be given up", async () => {
      await s.api.app.services.jobs.runOne();
      return (await delivery())?.status === "failed";
    });
    const endpoint = (await as(owner, "GET", `/api/webhooks/${id}`)).json;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: "failing" });
    const audit = await as(owner, "GET", "/api/workspace/audit-log");
    const entry = (audit.json.entries as { action: string; target: string; actorId: string | null }[]).find(
      (e) => e.action === "webhook.disabled",
    );
    expect(entry).toMatchObject({ target: id, actorId: null });

    await until("the owner's mail", async () => {
      await s.api.app.services.jobs.drain();
      return mailsTo(owner, since).length > 0;
    });
    const [mail] = mailsTo(owner, since);
    expect(mail?.subject).toBe(`أُوقف عنوان استقبال ويب هوك: ${receiver.url}/fail`);
    expect(mail?.text).toContain("آخر خطأ: \u2068The receiver answered 500.\u2069");
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.links).toContain(`${s.api.url}/developers/webhooks`);
    // Only owners are told.
    expect(mailsTo(admin, since)).toEqual([]);
    expect(mailsTo(agent, since)).toEqual([]);

    // Sending to it is refused until it is turned on again, which starts afresh.
    expect((await as(owner, "POST", `/api/webhooks/${id}/test`)).status).toBe(409);
    const on = await as(admin, "PATCH", `/api/webhooks/${id}`, { enabled: true });
    expect(on.json).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
  });
});
