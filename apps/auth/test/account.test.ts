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

  it("changes a verified address when the link mailed to the new address is opened; the old address gets nothing", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const newEmail = uniqueEmail("moved");
    const since = smtp.mails.length;
    const res = await browser.post("/change-email", {
      newEmail,
      callbackURL: "/auth/verified?platform=parley",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: true });
    // Nothing changes before the new address is verified.
    expect(await userRow(userId)).toMatchObject({ email, emailVerified: true });

    const mail = await smtp.waitFor(newEmail, /Confirm your new e-mail address for Parley/, { since });
    expect(mail.text).toContain(`from ${email} to ${newEmail}`);
    await t.app.parley.background.settled();
    expect(smtp.mails.slice(since).filter((m) => m.to.includes(email))).toHaveLength(0);
    expect(smtp.mails.slice(since)).toHaveLength(1);

    const link = mail.links[0] ?? "";
    expect(link.startsWith(`${AUTH_URL}/verify-email?token=`)).toBe(true);
    const done = await browser.get(link);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/auth/verified?platform=parley");
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await browser.get("/get-session")).json()).toMatchObject({ user: { email: newEmail } });
    const signIn = await new Browser(() => t.app).post("/sign-in/email", {
      email: newEmail,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const oldSignIn = await new Browser(() => t.app).post("/sign-in/email", { email, password: PASSWORD });
    expect(oldSignIn.status).toBe(401);

    // Opened again, the spent link changes nothing and says the token is no good.
    const again = await browser.get(link);
    expect(again.status).toBe(302);
    expect(again.location).toBe("/auth/verified?platform=parley&error=invalid_token");
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("applies the link in a signed-out browser too (the link itself is the proof), but not in someone else's session", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const newEmail = uniqueEmail("elsewhere");
    const since = smtp.mails.length;
    await browser.post("/change-email", { newEmail, callbackURL: "/auth/verified?platform=parley" });
    const link = (await smtp.waitFor(newEmail, /Confirm your new e-mail address/, { since })).links[0] ?? "";

    // Opened while signed in as another account: refused, nothing changes for either.
    const other = await signUpVerified(t, smtp);
    const foreign = await other.browser.get(link);
    expect(foreign.status).toBe(302);
    expect(foreign.location).toBe("/auth/verified?platform=parley&error=unauthorized");
    expect(await userRow(userId)).toMatchObject({ email });
    expect(await userRow(other.userId)).toMatchObject({ email: other.email });

    // A forged token (signed with another secret) changes nothing either.
    const token = new URL(link).searchParams.get("token") ?? "";
    const [head, payload] = token.split(".");
    const forged = await new Browser(() => t.app).get(
      `/verify-email?token=${head}.${payload}.${"A".repeat(43)}&callbackURL=%2Fauth%2Fverified`,
    );
    expect(forged.location).toBe("/auth/verified?error=invalid_token");
    expect(await userRow(userId)).toMatchObject({ email });

    // The link with its callbackURL pointed elsewhere: refused before anything changes.
    const offSite = new URL(link);
    offSite.searchParams.set("callbackURL", "https://evil.example/phish");
    const redirected = await new Browser(() => t.app).get(`${offSite.pathname}${offSite.search}`);
    expect(redirected.status).toBe(403);
    expect(redirected.location).toBeUndefined();
    expect(await userRow(userId)).toMatchObject({ email });

    // Signed out (opened on a phone's mail app, say): the change goes through.
    const signedOut = await new Browser(() => t.app).get(link);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe("/auth/verified?platform=parley");
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("when two changes were asked for and both links are opened at once, one wins and the other link is spent", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    let since = smtp.mails.length;
    await browser.post("/change-email", { newEmail: first, callbackURL: "/auth/verified" });
    const firstLink =
      (await smtp.waitFor(first, /Confirm your new e-mail address/, { since })).links[0] ?? "";
    since = smtp.mails.length;
    await browser.post("/change-email", { newEmail: second, callbackURL: "/auth/verified" });
    const secondLink =
      (await smtp.waitFor(second, /Confirm your new e-mail address/, { since })).links[0] ?? "";
    expect(await userRow(userId)).toMatchObject({ email });

    // Both links are opened at the same moment: exactly one address wins, the other link fails.
    const [a, b] = await Promise.all([browser.get(firstLink), browser.get(secondLink)]);
    const failed = [a, b].filter((r) => r.location?.includes("error="));
    expect(failed).toHaveLength(1);
    const row = await userRow(userId);
    expect([first, second]).toContain(row?.email);
    expect(row?.emailVerified).toBe(true);
    // Whichever won, the other link stays spent.
    const loser = row?.email === first ? secondLink : firstLink;
    expect((await browser.get(loser)).location).toContain("error=invalid_token");
    expect((await userRow(userId))?.email).toBe(row?.email);
  });

  it("refuses the link when another account took the new address in the meantime", async () => {
    const { browser, email, userId } = await signUpVerified(t, smtp);
    const wanted = uniqueEmail("contested");
    const since = smtp.mails.length;
    await browser.post("/change-email", { newEmail: wanted, callbackURL: "/auth/verified" });
    const link = (await smtp.waitFor(wanted, /Confirm your new e-mail address/, { since })).links[0] ?? "";
    const squatter = await signUpVerified(t, smtp, wanted);

    const res = await browser.get(link);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/auth/verified?error=email_taken");
    expect(await userRow(userId)).toMatchObject({ email, emailVerified: true });
    expect(await userRow(squatter.userId)).toMatchObject({ email: wanted });
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
