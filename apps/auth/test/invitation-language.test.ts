import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe.each(testDrivers("either"))("invitation mails in the invitee's language on %s", (driver) => {
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

  it("uses the invitee's saved language, else the request's ?lang=, else the inviter's", async () => {
    const owner = await signUpVerified(t, smtp, uniqueEmail("owner-ar"), PASSWORD, { locale: "ar" });
    const invite = async (email: string, query = "") => {
      const since = smtp.mails.length;
      const res = await owner.browser.post(`/organization/invite-member${query}`, {
        email,
        role: "agent",
        organizationId: owner.userId,
      });
      expect(res.status, res.body).toBe(200);
      return smtp.waitFor(email, /./, { since });
    };

    // No account: the inviter's language (Arabic), right to left.
    const stranger = await invite(uniqueEmail("stranger"));
    // Into the inviter's own personal workspace, still under its sign-up name (issue #25).
    expect(stranger.subject).toBe("دعاك Test User إلى مساحة عمله على Parley");
    expect(stranger.text).toContain("بصفة موظف دعم.");
    expect(stranger.html).toContain('<html lang="ar" dir="rtl">');

    // No account, but the invitation was sent from an English page.
    const english = await invite(uniqueEmail("stranger-en"), "?lang=en");
    expect(english.subject).toBe("Test User invited you to their Parley workspace");
    expect(english.text).toContain("as an agent.");
    expect(english.html).not.toMatch(/dir="rtl"|text-align:right/); // not "rtl" alone: a link's random token may hold it

    // An account that saved English: its own language wins over the inviter's and the request's.
    const member = await signUpVerified(t, smtp, uniqueEmail("member-en"), PASSWORD, { locale: "en" });
    const toMember = await invite(member.email, "?lang=ar");
    expect(toMember.subject).toMatch(/invited you to/);
  });
});
