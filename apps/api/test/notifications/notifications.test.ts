import { WORKSPACE_MEMBER_MAIL_PATH, WORKSPACE_MEMBERS_PATH } from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../auth/test/flows";
import type { ReceivedMail } from "../../../auth/test/smtp";
import { setPlan, testDrivers } from "../harness";
import { callApi, type Person, SECRET, type Services, signUp, startServices } from "../teams/services";

const HOUR = 3_600_000;

/**
 * Live chat's e-mail notifications across both real services: the API finds the workspace's
 * members on the auth service (signed HTTP), writes each mail in the member's language and hands it
 * to the auth service, which sends it to a real SMTP listener. Each member's setting (each, hourly
 * digest, none) is theirs per workspace; removed members and other workspaces' members get nothing.
 */
describe.each(testDrivers("either"))("notification e-mails on %s", (driver) => {
  let s: Services;
  let owner: Person;
  let english: Person;
  let arabic: Person;
  let hourly: Person;
  let silent: Person;
  let removed: Person;
  let stranger: Person;
  let botId = "";
  let authUrl = "";

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

  const widget = (method: string, path: string, body?: unknown) =>
    fetch(`${s.api.url}/api/widget/${botId}${path}`, {
      method,
      headers: {
        "x-parley-visitor": "visitor-notify-0000000001",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function newConversation(): Promise<string> {
    const res = await widget("POST", "/conversations");
    expect(res.status).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  }

  /**
   * Runs the queued jobs (the worker is off in tests) and checks none is left. A job that failed
   * once (the machine so busy a call to the auth service timed out) is retried as the worker
   * would, once its backoff has passed on the app's clock; what is still left is named with its
   * error.
   */
  async function runJobs() {
    const { jobs } = s.api.app.services;
    await jobs.drain();
    for (let retry = 0; retry < 3 && (await jobs.pendingCount()) > 0; retry++) {
      s.api.app.clock.advance(60_000);
      await jobs.drain();
    }
    const left = rowsOf<{ kind: string; attempts: number; last_error: string | null }>(
      await s.api.db.db.execute(
        sql`select kind, attempts, last_error from jobs where status in ('queued', 'running')`,
      ),
    );
    expect(left, JSON.stringify(left)).toEqual([]);
  }

  const mailsTo = (who: Person, since: number) =>
    s.smtp.mails.slice(since).filter((m: ReceivedMail) => m.to.includes(who.email.toLowerCase()));

  const prefs = async (who: Person, method: "GET" | "PUT", body?: unknown) =>
    callApi(s, await who.token(), method, "/api/notification-prefs", body);

  beforeAll(async () => {
    s = await startServices(driver, { TEST_CLOCK: "true" });
    authUrl = s.api.env.AUTH_INTERNAL_URL ?? "";
    owner = await signUp(s, uniqueEmail("notify-owner"));
    await setPlan(s.api, owner.userId, "business-monthly");
    english = await inviteAndJoin(uniqueEmail("notify-en"), "agent");
    arabic = await inviteAndJoin(uniqueEmail("notify-ar"), "agent");
    expect((await arabic.browser.post("/update-user", { locale: "ar" })).status).toBe(200);
    hourly = await inviteAndJoin(uniqueEmail("notify-hourly"), "admin");
    silent = await inviteAndJoin(uniqueEmail("notify-none"), "agent");
    removed = await inviteAndJoin(uniqueEmail("notify-removed"), "agent");
    // Someone with a workspace of their own, and no part of this one.
    stranger = await signUp(s, uniqueEmail("notify-stranger"));
    const gone = await owner.browser.post("/organization/remove-member", {
      memberIdOrEmail: removed.email,
      organizationId: owner.userId,
    });
    expect(gone.status, gone.body).toBe(200);
    const created = await callApi(s, await owner.token(), "POST", "/api/chatbots", {
      name: "Kettle help",
      published: true,
      leadCapture: true,
      handoff: { enabled: true, officeHours: null },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    botId = String(created.json._id);
  });
  afterAll(async () => {
    await s?.close();
  });

  describe("the setting", () => {
    it("is `each` until a member chooses, and is theirs in this workspace", async () => {
      expect((await prefs(english, "GET")).json).toEqual({ email: "each" });
      const saved = await prefs(hourly, "PUT", { email: "hourly" });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(saved.json).toEqual({ email: "hourly" });
      expect((await prefs(silent, "PUT", { email: "none" })).json).toEqual({ email: "none" });
      expect((await prefs(hourly, "GET")).json).toEqual({ email: "hourly" });
      expect((await prefs(silent, "GET")).json).toEqual({ email: "none" });
      // Another member's choice is not yours.
      expect((await prefs(arabic, "GET")).json).toEqual({ email: "each" });
    });

    it("refuses an unknown mode, a missing one, and a signed-out caller", async () => {
      const unknown = await prefs(english, "PUT", { email: "sometimes" });
      expect(unknown.status).toBe(400);
      expect(unknown.json.error?.code).toBe("VALIDATION_FAILED");
      expect((await prefs(english, "PUT", {})).status).toBe(400);
      expect((await prefs(english, "PUT", { email: ["each"] })).status).toBe(400);
      expect((await prefs(english, "GET")).json).toEqual({ email: "each" });
      const anonymous = await fetch(`${s.api.url}/api/notification-prefs`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "none" }),
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe("a new lead", () => {
    let conversationId = "";
    let since = 0;

    beforeAll(async () => {
      conversationId = await newConversation();
      since = s.smtp.mails.length;
      const res = await widget("POST", `/conversations/${conversationId}/lead`, {
        email: "Sara@Example.com",
        name: "Sara <script>alert('x')</script>",
      });
      expect(res.status).toBe(200);
    });

    it("is not mailed in the visitor's request: the job queue sends it", async () => {
      expect(s.smtp.mails.length).toBe(since);
      expect(await s.api.app.services.jobs.pendingCount("notifications.event")).toBe(1);
      await runJobs();
    });

    it("reaches each `each` member once, in their language, linking to the conversation", async () => {
      const link = `${s.api.url}/inbox/${conversationId}`;
      const en = mailsTo(english, since);
      expect(en).toHaveLength(1);
      expect(en[0]?.subject).toBe(
        "New lead from Kettle help: Sara <script>alert('x')</script> (sara@example.com)",
      );
      expect(en[0]?.text).toContain("left their contact details in a conversation with Kettle help.");
      expect(en[0]?.text).toContain("E-mail: sara@example.com");
      expect(en[0]?.links).toContain(link);
      expect(en[0]?.html).toContain('<html lang="en">');

      const ar = mailsTo(arabic, since);
      expect(ar).toHaveLength(1);
      expect(ar[0]?.subject).toMatch(/^عميل محتمل جديد من Kettle help: /);
      expect(ar[0]?.text).toContain("ترك \u2068Sara");
      expect(ar[0]?.text).toContain("\u2066sara@example.com\u2069");
      expect(ar[0]?.text).not.toMatch(/left their contact|Hello/);
      expect(ar[0]?.html).toContain('<html lang="ar" dir="rtl">');
      expect(ar[0]?.links).toContain(link);

      // The owner (no setting saved) gets it too.
      expect(mailsTo(owner, since)).toHaveLength(1);
    });

    it("escapes the visitor's text in the HTML part", () => {
      for (const mail of [...mailsTo(english, since), ...mailsTo(arabic, since)]) {
        expect(mail.html).not.toContain("<script>");
        expect(mail.html).toContain("Sara &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
      }
    });

    it("sends nothing to hourly or silent members, a removed member, or another workspace's", () => {
      expect(mailsTo(hourly, since)).toEqual([]);
      expect(mailsTo(silent, since)).toEqual([]);
      expect(mailsTo(removed, since)).toEqual([]);
      expect(mailsTo(stranger, since)).toEqual([]);
      // Three recipients: owner, English and Arabic agents.
      expect(s.smtp.mails.length - since).toBe(3);
    });
  });

  describe("a handoff request", () => {
    let conversationId = "";
    let since = 0;

    beforeAll(async () => {
      conversationId = await newConversation();
      since = s.smtp.mails.length;
      // The visitor's first question, then "Talk to a person": the conversation starts waiting.
      const asked = await widget("POST", `/conversations/${conversationId}/messages`, {
        content: 'My kettle leaks <img src=x onerror="alert(1)"> & sparks',
      });
      expect(asked.status).toBe(200);
      await asked.text();
      const handoff = await widget("POST", `/conversations/${conversationId}/handoff`);
      expect(handoff.status).toBe(200);
      expect(((await handoff.json()) as { status: string }).status).toBe("waiting");
      expect(s.smtp.mails.length).toBe(since);
      // Queued before the visitor was answered (a crash after the answer cannot lose it).
      expect(await s.api.app.services.jobs.pendingCount("notifications.event")).toBe(1);
      await runJobs();
    });

    it("reaches each `each` member in their language with the visitor's words, escaped", async () => {
      const en = mailsTo(english, since);
      expect(en).toHaveLength(1);
      expect(en[0]?.subject).toBe("A visitor wants to talk to a person (Kettle help)");
      expect(en[0]?.text).toContain('> My kettle leaks <img src=x onerror="alert(1)"> & sparks');
      expect(en[0]?.html).toContain(
        "My kettle leaks &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; sparks",
      );
      expect(en[0]?.html).not.toContain("<img");
      expect(en[0]?.links).toContain(`${s.api.url}/inbox/${conversationId}`);

      const ar = mailsTo(arabic, since);
      expect(ar).toHaveLength(1);
      expect(ar[0]?.subject).toBe("زائر يريد التحدث إلى شخص (Kettle help)");
      expect(ar[0]?.html).not.toContain("<img");
      expect(mailsTo(hourly, since)).toEqual([]);
      expect(mailsTo(silent, since)).toEqual([]);
      expect(mailsTo(removed, since)).toEqual([]);
      expect(mailsTo(stranger, since)).toEqual([]);
    });
  });

  describe("the hourly digest", () => {
    const tick = async (advanceMs: number) => {
      const res = await fetch(`${s.api.url}/api/internal/test-clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { digests: { digests: number } };
    };

    it("waits for the hour", async () => {
      const since = s.smtp.mails.length;
      expect((await tick(0)).digests).toEqual({ digests: 0 });
      await runJobs();
      expect(mailsTo(hourly, since)).toEqual([]);
    });

    it("sends one digest an hour later, listing the requests and leads since the setting", async () => {
      const since = s.smtp.mails.length;
      expect((await tick(HOUR + 60_000)).digests).toEqual({ digests: 1 });
      await runJobs();
      const mails = mailsTo(hourly, since);
      expect(mails).toHaveLength(1);
      const digest = mails[0] as ReceivedMail;
      expect(digest.subject).toBe("New requests and leads on Parley (2)");
      expect(digest.text).toMatch(
        /Kettle help: new lead Sara <script>alert\('x'\)<\/script> \(sara@example\.com\)/,
      );
      expect(digest.text).toMatch(/Kettle help: A visitor asked for a person/);
      expect(digest.html).not.toContain("<script>");
      expect(digest.html).toContain("&lt;script&gt;");
      expect(digest.links).toContain(`${s.api.url}/inbox`);
      expect(digest.links.filter((l) => l.includes("/inbox/"))).toHaveLength(2);
      // Nobody else gets a digest.
      expect(s.smtp.mails.length - since).toBe(1);
    });

    it("sends nothing the next hour when nothing new came", async () => {
      const since = s.smtp.mails.length;
      expect((await tick(HOUR + 60_000)).digests).toEqual({ digests: 0 });
      await runJobs();
      expect(s.smtp.mails.length).toBe(since);
    });

    it("lists only what came since the last digest, in the member's language", async () => {
      expect((await hourly.browser.post("/update-user", { locale: "ar" })).status).toBe(200);
      const conversationId = await newConversation();
      const lead = await widget("POST", `/conversations/${conversationId}/lead`, {
        email: "omar@example.com",
      });
      expect(lead.status).toBe(200);
      await runJobs();
      const since = s.smtp.mails.length;
      expect((await tick(HOUR + 60_000)).digests).toEqual({ digests: 1 });
      await runJobs();
      const mails = mailsTo(hourly, since);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("طلبات وعملاء محتملون جدد على Parley (1)");
      expect(mails[0]?.text).toContain("omar@example.com");
      expect(mails[0]?.text).not.toContain("sara@example.com");
      expect(mails[0]?.html).toContain('<html lang="ar" dir="rtl">');
    });
  });

  describe("the auth service's internal routes", () => {
    const membersPath = () => WORKSPACE_MEMBERS_PATH.replace(":workspaceId", owner.userId);
    const mailPath = (userId: string) =>
      WORKSPACE_MEMBER_MAIL_PATH.replace(":workspaceId", owner.userId).replace(":userId", userId);
    const mailBody = JSON.stringify({
      topic: "lead",
      language: "en",
      subject: "Forged",
      text: "Forged",
      html: "<p>Forged</p>",
      link: "https://evil.example/",
    });

    it("lists the workspace's members with their language, for a signed request only", async () => {
      const path = membersPath();
      const signed = signWebhook(SECRET, `GET ${path}`);
      const ok = await fetch(`${authUrl}${path}`, { headers: signed });
      expect(ok.status).toBe(200);
      const { members } = (await ok.json()) as {
        members: { userId: string; email: string; role: string; locale: string | null }[];
      };
      const byUser = new Map(members.map((m) => [m.userId, m]));
      expect(byUser.get(owner.userId)).toMatchObject({ role: "owner", email: owner.email, locale: null });
      expect(byUser.get(arabic.userId)).toMatchObject({ role: "agent", locale: "ar" });
      expect(byUser.get(hourly.userId)).toMatchObject({ role: "admin" });
      expect(byUser.has(removed.userId)).toBe(false);
      expect(byUser.has(stranger.userId)).toBe(false);
      // The same signed request again is refused (replay).
      expect((await fetch(`${authUrl}${path}`, { headers: signed })).status).toBe(401);
      // Unsigned, wrongly signed, or signed for another path.
      expect((await fetch(`${authUrl}${path}`)).status).toBe(401);
      expect(
        (
          await fetch(`${authUrl}${path}`, {
            headers: signWebhook("not-the-secret-000000000000000000", `GET ${path}`),
          })
        ).status,
      ).toBe(401);
      const other = WORKSPACE_MEMBERS_PATH.replace(":workspaceId", stranger.userId);
      expect(
        (await fetch(`${authUrl}${path}`, { headers: signWebhook(SECRET, `GET ${other}`) })).status,
      ).toBe(401);
    });

    it("a personal workspace lists its owner", async () => {
      const path = WORKSPACE_MEMBERS_PATH.replace(":workspaceId", stranger.userId);
      const res = await fetch(`${authUrl}${path}`, { headers: signWebhook(SECRET, `GET ${path}`) });
      const { members } = (await res.json()) as { members: { userId: string; role: string }[] };
      expect(members).toEqual([expect.objectContaining({ userId: stranger.userId, role: "owner" })]);
    });

    it("sends a member's mail only when signed over the path and the exact body, and never to a non-member", async () => {
      const since = s.smtp.mails.length;
      const post = (path: string, body: string, headers: Record<string, string>) =>
        fetch(`${authUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body,
        });
      const path = mailPath(english.userId);
      expect((await post(path, mailBody, {})).status).toBe(401);
      // A signature for another member's mail, or for another body, does not carry over.
      expect(
        (await post(path, mailBody, signWebhook(SECRET, `POST ${mailPath(arabic.userId)}\n${mailBody}`)))
          .status,
      ).toBe(401);
      expect((await post(path, mailBody, signWebhook(SECRET, `POST ${path}\n{}`))).status).toBe(401);
      // A removed member and a stranger are not members: nothing is sent.
      const toRemoved = mailPath(removed.userId);
      const refused = await post(toRemoved, mailBody, signWebhook(SECRET, `POST ${toRemoved}\n${mailBody}`));
      expect(refused.status).toBe(404);
      const toStranger = mailPath(stranger.userId);
      expect(
        (await post(toStranger, mailBody, signWebhook(SECRET, `POST ${toStranger}\n${mailBody}`))).status,
      ).toBe(404);
      // Malformed mail, signed: refused.
      const bad = JSON.stringify({ topic: "lead", subject: "x" });
      expect((await post(path, bad, signWebhook(SECRET, `POST ${path}\n${bad}`))).status).toBe(400);
      expect(s.smtp.mails.length).toBe(since);
      // Signed properly: sent to the member's address.
      const sent = await post(path, mailBody, signWebhook(SECRET, `POST ${path}\n${mailBody}`));
      expect(sent.status).toBe(200);
      await s.smtp.waitFor(english.email, /^Forged$/, { since });
    });
  });
});
