import { expect, type Locator, type Page, test } from "@playwright/test";
import { html, type Route, startChangingSite } from "../apps/api/test/changing-site";
import type { KnowledgeSource, SourceSync } from "../packages/contracts/src/chatbots/knowledge";
import { approveSandboxPayment, newAccount, screenshot, signInTo, VIEWPORTS } from "./account-helpers";
import { seriousViolations } from "./axe";
import { scaled } from "./slowness";

// Knowledge that stays true (issue #36), in real Chromium against the real services: an owner on
// Pro adds a café's website by its sitemap with an exclude rule, turns on a weekly re-sync in the
// source's sync settings, and a week later on the API's test clock the scheduled re-sync (queued by
// the job queue's schedule at the quiet hour, run by its worker) has read only what changed: the
// card says "3 changed, 1 removed", the sync history lists the pages, and the bot answers the new
// price.
// It moves the API's test clock forward, so it runs in playwright.config.ts's "clock" project.

const DAY_MS = 86_400_000;

const webPage = (title: string, text: string) => html(title, `<h1>${title}</h1><p>${text}</p>`);

/** The café's site as it is on the day the owner adds it. */
function firstWeek(origin: string): Record<string, Route> {
  return {
    "/robots.txt": { type: "text/plain", body: "User-agent: *\nAllow: /\n" },
    "/sitemap.xml": {
      type: "application/xml",
      body: sitemap(origin, [
        ["/"],
        ["/menu", "2026-11-01"],
        ["/hours"],
        ["/delivery"],
        ["/beans", "2026-11-01"],
        ["/faq"],
        ["/blog/latte-art", "2026-11-01"],
        ["/blog/new-season", "2026-11-01"],
      ]),
    },
    // An ETag on some pages, a sitemap lastmod on others, nothing at all on one.
    "/": { etag: '"home-1"', body: webPage("Bean There", "Bean There is a coffee shop in Manama.") },
    "/menu": {
      body: webPage("Menu", "A flat white costs 1.800 BHD. A cappuccino costs 1.600 BHD."),
    },
    "/hours": { etag: '"hours-1"', body: webPage("Opening hours", "We open at 7 am every day.") },
    "/delivery": { body: webPage("Delivery", "Delivery anywhere in Manama costs 1 BHD.") },
    "/beans": { body: webPage("Beans", "Our beans are roasted in Bahrain every Monday.") },
    "/faq": { etag: '"faq-1"', body: webPage("FAQ", "Gift cards are sold at the counter.") },
    "/blog/latte-art": { body: webPage("Latte art", "A flat white costs 9.900 BHD in our latte art class.") },
    "/blog/new-season": { body: webPage("New season", "Our winter menu is coming.") },
  };
}

/** A week later: the price went up, the hours and delivery changed, the FAQ page is gone. */
function nextWeek(origin: string): Record<string, Route> {
  return {
    "/sitemap.xml": {
      type: "application/xml",
      body: sitemap(origin, [
        ["/"],
        ["/menu", "2026-11-25"],
        ["/hours"],
        ["/delivery"],
        ["/beans", "2026-11-01"],
        ["/blog/latte-art", "2026-11-26"],
        ["/blog/new-season", "2026-11-26"],
      ]),
    },
    "/menu": {
      body: webPage("Menu", "A flat white costs 2.200 BHD. A cappuccino costs 1.600 BHD."),
    },
    "/hours": { etag: '"hours-2"', body: webPage("Opening hours", "We open at 6 am every day.") },
    "/delivery": { body: webPage("Delivery", "Delivery anywhere in Manama is free over 5 BHD.") },
    "/faq": { status: 404, body: "<h1>Not found</h1>" },
  };
}

