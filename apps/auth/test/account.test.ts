import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, verification } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

describe.each(testDrivers())("change e-mail and delete account on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(driver, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const userRow = async (id: string) => (await t.db.db.select().from(user).where(eq(user.id, id)))[0];

  it("changes a verified address only after the old address approves and the new one verifies", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const newEmail = uniqueEmail("moved");
    let since = smtp.mails.length;
    const res = await browser.post("/change-email", {
      newEmail,
      callbackURL: "/auth/verified?platform=parley",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect((await userRow(userId))?.email).toBe(email);

    const confirm = await smtp.waitFor(email, /Confirm the change of your Parley e-mail address/, { since });
    expect(confirm.text).toContain(`from ${email} to ${newEmail}`);
    since = smtp.mails.length;
    const approved = await browser.get(confirm.links[0] ?? "");
    expect(approved.status).toBe(302);
    expect(approved.location).toBe("/auth/verified?platform=parley");
    expect((await userRow(userId))?.email).toBe(email);

    const verify = await smtp.waitFor(newEmail, /Verify your e-mail/, { since });
    const done = await browser.get(verify.links[0] ?? "");
    expect(done.status).toBe(302);
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await browser.get("/get-session")).json()).toMatchObject({ user: { email: newEmail } });
    const signIn = await new Browser(() => t.app).post("/sign-in/email", {
      email: newEmail,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it("refuses the same address and an address that has an account, with the spec's messages", async () => {
    const { browser, email } = await signUpVerified(t, smtp);
    const same = await browser.post("/change-email", { newEmail: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.json()).toMatchObject({ message: "Email is the same" });

    const { email: taken } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    const conflict = await browser.post("/change-email", { newEmail: taken });
    expect(conflict.status).toBe(400);
    expect(conflict.json()).toEqual({
      code: "EMAIL_CAN_NOT_BE_UPDATED",
      message: "Couldn't update your email",
    });
    // Every mail the refused change could have queued has been sent (or not) by now.
    await t.app.parley.background.settled();
    expect(smtp.mails.slice(since)).toHaveLength(0);

    const signedOut = await new Browser(() => t.app).post("/change-email", { newEmail: taken });
    expect(signedOut.status).toBe(401);
  });

  it("deletes an account with the e-mailed 32-character token (valid 24 hours) posted back", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const wrong = await browser.post("/delete-user", { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "INVALID_PASSWORD" });

    const since = smtp.mails.length;
    const before = Date.now();
    const res = await browser.post("/delete-user", {
      password: PASSWORD,
      callbackURL: "/auth?platform=parley",
    });
    const answered = Date.now();
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Verification email sent" });
    expect(await userRow(userId)).toBeDefined();

    const mail = await smtp.waitFor(email, /Confirm deleting your Parley account/, { since });
    expect(mail.text).toContain("valid for 24 hours");
    const link = new URL(mail.links[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${AUTH_URL}/delete-user/callback`);
    const token = link.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[0-9a-z]{32}$/);
    const [row] = await t.db.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `delete-account-${token}`));
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(86_400_000 - 10_000);
    // Minted while the request ran: at most 24 h after the answer came back.
    expect(ttl).toBeLessThanOrEqual(86_400_000 + (answered - before));

    // A token only deletes the account it was minted for (and is spent by a wrong attempt).
    const someoneElse = await signUpVerified(t, smtp);
    const stolen = await someoneElse.browser.post("/delete-user", { token });
    expect(stolen.status).toBe(404);
    expect(await userRow(someoneElse.userId)).toBeDefined();
    expect(await userRow(userId)).toBeDefined();

    const again = smtp.mails.length;
    await browser.post("/delete-user", {});
    const second = new URL((await smtp.waitFor(email, /Confirm deleting/, { since: again })).links[0] ?? "");
    const deleted = await browser.post("/delete-user", { token: second.searchParams.get("token") });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: "User deleted" });
    expect(await userRow(userId)).toBeUndefined();
    expect(browser.sessionToken()).toBeUndefined();
  });

  it("deletes through GET /delete-user/callback in the signed-in browser and redirects", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await browser.post("/delete-user", { callbackURL: "/auth?platform=parley" });
    const link = (await smtp.waitFor(email, /Confirm deleting/, { since })).links[0] ?? "";

    const elsewhere = await new Browser(() => t.app).get(link);
    expect(elsewhere.status).toBe(404);
    expect(await userRow(userId)).toBeDefined();

    const res = await browser.get(link);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/auth?platform=parley");
    expect(await userRow(userId)).toBeUndefined();
    const signIn = await new Browser(() => t.app).post("/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(401);
  });

  it("refuses an untrusted callbackURL on the deletion link", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const since = smtp.mails.length;
    await browser.post("/delete-user", {});
    const link = new URL((await smtp.waitFor(email, /Confirm deleting/, { since })).links[0] ?? "");
    link.searchParams.set("callbackURL", "https://evil.example/gotcha");
    const res = await browser.get(`${link.pathname}${link.search}`);
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ message: "Invalid callbackURL" });
    expect(await userRow(userId)).toBeDefined();
  });

  it("needs a session for delete-user", async () => {
    const res = await new Browser(() => t.app).post("/delete-user", { password: PASSWORD });
    expect(res.status).toBe(401);
  });
});
