import { INVALID_UTF8_MESSAGE } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * Issue #35: the auth host reads bodies as bytes for better-auth, which decoded bytes that are not
 * UTF-8 as U+FFFD and stored a name the person never typed. Such a body is refused with a 400 that
 * says so, before better-auth sees it; the same name in UTF-8 is stored exactly.
 */
describe.each(testDrivers())("bodies that are not UTF-8 at the auth host on %s", (driver) => {
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

  const signUp = (email: string, name: Buffer) =>
    t.app.inject({
      method: "POST",
      url: "/sign-up/email",
      headers: { origin: AUTH_URL, "content-type": "application/json" },
      payload: Buffer.concat([
        Buffer.from(`{"email":"${email}","password":"correct horse battery","name":"`),
        name,
        Buffer.from('"}'),
      ]),
    });
  const stored = async (email: string) =>
    (await t.db.db.select({ name: user.name }).from(user).where(eq(user.email, email)))[0]?.name;

  it("signs up an Arabic name sent as UTF-8 exactly", async () => {
    const name = "\u0633\u0627\u0631\u0629";
    const res = await signUp("utf8-ok@example.com", Buffer.from(name, "utf8"));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored("utf8-ok@example.com")).toBe(name);
  });

  it("refuses a name with a byte that is not UTF-8, and creates no account", async () => {
    for (const [i, bad] of [[0xff], [0xc3], [0xe0, 0x80, 0x80]].entries()) {
      const email = `utf8-bad-${i}@example.com`;
      const res = await signUp(email, Buffer.from([0x41, ...bad, 0x6c]));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION_ERROR", message: INVALID_UTF8_MESSAGE });
      expect(await stored(email)).toBeUndefined();
    }
  });

  it("refuses a form post with such a byte too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/sign-in/email",
      headers: { origin: AUTH_URL, "content-type": "application/x-www-form-urlencoded" },
      payload: Buffer.concat([
        Buffer.from("email=a"),
        Buffer.from([0xff]),
        Buffer.from("%40example.com&password=x"),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_UTF8_MESSAGE });
  });
});
