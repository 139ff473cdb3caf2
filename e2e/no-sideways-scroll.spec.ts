import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, screenshot, signInTo } from "./account-helpers";
import { arText } from "./arabic-helpers";
import { waitForMail } from "./identity-helpers";
import { waitForQuiet } from "./quiet";
import { fromOwnNetwork } from "./widget-helpers";

// Issue #25, "Done when": on a phone (390 px) no signed-in page scrolls sideways, for an owner who
// also belongs to a second workspace (so the header carries the workspace switcher), in English
// and in Arabic. The switcher itself is a menu in the header that fits the screen when open.

test.setTimeout(300_000);

const PHONE = { width: 390, height: 664 };

async function settle(page: Page) {
  await waitForQuiet(page);
  await expect(page.locator("main [class*='skeleton'], main [aria-busy='true']")).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** How far the page reaches past the viewport's right (or, right to left, left) edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const widest: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 1 || box.left < -1))
        widest.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
      if (widest.length >= 8) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

async function payForPro(page: Page, account: Account) {
  const payment = await account.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await page.getByRole("button", { name: "Approve BHD\u00a025.000" }).click();
  await expect(page).not.toHaveURL(/sandbox-gateway/);
}

/** The owner joins `host`'s workspace from the e-mailed invitation, in a browser of their own. */
async function joinFromInvitation(
  browser: Browser,
  request: Parameters<typeof newAccount>[0],
  owner: Account,
) {
  const mail = await waitForMail(request, owner.email, /invit/i);
  const link = mail.links.find((l) => l.includes("/invitations/"));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInTo(page, owner, new URL(link).pathname);
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return page;
}

test("no signed-in page scrolls sideways at 390 px, in English and Arabic, with the workspace switcher", async ({
  page,
  browser,
  request,
}) => {
  // The owner's own workspace: a bot with knowledge and a visitor's conversation.
  const owner = await newAccount(request, "Olivia Owner");
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Kettle help" });
  await owner.api("POST", `/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: "Warranty",
    content: "Every Kettle Co. kettle has a two-year warranty. Send it back with the receipt.",
  });
  await owner.api("PATCH", `/chatbots/${bot._id}`, { published: true });
  const visitorContext = await browser.newContext();
  await fromOwnNetwork(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/widget/chat/${bot._id}`);
  const message = visitor.getByRole("textbox", { name: /^Message/ });
  await message.fill("How long is the warranty on a kettle?");
  await message.press("Enter");
  await expect(
    visitor
      .locator(".pw-bot:not(.pw-greeting)")
      .last()
      .getByRole("button", { name: "Not helpful", exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await visitorContext.close();

  // A second workspace: Hana's team (on Pro, for the seat) invites the owner in.
  const host = await newAccount(request, "Hana Host");
  await payForPro(page, host);
  await page.context().clearCookies();
  await signInTo(page, host, "/members");
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Invitation sent to ${owner.email}` }),
  ).toBeVisible();
  const phone = await joinFromInvitation(browser, request, owner);

  // Joined, the owner is in Hana's workspace; the switcher in the header takes them back to their
  // own, named "Your workspace" (its stored name is English, "Olivia's workspace").
  const switcher = phone.getByTestId("workspace-switcher");
  await expect(switcher).toBeVisible();
  await expect(switcher).toHaveAttribute("aria-expanded", "false");
  await switcher.focus();
  await phone.keyboard.press("ArrowDown");
  const menu = phone.getByRole("menu", { name: "Workspace" });
  await expect(menu).toBeVisible();
  const items = menu.getByRole("menuitemradio");
  await expect(items).toHaveCount(2);
  await expect(menu.getByRole("menuitemradio", { checked: true })).toHaveText("Hana Host's workspace");
  await expect(menu.getByRole("menuitemradio", { checked: true })).toBeFocused();
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box)).toBe(true);
  expect((await overflow(phone)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
  await screenshot(phone, "workspace-switcher-open");
  // Esc closes and gives the focus back; the menu opens again and the other workspace is chosen.
  await phone.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(switcher).toBeFocused();
  await switcher.click();
  await menu.getByRole("menuitemradio", { name: "Your workspace" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);
  await expect(phone.getByRole("link", { name: "Open Kettle help" })).toBeVisible({ timeout: 20_000 });
  await expect(switcher).toHaveAccessibleName("Your workspace: switch workspace");

  const pages: Array<[string, string | (() => Promise<void>)]> = [
    ["dashboard", "/dashboard"],
    ["bot-settings", `/chatbots/${bot._id}?tab=settings`],
    ["bot-knowledge", `/chatbots/${bot._id}?tab=knowledge`],
    ["bot-playground", `/chatbots/${bot._id}?tab=playground`],
    ["bot-embed", `/chatbots/${bot._id}?tab=embed`],
    ["inbox", "/inbox"],
    [
      "conversation",
      async () => {
        await phone.goto("/inbox");
        const row = phone.getByRole("list").locator("li").filter({ hasText: "warranty" }).first();
        await row.getByRole("link").first().click();
        await expect(phone).toHaveURL(/\/inbox\/.+/);
      },
    ],
    ["analytics", "/analytics"],
    ["team", "/members"],
    ["billing", "/billing"],
    ["account", "/account"],
    ["support", "/support"],
  ];

  const problems: string[] = [];
  for (const language of ["en", "ar"] as const) {
    if (language === "ar") {
      await phone.goto("/dashboard");
      await phone.getByTestId("language-switch").filter({ visible: true }).first().click();
      await expect(phone.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(switcher).toHaveAccessibleName(
        arText("team:switcher.button", { name: arText("team:switcher.yourWorkspace") }),
      );
    }
    for (const [name, visit] of pages) {
      if (typeof visit === "string") await phone.goto(visit);
      else await visit();
      await settle(phone);
      await expect(switcher).toBeVisible();
      const { scrollWidth, widest } = await overflow(phone);
      if (scrollWidth > PHONE.width)
        problems.push(`${language} ${name}: ${scrollWidth} px (${widest.join(", ")})`);
      await screenshot(phone, `${language}-${name}`);
    }
  }
  expect(problems).toEqual([]);
});
