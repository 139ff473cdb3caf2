import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../auth/test/flows";
import type { ReceivedMail } from "../../../auth/test/smtp";
import { type ChangingSite, html, startChangingSite } from "../changing-site";
import { setPlan, testDrivers } from "../harness";
import { callApi, type Person, type Services, signUp, startServices } from "../teams/services";

const page = (title: string, text: string, links: string[] = []) =>
  html(title, `<h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}`);
const PATHS = ["/a", "/b", "/c", "/d", "/e"];

/**
 * The owners' e-mails about scheduled re-syncs gone wrong, end to end: the API's scheduled sync
 * (its recurring job, on the app's clock) fails twice in a row, or would remove more than a third
 * of the pages; the API finds the workspace's owners on the auth service (signed HTTP), writes the
 * mail, and hands it to the auth service, which sends it to a real SMTP listener. Each mail names
 * the source and the bot, says what happened (the last error; how many pages of how many) and
 * links to the bot's knowledge tab. Other members are not e-mailed.
 */
describe.each(testDrivers("either"))("scheduled re-sync e-mails on %s", (driver) => {
  let s: Services;
  let owner: Person;
  let admin: Person;
  let site: ChangingSite;
  let botId = "";
  let sourceId = "";
  let title = "";

  /** Runs the queued jobs as the worker would, retries after their backoff included; none left. */
  async function runJobs() {
    const { jobs } = s.api.app.services;
    await jobs.drain();
    for (let retry = 0; retry < 3 && (await jobs.pendingCount()) > 0; retry++) {
      s.api.app.clock.advance(60_000);
      await jobs.drain();
    }
    const left = rowsOf<{ kind: string; last_error: string | null }>(
      await s.api.db.db.execute(sql`select kind, last_error from jobs where status in ('queued', 'running')`),
    );
    expect(left, JSON.stringify(left)).toEqual([]);
  }
  const api = async (method: string, path: string, body?: unknown) =>
    callApi(s, await owner.token(), method, path, body);
  /** Moves the API's clock past the source's next run and lets the scheduler and the jobs run. */
  async function scheduledSync() {
    const source = await api("GET", `/api/chatbots/${botId}/sources/${sourceId}`);
    const next = Date.parse(String(source.json.nextSyncAt));
    expect(Number.isNaN(next)).toBe(false);
    s.api.app.clock.advance(next - s.api.app.clock.now().getTime() + 60_000);
    expect((await s.api.app.services.knowledge.runScheduledSyncs()).queued).toBe(1);
    await runJobs();
    const syncs = await api("GET", `/api/chatbots/${botId}/sources/${sourceId}/syncs`);
    return (syncs.json as unknown as { status: string; trigger: string }[])[0];
  }
  const mailsTo = (who: Person, since: number) =>
    s.smtp.mails.slice(since).filter((m: ReceivedMail) => m.to.includes(who.email.toLowerCase()));

  beforeAll(async () => {
    site = await startChangingSite({
      "/": { body: page("Bike shop", "The bike shop on the corniche.", PATHS) },
      ...Object.fromEntries(PATHS.map((p) => [p, { body: page(`Page ${p}`, `What page ${p} says.`) }])),
    });
    s = await startServices(driver);
    owner = await signUp(s, uniqueEmail("sync-owner"));
    await setPlan(s.api, owner.userId, "business-monthly");
    // A second member of the workspace (an admin): these e-mails are for the owners only.
    const email = uniqueEmail("sync-admin");
    const since = s.smtp.mails.length;
    const invited = await owner.browser.post("/organization/invite-member", {
      email,
      role: "admin",
      organizationId: owner.userId,
    });
    expect(invited.status, invited.body).toBe(200);
    const invitation = await s.smtp.waitFor(email, /invited you to/, { since });
    const link = invitation.links.find((l) => l.includes("/invitations/"));
    admin = await signUp(s, email);
    const accepted = await admin.browser.post("/organization/accept-invitation", {
      invitationId: decodeURIComponent(link?.split("/invitations/")[1] ?? ""),
    });
    expect(accepted.status).toBe(200);

    const bot = await api("POST", "/api/chatbots", { name: "Bike help" });
    expect(bot.status, JSON.stringify(bot.json)).toBe(201);
    botId = String(bot.json._id);
    const added = await api("POST", `/api/chatbots/${botId}/sources`, {
      kind: "website",
      url: `${site.url}/`,
      resync: "daily",
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    sourceId = String(added.json._id);
    title = String(added.json.title);
    await runJobs();
  });
  afterAll(async () => {
    await s?.close();
    await site?.close();
  });

  it("tells the owners by e-mail when scheduled syncs fail twice in a row, once", async () => {
    const saved = { ...site.routes };
    for (const p of Object.keys(site.routes)) site.routes[p] = { status: 503, body: "down" };
    const since = s.smtp.mails.length;
    expect(await scheduledSync()).toMatchObject({ status: "failed", trigger: "scheduled" });
    // One failure is no news yet.
    expect(s.smtp.mails.length).toBe(since);
    expect(await scheduledSync()).toMatchObject({ status: "failed", trigger: "scheduled" });

    const mails = mailsTo(owner, since);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ReceivedMail;
    expect(mail.subject).toBe(`A scheduled re-sync failed twice: ${title}`);
    // Which source of which bot, what went wrong, what the bot does meanwhile, what to do.
    expect(mail.text).toContain(
      `The last two scheduled re-syncs of the website source ${title} (Bike help) failed. Your bot still answers from what it learned before.`,
    );
    expect(mail.text).toContain(`Last error: ${site.url}/ answered 503 Service Unavailable.`);
    expect(mail.text).toContain("re-sync the source by hand from its knowledge tab");
    const knowledgeTab = `${s.api.url}/chatbots/${botId}?tab=knowledge`;
    expect(mail.links).toContain(knowledgeTab);
    expect(mail.html).toContain(`href="${knowledgeTab.replaceAll("&", "&amp;")}"`);
    // The owners only; and nothing more for a third failure in a row.
    expect(mailsTo(admin, since)).toEqual([]);
    expect(s.smtp.mails.length - since).toBe(1);
    expect(await scheduledSync()).toMatchObject({ status: "failed" });
    expect(s.smtp.mails.length - since).toBe(1);
    Object.assign(site.routes, saved);
    expect(await scheduledSync()).toMatchObject({ status: "succeeded" });
    expect(s.smtp.mails.length - since).toBe(1);
  });

  it("tells the owners by e-mail when a scheduled sync would remove more than a third of the pages", async () => {
    for (const p of ["/c", "/d", "/e"]) delete site.routes[p];
    const since = s.smtp.mails.length;
    expect(await scheduledSync()).toMatchObject({ status: "held", trigger: "scheduled" });
    const mails = mailsTo(owner, since);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ReceivedMail;
    expect(mail.subject).toBe(`A scheduled re-sync would remove many pages: ${title}`);
    expect(mail.text).toContain(
      `The scheduled re-sync of the website source ${title} (Bike help) found 3 of its 6 pages gone. That is more than a third, so nothing was removed: your bot still answers from them.`,
    );
    expect(mail.text).toContain("re-sync the source by hand from its knowledge tab and they will leave");
    expect(mail.links).toContain(`${s.api.url}/chatbots/${botId}?tab=knowledge`);
    expect(mailsTo(admin, since)).toEqual([]);
    // Held again the next day: no second e-mail about the same removal.
    expect(await scheduledSync()).toMatchObject({ status: "held" });
    expect(s.smtp.mails.length - since).toBe(1);
  });
});
