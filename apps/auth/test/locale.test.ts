import { ACCESS_TOKEN_AUDIENCE, accessTokenClaimsSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers, WEB_URL } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * The user's language (issue #21): saved as `user.locale` at sign-up and through the web app's
 * cross-origin `POST /update-user {locale}`, carried in the access token's `locale` claim, and
 * used for the mails.
 */
describe.each(testDrivers("either"))("saved language and mails in it on %s", (driver) => {
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

  async function claimsOf(browser: Browser) {
    const res = await browser.get("/token");
    expect(res.status).toBe(200);
    const keys = (await new Browser(() => t.app).get("/jwks")).json<JSONWebKeySet>();
    const { payload } = await jwtVerify(res.json<{ token: string }>().token, createLocalJWKSet(keys), {
      issuer: AUTH_URL,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    return { payload, claims: accessTokenClaimsSchema.parse(payload) };
  }

  async function savedLocale(email: string) {
    const [row] = await t.db.db.select({ locale: user.locale }).from(user).where(eq(user.email, email));
    return row?.locale;
  }

  it("mails an Arabic user's verification link in Arabic, right to left, addresses left to right", async () => {
    const email = uniqueEmail("arabic");
    const since = smtp.mails.length;
    const res = await new Browser(() => t.app).post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Ada",
      locale: "ar",
    });
    expect(res.status, res.body).toBe(200);
    expect(await savedLocale(email)).toBe("ar");

    const mail = await smtp.waitFor(email, /^تأكيد بريدك الإلكتروني في Parley$/, { since });
    expect(mail.text).toContain("مرحبًا \u2068Ada\u2069،");
    expect(mail.text).toContain(`يُرجى تأكيد أن \u2066${email}\u2069 هو بريدك الإلكتروني`);
    expect(mail.text).toContain("هذا الرابط صالح لمدة ساعة واحدة.");
    expect(mail.text).not.toMatch(/Verify|Hello|valid for/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain(`<span dir="ltr" style="unicode-bidi:isolate">${email}</span>`);
    // The link on its own line in the text part, and LTR in the HTML part.
    expect(mail.links[0]).toMatch(new RegExp(`^${AUTH_URL}/verify-email\\?token=`));
    expect(mail.html).toMatch(/<a href="[^"]+" dir="ltr"/);
    expect(mail.html).toContain("تأكيد البريد الإلكتروني</a>");
  });

  it("keeps an English user's verification mail as it was (no direction marks)", async () => {
    const email = uniqueEmail("english");
    const since = smtp.mails.length;
    const res = await new Browser(() => t.app).post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Ada",
      locale: "en",
    });
    expect(res.status, res.body).toBe(200);
    const mail = await smtp.waitFor(email, /^Verify your e-mail address for Parley$/, { since });
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain(
      `Please confirm that ${email} is your e-mail address to finish setting up your Parley account.`,
    );
    expect(mail.text).toContain("Verify e-mail address:");
    expect(mail.text).toContain("If you did not create a Parley account, you can ignore this e-mail.");
    expect(mail.text).toMatch(/— Parley\s*$/);
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).not.toMatch(/dir="rtl"|text-align:right/); // not "rtl" alone: a link's random token may hold it
    expect(mail.html).toContain("If the button does not work, paste this address into your browser:");

    // No locale at all: English too (and none is saved).
    const other = uniqueEmail("nolocale");
    const since2 = smtp.mails.length;
    await new Browser(() => t.app).post("/sign-up/email", { email: other, password: PASSWORD, name: "B" });
    await smtp.waitFor(other, /^Verify your e-mail address for Parley$/, { since: since2 });
    expect(await savedLocale(other)).toBeNull();
  });

  it("mails an Arabic user's password reset in Arabic and an English user's in English", async () => {
    const arabic = await signUpVerified(t, smtp, uniqueEmail("reset-ar"), PASSWORD, { locale: "ar" });
    const english = await signUpVerified(t, smtp, uniqueEmail("reset-en"));
    const since = smtp.mails.length;
    for (const email of [arabic.email, english.email]) {
      const res = await new Browser(() => t.app).post("/request-password-reset", {
        email,
        redirectTo: "/auth/reset-password?platform=parley",
      });
      expect(res.status, res.body).toBe(200);
    }
    const ar = await smtp.waitFor(arabic.email, /^إعادة تعيين كلمة المرور في Parley$/, { since });
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain(`المسجّل بالبريد \u2066${arabic.email}\u2069.`);
    expect(ar.text).toContain("اختيار كلمة مرور جديدة:");
    expect(ar.links[0]).toContain("/reset-password/");

    const en = await smtp.waitFor(english.email, /^Reset your Parley password$/, { since });
    expect(en.text).toContain(
      `We received a request to reset the password of the Parley account for ${english.email}.`,
    );
    expect(en.text).toContain("This link is valid for 1 hour and works once.");
    expect(en.html).not.toMatch(/dir="rtl"|text-align:right/); // not "rtl" alone: a link's random token may hold it
  });

  it("puts the saved language in the access token's `locale` claim (absent when none is saved)", async () => {
    const arabic = await signUpVerified(t, smtp, uniqueEmail("claim-ar"), PASSWORD, { locale: "ar" });
    expect((await claimsOf(arabic.browser)).claims.locale).toBe("ar");
    const none = await signUpVerified(t, smtp, uniqueEmail("claim-none"));
    const { payload, claims } = await claimsOf(none.browser);
    expect(payload).not.toHaveProperty("locale");
    expect(claims.locale).toBeUndefined();
  });

  it("lets the web app save the language cross-origin: preflight, POST /update-user with credentials", async () => {
    const { browser, email } = await signUpVerified(t, smtp, uniqueEmail("switch"));

    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/update-user",
      headers: {
        origin: WEB_URL,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers["access-control-allow-origin"]).toBe(WEB_URL);
    expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(preflight.headers["access-control-allow-methods"])).toContain("POST");
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");

    const res = await browser.post("/update-user", { locale: "ar" }, { origin: WEB_URL });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(res.headers["access-control-allow-origin"]).toBe(WEB_URL);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(await savedLocale(email)).toBe("ar");
    expect((await claimsOf(browser)).claims.locale).toBe("ar");
    const session = (await browser.get("/get-session", { origin: WEB_URL })).json<{
      user: { locale: string };
    }>();
    expect(session.user.locale).toBe("ar");

    // Mails follow the new choice at once.
    const since = smtp.mails.length;
    await new Browser(() => t.app).post("/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    await smtp.waitFor(email, /^إعادة تعيين كلمة المرور في Parley$/, { since });

    // Back to English, and null clears the choice.
    expect((await browser.post("/update-user", { locale: "en" }, { origin: WEB_URL })).status).toBe(200);
    expect(await savedLocale(email)).toBe("en");
    expect((await browser.post("/update-user", { locale: null }, { origin: WEB_URL })).status).toBe(200);
    expect(await savedLocale(email)).toBeNull();
    expect((await claimsOf(browser)).payload).not.toHaveProperty("locale");
  });

  it("refuses a hostile locale, a foreign origin and a request without a session", async () => {
    const { browser, email } = await signUpVerified(t, smtp, uniqueEmail("hostile"), PASSWORD, {
      locale: "en",
    });
    for (const locale of ["xx", "AR", "ar-BH", "", 1, true, ["ar"], { ar: 1 }, "a".repeat(100_000)]) {
      const res = await browser.post("/update-user", { locale }, { origin: WEB_URL });
      expect(res.status, `${JSON.stringify(locale).slice(0, 20)}: ${res.body.slice(0, 200)}`).toBe(400);
    }
    // 1 MB: refused before better-auth even reads it.
    const huge = await browser.post("/update-user", { locale: "a".repeat(1024 * 1024) }, { origin: WEB_URL });
    expect([400, 413]).toContain(huge.status);
    expect(await savedLocale(email)).toBe("en");

    // Another site cannot change it with the user's cookie.
    const evil = await browser.post("/update-user", { locale: "ar" }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    // Nor can anyone without a session.
    const anonymous = await new Browser(() => t.app, WEB_URL).post("/update-user", { locale: "ar" });
    expect(anonymous.status).toBe(401);
    expect(await savedLocale(email)).toBe("en");

    // Sign-up refuses an unknown language too (nothing is created).
    const refused = uniqueEmail("refused");
    const signUp = await new Browser(() => t.app).post("/sign-up/email", {
      email: refused,
      password: PASSWORD,
      name: "R",
      locale: "xx",
    });
    expect(signUp.status).toBe(400);
    expect(await t.db.db.select().from(user).where(eq(user.email, refused))).toHaveLength(0);
  });
});
