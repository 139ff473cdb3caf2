import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organization, user } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * Issue #21: a right-to-left override (U+202E) in a name could make it read as another person,
 * workspace or address. Typed names holding one are refused with a clear message; Arabic names
 * with the ordinary marks RLM/LRM (U+200F/U+200E) are accepted as typed.
 */
const MESSAGE = "Remove the invisible text-direction override characters (U+202A to U+202E)";
const ARABIC_NAME = "\u0633\u0627\u0631\u0629 \u200f(Sara)\u200e \u0627\u0644\u0639\u0644\u064a";

describe.each(testDrivers("either"))("direction overrides in names at the auth host on %s", (driver) => {
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
  const orgRow = async (id: string) =>
    (await t.db.db.select().from(organization).where(eq(organization.id, id)))[0];

  it("refuses a sign-up whose name holds U+202E, and creates no account", async () => {
    const email = uniqueEmail("rlo");
    const res = await new Browser(() => t.app).post("/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Support \u202Egnp.exe",
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: MESSAGE });
    expect(await t.db.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it("signs up an Arabic name with RLM/LRM marks as typed", async () => {
    const { userId } = await signUpVerified(t, smtp, uniqueEmail("arabic"), PASSWORD, { name: ARABIC_NAME });
    expect((await userRow(userId))?.name).toBe(ARABIC_NAME);
  });

  it("refuses a name change to a name with U+202E and keeps the old name; accepts an Arabic one", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    const refused = await browser.post("/update-user", { name: "Admin \u202Dmoc.knab" });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGE });
    expect((await userRow(userId))?.name).toBe("Test User");

    const accepted = await browser.post("/update-user", { name: ARABIC_NAME });
    expect(accepted.status, accepted.body).toBe(200);
    expect((await userRow(userId))?.name).toBe(ARABIC_NAME);
  });

  it("refuses a workspace renamed with U+202E and keeps its name; accepts an Arabic name", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    const before = (await orgRow(userId))?.name;
    expect(before).toBeTruthy();
    const refused = await browser.post("/organization/update", {
      organizationId: userId,
      data: { name: "Billing \u202Eten.yaptsaf" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGE });
    expect((await orgRow(userId))?.name).toBe(before);

    const renamed = await browser.post("/organization/update", {
      organizationId: userId,
      data: { name: `\u0641\u0631\u064a\u0642 \u200fParley\u200e` },
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect((await orgRow(userId))?.name).toBe(`\u0641\u0631\u064a\u0642 \u200fParley\u200e`);
  });

  it("refuses a new workspace named with an embedding control (U+202B)", async () => {
    const { browser } = await signUpVerified(t, smtp);
    const res = await browser.post("/organization/create", {
      name: "\u202BTeam",
      slug: `team-${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGE });
  });

  it("refuses an invitation to an address holding U+202E", async () => {
    const { browser, userId } = await signUpVerified(t, smtp);
    const res = await browser.post("/organization/invite-member", {
      email: "moc.elpmaxe\u202E@evil.com",
      role: "agent",
      organizationId: userId,
    });
    expect(res.status).toBe(400);
  });
});
