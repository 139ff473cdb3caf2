import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organization } from "../../../auth/src/db/schema";
import { signUpVerified, uniqueEmail } from "../../../auth/test/flows";
import { setPlan, testDrivers } from "../harness";
import { callApi, type Person, type Services, startServices, tokenOf } from "./services";

/**
 * Issue #25, item 9: owners create and rename workspaces; a rename is in the activity log; only
 * owners rename (WORKSPACE_CAPABILITIES "workspace:rename", which the auth service's roles follow);
 * and an invitation names the workspace properly instead of "Olivia invited you to Olivia's
 * workspace".
 */
describe.each(testDrivers("either"))("naming workspaces on %s", (driver) => {
  let s: Services;
  let olivia: Person;

  async function person(name: string, email = uniqueEmail(name.toLowerCase())): Promise<Person> {
    const { browser, userId } = await signUpVerified(s.auth, s.smtp, email, undefined, { name });
    return { browser, email, userId, token: () => tokenOf(browser) };
  }

  async function invite(by: Person, workspaceId: string, role = "agent", email = uniqueEmail("guest")) {
    const since = s.smtp.mails.length;
    const res = await by.browser.post("/organization/invite-member", {
      email,
      role,
      organizationId: workspaceId,
    });
    expect(res.status, res.body).toBe(200);
    return { mail: await s.smtp.waitFor(email, /./, { since }), email };
  }

  async function join(p: Person, mail: { links: string[] }, workspaceId: string) {
    const link = mail.links.find((l) => l.includes("/invitations/")) ?? "";
    const invitationId = decodeURIComponent(link.split("/invitations/")[1] ?? "");
    expect((await p.browser.post("/organization/accept-invitation", { invitationId })).status).toBe(200);
    expect((await p.browser.post("/organization/set-active", { organizationId: workspaceId })).status).toBe(
      200,
    );
  }

  /** The workspace's activity log once it holds `action` (the auth service reports it through its outbox). */
  async function auditUntil(p: Person, action: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const log = await callApi(s, await p.token(), "GET", "/api/workspace/audit-log");
      expect(log.status).toBe(200);
      const entries = log.json.entries as Array<{ action: string; actorEmail: string; details: object }>;
      if (entries.some((e) => e.action === action) || Date.now() > deadline) return entries;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const nameOf = async (id: string) =>
    (
      await s.auth.db.db.select({ name: organization.name }).from(organization).where(eq(organization.id, id))
    )[0]?.name;

  beforeAll(async () => {
    s = await startServices(driver);
    olivia = await person("Olivia");
    await setPlan(s.api, olivia.userId, "pro-monthly");
  });
  afterAll(async () => {
    await s?.close();
  });

  it("an invitation to the inviter's own personal workspace does not repeat their name", async () => {
    expect(await nameOf(olivia.userId)).toBe("Olivia's workspace");
    const { mail } = await invite(olivia, olivia.userId);
    expect(mail.subject).toBe("Olivia invited you to their Parley workspace");
    expect(mail.text).toContain("invited");
    expect(mail.text).not.toContain("Olivia's workspace");
  });

  it("someone else inviting into Olivia's personal workspace names it as hers; an admin is refused a rename", async () => {
    const { mail, email } = await invite(olivia, olivia.userId, "admin");
    const omar = await person("Omar", email);
    await join(omar, mail, olivia.userId);
    const { mail: fromOmar } = await invite(omar, olivia.userId);
    expect(fromOmar.subject).toBe("Omar invited you to join Olivia's workspace on Parley");

    // Owners only: an admin may manage members, but not rename the workspace.
    const refused = await omar.browser.post("/organization/update", {
      organizationId: olivia.userId,
      data: { name: "Omar's now" },
    });
    expect(refused.status).toBe(403);
    expect(await nameOf(olivia.userId)).toBe("Olivia's workspace");
  });

  it("the owner renames the workspace: invitations use the new name, the activity log records it", async () => {
    const renamed = await olivia.browser.post("/organization/update", {
      organizationId: olivia.userId,
      data: { name: "Kettle Co" },
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect(await nameOf(olivia.userId)).toBe("Kettle Co");
    const { mail } = await invite(olivia, olivia.userId);
    expect(mail.subject).toBe("Olivia invited you to join Kettle Co on Parley");
    const entries = await auditUntil(olivia, "workspace.renamed");
    expect(entries.find((e) => e.action === "workspace.renamed")).toMatchObject({
      actorEmail: olivia.email,
      details: { name: "Kettle Co" },
    });
  });

  it("a rename to 100,000 characters is refused and leaves no trace in the log", async () => {
    const refused = await olivia.browser.post("/organization/update", {
      organizationId: olivia.userId,
      data: { name: "k".repeat(100_000) },
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "WORKSPACE_NAME_INVALID" });
    expect(await nameOf(olivia.userId)).toBe("Kettle Co");
    const entries = await auditUntil(olivia, "workspace.renamed");
    expect(JSON.stringify(entries)).not.toContain("kkkkkkkk");
  });

  it("anyone creates a workspace of their own (on Free), switches to it, and its log starts with its creation", async () => {
    const created = await olivia.browser.post("/organization/create", {
      name: "Acme Support",
      slug: `ws-${Date.now().toString(16)}`,
      keepCurrentActiveOrganization: true,
    });
    expect(created.status, created.body).toBe(200);
    const acme = created.json<{ id: string }>().id;
    expect((await olivia.browser.post("/organization/set-active", { organizationId: acme })).status).toBe(
      200,
    );
    const claims = JSON.parse(
      Buffer.from((await olivia.token()).split(".")[1] ?? "", "base64url").toString(),
    );
    expect(claims).toMatchObject({ workspaceId: acme, workspaceRole: "owner" });
    const entries = await auditUntil(olivia, "workspace.created");
    expect(entries.find((e) => e.action === "workspace.created")).toMatchObject({
      details: { name: "Acme Support" },
    });
    // A shared workspace is named as it is called.
    await setPlan(s.api, acme, "pro-monthly");
    const { mail } = await invite(olivia, acme);
    expect(mail.subject).toBe("Olivia invited you to join Acme Support on Parley");
  });
});