function sitemap(origin: string, entries: [path: string, lastmod?: string][]): string {
  const urls = entries
    .map(
      ([path, lastmod]) =>
        `<url><loc>${origin}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

/** The source's card: the list item with the source's own actions (not an item nested inside it). */
function sourceCard(scope: Locator, page: Page, editLabel: RegExp): Locator {
  return scope
    .getByRole("list", { name: /Knowledge sources|مصادر المعرفة/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: editLabel }) });
}

test("an owner adds a site by its sitemap, turns on a weekly re-sync, and a week later sees what changed and gets the new price", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(240_000));
  const site = await startChangingSite();
  Object.assign(site.routes, firstWeek(site.url));
  try {
    // An owner on Pro (scheduled re-syncs are for paid plans) with a bot.
    const owner = await newAccount(request, "Fatima Café");
    const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
      amount: 25,
      planName: "Pro",
      payment_provider: "mastercard",
    });
    await page.goto(payment.payment_url);
    await approveSandboxPayment(page);
    const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Bean There" });
    await signInTo(page, owner, `/chatbots/${bot._id}?tab=knowledge`);
    const knowledge = page.getByRole("tabpanel", { name: /Knowledge/ });

    await test.step("the owner adds the site by its sitemap, never reading /blog/", async () => {
      await knowledge.getByRole("tab", { name: "Website" }).click();
      await knowledge.getByRole("textbox", { name: "Website address" }).fill(`${site.url}/sitemap.xml`);
      await knowledge.getByRole("textbox", { name: "Never these paths" }).fill("/blog/");
      await screenshot(page, "resync-add-form");
      await knowledge.getByRole("button", { name: "Add source" }).click();
    });
    const card = sourceCard(knowledge, page, /^Edit the sync settings of /);
    await expect(card).toContainText("Ready", { timeout: scaled(60_000) });
    await expect(card).toContainText("from 6 pages");
    await expect(card).toContainText("last sync: 6 added");
    // The sitemap's pages were read, its blog never.
    expect(new Set(site.pages())).toEqual(new Set(["/", "/menu", "/hours", "/delivery", "/beans", "/faq"]));
    const [source] = await owner.api<KnowledgeSource[]>("GET", `/chatbots/${bot._id}/sources`);
    const syncsPath = `/chatbots/${bot._id}/sources/${source?._id}/syncs`;

    await test.step("in the source's sync settings, a wrong rule is refused, then a weekly re-sync is on", async () => {
      await card.getByRole("button", { name: /^Edit the sync settings of / }).click();
      const dialog = page.getByRole("dialog", { name: "Sync settings" });
      await expect(dialog).toContainText(`${site.url}/sitemap.xml`);
      await expect(dialog.getByRole("textbox", { name: "Never these paths" })).toHaveValue("/blog/");
      await expect(dialog.getByRole("combobox", { name: "Re-sync" })).toHaveValue("off");
      // What the rule did at the first sync.
      await expect(dialog.getByText("At the last sync:")).toBeVisible();
      const rules = dialog.locator(".source-settings-rules");
      await expect(rules).toContainText("/blog/");
      await expect(rules).toContainText("2 pages left out");

      await dialog.getByRole("textbox", { name: "Only these paths" }).fill("menu");
      await dialog.getByRole("button", { name: "Save" }).click();
      const include = dialog.getByRole("textbox", { name: "Only these paths" });
      await expect(include).toHaveAccessibleDescription("A path pattern starts with /, such as /help/");
      await expect(include).toBeFocused();
      await include.fill("");

      await dialog.getByRole("combobox", { name: "Re-sync" }).selectOption("weekly");
      expect(await seriousViolations(page, ".modal")).toEqual([]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await screenshot(page, "resync-dialog");
      }
      await page.setViewportSize(VIEWPORTS[0]);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText("Re-synced every week · next");
      await expect(card.getByRole("button", { name: /^Edit the sync settings of / })).toBeFocused();
      const saved = await owner.api<KnowledgeSource>("GET", `/chatbots/${bot._id}/sources/${source?._id}`);
      expect(saved).toMatchObject({ resync: "weekly", include: [], exclude: ["/blog/"] });
    });

    await test.step("a week later the scheduled re-sync reads only what changed", async () => {
      Object.assign(site.routes, nextWeek(site.url));
      site.hits.length = 0;
      // The job queue's schedule finds the source due at the quiet hour and its worker re-syncs it.
      const advanced = await request.post("/api/internal/test-clock", {
        data: { advanceMs: 7 * DAY_MS + 3_600_000 },
      });
      expect(advanced.ok(), await advanced.text()).toBe(true);
      await expect
        .poll(async () => (await owner.api<SourceSync[]>("GET", syncsPath))[0], { timeout: scaled(60_000) })
        .toMatchObject({ trigger: "scheduled", status: "succeeded" });
      // Conditional requests: the home page answered 304 to its ETag, the beans page (its lastmod
      // unchanged) was not asked at all, the blog still never.
      expect(site.hits.find((h) => h.path === "/")).toMatchObject({ ifNoneMatch: '"home-1"', status: 304 });
      expect(site.hits.find((h) => h.path === "/hours")).toMatchObject({
        ifNoneMatch: '"hours-1"',
        status: 200,
      });
      expect(site.pages()).not.toContain("/beans");
      expect(site.pages().filter((p) => p.startsWith("/blog/"))).toEqual([]);
    });

    await page.reload();
    await expect(card).toContainText("last sync: 3 changed, 1 removed");
    await expect(card).toContainText("from 5 pages");

    await test.step("the sync history says when, why and which pages", async () => {
      await card.getByText("Sync history").click();
      const entries = card.locator(".source-history-entry");
      await expect(entries).toHaveCount(2);
      const latest = entries.first();
      await expect(latest).toContainText("Scheduled");
      await expect(latest).toContainText("3 changed, 1 removed");
      const pages = latest.getByRole("list", { name: "Pages of this sync" }).getByRole("listitem");
      await expect(pages).toHaveText([
        /^Changed\s*\/(menu|hours|delivery)$/,
        /^Changed\s*\/(menu|hours|delivery)$/,
        /^Changed\s*\/(menu|hours|delivery)$/,
        /^Removed\s*\/faq$/,
      ]);
      await expect(latest.getByRole("link", { name: "/faq" })).toHaveAttribute("href", `${site.url}/faq`);
      await expect(entries.nth(1)).toContainText("By hand");
      await expect(entries.nth(1)).toContainText("6 added");
      expect(await seriousViolations(page, ".source-list")).toEqual([]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, "resync-card");
      }
      await page.setViewportSize(VIEWPORTS[0]);
    });

    await test.step("the bot answers the new price, not last week's", async () => {
      await page.getByRole("tab", { name: "Playground" }).click();
      const playground = page.getByRole("tabpanel", { name: "Playground" });
      await playground.getByRole("textbox", { name: "Message" }).fill("How much is a flat white?");
      await playground.getByRole("textbox", { name: "Message" }).press("Enter");
      const answer = playground.locator(".pg-answer").last();
      await expect(answer).toContainText("2.200 BHD", { timeout: scaled(20_000) });
      await expect(answer).not.toContainText("1.800");
      await expect(answer).not.toContainText("9.900");
    });

    await test.step("in Arabic, right to left, on a phone too", async () => {
      await page.getByRole("tab", { name: /Knowledge/ }).click();
      await page.getByRole("button", { name: "Switch to العربية" }).click();
      const arabic = page.getByRole("tabpanel", { name: /المعرفة/ });
      const arCard = sourceCard(arabic, page, /^تعديل إعدادات مزامنة /);
      await expect(arCard).toContainText("آخر مزامنة: المتغيّر: 3، المحذوف: 1");
      await expect(arCard).toContainText("يُزامَن كل أسبوع");
      // The history opened earlier stays open (the tab kept its place), now in Arabic.
      await expect(arCard.locator("details.source-history")).toHaveAttribute("open", "");
      await expect(arCard.locator(".source-history-entry").first()).toContainText("مجدولة");
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await arCard.scrollIntoViewIfNeeded();
        await screenshot(page, "resync-card-ar");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await arCard.getByRole("button", { name: /^تعديل إعدادات مزامنة / }).click();
        const dialog = page.getByRole("dialog", { name: "إعدادات المزامنة" });
        await expect(dialog.getByRole("combobox", { name: "إعادة المزامنة" })).toHaveValue("weekly");
        await screenshot(page, "resync-dialog-ar");
        await dialog.getByRole("button", { name: "إلغاء" }).click();
        await expect(dialog).toBeHidden();
      }
    });
  } finally {
    await site.close();
  }
});
