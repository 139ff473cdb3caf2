import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organization } from "../src/db/schema";
import type { Browser } from "./browser";
import { signUpVerified } from "./flows";
import { createTestApp, type TestApp, testDrivers } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

/**
 * Issue #25: a workspace created with a 100,000-character name, or renamed to 1,000,000
 * characters, was stored. Every text a person sends about a workspace, its members and its
 * invitations is bounded by the contracts (@parley/contracts workspace schemas), and refused with
 * a message the Team page shows beside the field.
 */
const TOO_LONG = "A workspace name can be at most 80 characters long.";
const BIDI = "Remove the invisible text-direction override characters (U+202A to U+202E)";
const ARABIC_80 = "\u0641\u0631\u064a\u0642 ".repeat(16);

describe.each(testDrivers("either"))(
  "workspace, member and invitation fields at the auth host on %s",
  (driver) => {
    let t: TestApp;
    let smtp: SmtpCatcher;
    let owner: { browser: Browser; userId: string };
    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      t = await createTestApp(driver, { env: { SMTP_URL: smtp.url } });
      owner = await signUpVerified(t, smtp);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const nameOf = async (id: string) =>
      (await t.db.db.select({ name: organization.name }).from(organization).where(eq(organization.id, id)))[0]
        ?.name;
    const slug = () => `ws-${Math.random().toString(36).slice(2, 10)}`;
    const create = (body: Record<string, unknown>) => owner.browser.post("/organization/create", body);
    const rename = (organizationId: string, data: Record<string, unknown>) =>
      owner.browser.post("/organization/update", { organizationId, data });

    it("creates a workspace with a name of 80 characters, and renames it to another (Arabic) one", async () => {
      expect(ARABIC_80).toHaveLength(80);
      const created = await create({ name: "Acme Support", slug: slug() });
      expect(created.status, created.body).toBe(200);
      const id = created.json<{ id: string }>().id;
      expect(await nameOf(id)).toBe("Acme Support");
      const renamed = await rename(id, { name: ARABIC_80 });
      expect(renamed.status, renamed.body).toBe(200);
      expect(await nameOf(id)).toBe(ARABIC_80);
    });

    it("refuses a new workspace named with 100,000 characters, and stores nothing", async () => {
      const s = slug();
      const res = await create({ name: "x".repeat(100_000), slug: s });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ code: "WORKSPACE_NAME_INVALID", message: TOO_LONG });
      expect(await t.db.db.select().from(organization).where(eq(organization.slug, s))).toEqual([]);
    });

    it("refuses a rename to 1,000,000 characters (and to 81), and keeps the name", async () => {
      const before = await nameOf(owner.userId);
      for (const name of ["y".repeat(1_000_000), "z".repeat(81)]) {
        const res = await rename(owner.userId, { name });
        expect(res.status).toBe(400);
        expect(res.json()).toMatchObject({ code: "WORKSPACE_NAME_INVALID", message: TOO_LONG });
      }
      expect(await nameOf(owner.userId)).toBe(before);
    });

    it("refuses an empty name, a line break, a NUL and a direction override, each with its own words", async () => {
      const before = await nameOf(owner.userId);
      const cases: Array<[string, Record<string, string>]> = [
        ["   ", { code: "WORKSPACE_NAME_INVALID", message: "Give the workspace a name." }],
        [
          "Acme\nSupport",
          {
            code: "WORKSPACE_NAME_INVALID",
            message:
              "A workspace name is one line of text: remove line breaks, tabs and other control characters.",
          },
        ],
        [
          "Acme\u0000",
          {
            code: "VALIDATION_ERROR",
            message: "[body.data.name] must not contain the NUL character (\\u0000)",
          },
        ],
        ["Billing \u202Eten.yaptsaf", { message: BIDI }],
      ];
      for (const [name, expected] of cases) {
        const res = await rename(owner.userId, { name });
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(res.json()).toMatchObject(expected);
      }
      expect(await nameOf(owner.userId)).toBe(before);
    });

    it("refuses slugs that are not short lowercase words, and logos or metadata", async () => {
      const slugMessage =
        "A workspace's address can be at most 64 characters: lowercase letters, digits and single dashes.";
      for (const bad of ["s".repeat(65), "Acme", "../admin", "a--b", ""]) {
        const res = await create({ name: "Acme", slug: bad });
        expect(res.status, bad).toBe(400);
        expect(res.json()).toMatchObject({ code: "WORKSPACE_SLUG_INVALID", message: slugMessage });
      }
      const checked = await owner.browser.post("/organization/check-slug", { slug: "q".repeat(10_000) });
      expect(checked.status).toBe(400);
      for (const extra of [
        { logo: `https://x.test/${"l".repeat(100_000)}` },
        { metadata: { personal: true } },
      ]) {
        const res = await create({ name: "Acme", slug: slug(), ...extra });
        expect(res.status).toBe(400);
        expect(res.json()).toMatchObject({ code: "WORKSPACE_FIELD_NOT_ALLOWED" });
        const updated = await rename(owner.userId, extra);
        expect(updated.status).toBe(400);
      }
    });

    it("refuses over-long invitation addresses, member references and ids before looking anything up", async () => {
      const invite = (email: string) =>
        owner.browser.post("/organization/invite-member", {
          email,
          role: "agent",
          organizationId: owner.userId,
        });
      for (const email of [`${"a".repeat(250)}@example.com`, `${"b".repeat(65)}@example.com`]) {
        const res = await invite(email);
        expect(res.status).toBe(400);
        expect(res.json()).toMatchObject({
          code: "INVALID_EMAIL",
          message: "Enter a valid email address, like name@company.com.",
        });
      }
      const removed = await owner.browser.post("/organization/remove-member", {
        organizationId: owner.userId,
        memberIdOrEmail: `${"m".repeat(300)}@example.com`,
      });
      expect(removed.status).toBe(400);
      expect(removed.json()).toMatchObject({ code: "VALIDATION_ERROR" });
      const accepted = await owner.browser.post("/organization/accept-invitation", {
        invitationId: "i".repeat(100_000),
      });
      expect(accepted.status).toBe(400);
      const listed = await owner.browser.get(
        `/organization/list-members?organizationId=${"o".repeat(1_000)}`,
      );
      expect(listed.status).toBe(400);
    });
  },
);
