import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/** Stands in for the API's seat lookup: every workspace has 10 seats. */
async function startSeatsStub() {
  const server: Server = createServer((req, res) => {
    const workspaceId = decodeURIComponent((req.url ?? "").split("/").at(-2) ?? "w");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ workspaceId, limit: 10, planName: "Pro" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue #35: a member's display name took CR/LF, control characters and 10,000 characters, and an
 * inviter named `Eve\r\nBcc: …` put a line break into the invitation's subject and a fake line into
 * its text. Typed names follow the workspace name's rule (`memberNameSchema`), and every mail
 * header is one line whatever a stored name holds.
 */
const LINE = "A name is one line of text: remove line breaks, tabs and other control characters.";
const ARABIC_120 = "\u0633\u0627\u0631\u0629 ".repeat(24);

describe.each(testDrivers("either"))("members' display names at the auth host on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let seats: Awaited<ReturnType<typeof startSeatsStub>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    seats = await startSeatsStub();
    t = await createTestApp(driver, { env: { SMTP_URL: smtp.url, API_URL: seats.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await seats?.close();
  });

  const nameOf = async (id: string) =>
    (await t.db.db.select({ name: user.name }).from(user).where(eq(user.id, id)))[0]?.name;

  it("signs up a name of 120 characters (Arabic) as typed", async () => {
    expect(ARABIC_120).toHaveLength(120);
    const { userId } = await signUpVerified(t, smtp, uniqueEmail("long-ok"), PASSWORD, { name: ARABIC_120 });
    // Trimmed, as every name is.
    expect(await nameOf(userId)).toBe(ARABIC_120.trim());
  });

  it("refuses a sign-up whose name holds a line break, is 10,000 characters or shows nothing", async () => {
    const cases: Array<[string, string]> = [
      ["Eve\r\nBcc: everyone@example.com", LINE],
      ["Eve\u0007", LINE],
      ["e".repeat(10_000), "A name can be at most 120 characters long."],
      ["\u3164", "Please enter your name."],
      ["\u200B\u200C \u200D", "Please enter your name."],
    ];
    for (const [name, message] of cases) {
      const email = uniqueEmail("bad-name");
      const res = await new Browser(() => t.app).post("/sign-up/email", { email, password: PASSWORD, name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({ code: "NAME_INVALID", message });
      expect(await t.db.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it("refuses a name change that breaks the rule and keeps the old name", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    for (const name of ["Eve\nBcc: x@example.com", "x".repeat(121), "\u3164\u3164"]) {
      const res = await browser.post("/update-user", { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({ code: "NAME_INVALID" });
    }
    expect(await nameOf(userId)).toBe("Test User");
    // Changing only the language sends no name, and is not refused for it.
    expect((await browser.post("/update-user", { locale: "ar" })).status).toBe(200);
  });

  it("keeps the invitation mail's headers and lines whole when the inviter's stored name has CR/LF", async () => {
    const inviter = await signUpVerified(t, smtp, uniqueEmail("eve"));
    // A name stored before the rule (or written by another path): the mail must still be safe.
    await t.db.db
      .update(user)
      .set({ name: "Eve\r\nBcc: everyone@example.com\r\n\r\nFake line" })
      .where(eq(user.id, inviter.userId));
    const invitee = uniqueEmail("invitee");
    const since = smtp.mails.length;
    const res = await inviter.browser.post("/organization/invite-member?lang=en", {
      email: invitee,
      role: "agent",
      organizationId: inviter.userId,
    });
    expect(res.status, res.body).toBe(200);
    const mail = await smtp.waitFor(invitee, /invited you/, { since });
    // One Subject line, no injected header, one recipient.
    expect(mail.subject).toBe(
      "Eve Bcc: everyone@example.com Fake line invited you to their Parley workspace",
    );
    expect(mail.rawHeaders).not.toMatch(/^bcc:/im);
    expect(mail.to).toEqual([invitee.toLowerCase()]);
    // The text has no line of the inviter's making.
    const lines = mail.text.split(/\r?\n/);
    expect(lines.some((line) => line.startsWith("Bcc:") || line === "Fake line")).toBe(false);
    expect(lines.some((line) => line.includes("Eve Bcc: everyone@example.com Fake line"))).toBe(true);
  });
});
