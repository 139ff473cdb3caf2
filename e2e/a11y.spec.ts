import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, signInTo } from "./account-helpers";
import { seriousViolations } from "./axe";
import { operatorAccount } from "./console-helpers";
import { AUTH } from "./identity-helpers";
import { navigateInApp } from "./navigate";
import { kettleBot, PUBLIC_PAGES, SIGN_IN_PAGES } from "./pages";
import { waitForQuiet } from "./quiet";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

// Issue #32: every page passes axe's WCAG 2.1 A and AA rules with nothing serious or critical: the
// public site, the sign-in app, the chat page, every signed-in page (as an owner, who sees the
// most) and the operator's console. Here in English; the Arabic pages are checked on the walk that
// reads each of them in Arabic (arabic-pages.spec.ts, checkArabicPage), so no page is loaded twice
// for it. The signed-in pages are reached inside the app after its first load.

async function settle(page: Page) {
  await waitForQuiet(page);
  await expect(page.locator("main [class*='skeleton'], main [aria-busy='true']")).toHaveCount(0, {
    timeout: scaled(15_000),
  });
}

/** A visitor (a browser of its own) asks the bot on its chat page and sees the answer. */
async function visitorAsks(browser: Browser, botId: string): Promise<Page> {
  const context = await browser.newContext();
  await fromOwnNetwork(context);
  const visitor = await context.newPage();
  await visitor.goto(`/widget/chat/${botId}?lang=en`);
  const message = visitor.getByRole("textbox");
  await message.fill("How long is the warranty on a kettle?");
  await message.press("Enter");
  await expect(visitor.locator(".pw-bot:not(.pw-greeting)").last()).toBeVisible({
    timeout: scaled(20_000),
  });
  return visitor;
}

/** Collects what axe finds on each page checked, to be compared with nothing at the end. */
function checker() {
  const found: string[] = [];
  const check = async (p: Page, name: string) => {
    await settle(p);
    for (const v of await seriousViolations(p)) found.push(`${name}: ${v}`);
  };
  return { found, check };
}

// One test per side (about fifteen pages each), so each has a bound of its own and a failure names
// the side it is on.
test("en: the chat page, the public site and the sign-in app pass axe (WCAG 2.1 AA)", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const { found, check } = checker();
  const owner = await newAccount(request, "Nadia Owner");
  const bot = await kettleBot(owner);

  // The chat page, with a question answered.
  const visitor = await visitorAsks(browser, bot._id);
  await check(visitor, "en widget-chat");
  await visitor.context().close();

  await page.goto("/?lang=en");
  for (const [i, path] of PUBLIC_PAGES.entries()) {
    if (i > 0) await navigateInApp(page, path);
    await check(page, `en ${path}`);
  }
  for (const path of SIGN_IN_PAGES) {
    await page.goto(`${AUTH}${path}&lang=en`);
    await check(page, `en auth ${path.split("?")[0]}`);
  }
  expect(found).toEqual([]);
});

test("en: every signed-in page passes axe (WCAG 2.1 AA)", async ({ page, browser, request }) => {
  test.setTimeout(scaled(180_000));
  const { found, check } = checker();
  const owner = await newAccount(request, "Nadia Owner");
  const bot = await kettleBot(owner);
  // A conversation for the inbox to open.
  await (await visitorAsks(browser, bot._id)).context().close();

  await page.goto("/?lang=en");
  await signInTo(page, owner, "/dashboard");
  await page.goto("/dashboard?lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const signedIn = [
    "/dashboard",
    `/chatbots/${bot._id}?tab=settings`,
    `/chatbots/${bot._id}?tab=knowledge`,
    `/chatbots/${bot._id}?tab=playground`,
    `/chatbots/${bot._id}?tab=embed`,
    `/chatbots/${bot._id}?tab=conversations`,
    "/inbox",
    "/inbox/leads",
    "/analytics",
    "/members",
    "/billing",
    "/account",
    "/support",
    "/developers/api-keys",
    "/developers/webhooks",
    "/settings-xyz",
  ];
  for (const path of signedIn) {
    await navigateInApp(page, path);
    await check(page, `en ${path}`);
  }
  // A conversation, opened from the inbox.
  await navigateInApp(page, "/inbox");
  await settle(page);
  await page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/inbox\/.+/);
  await check(page, "en conversation");
  expect(found).toEqual([]);
});

test("en: the operator's console passes axe (WCAG 2.1 AA)", async ({ page, request }) => {
  test.setTimeout(scaled(150_000));
  const { found, check } = checker();
  // A customer with a bot, for the workspace page to show something.
  const customer = await newAccount(request, "Nadia Owner");
  await kettleBot(customer);
  const { _id: workspaceId } = await customer.api<{ _id: string }>(
    "GET",
    `/user/by-email?email=${encodeURIComponent(customer.email)}`,
  );
  const operator = await operatorAccount(request);
  const plans = await operator.api<{ items: { id: string }[] }>("GET", "/admin/plans");
  await page.goto("/?lang=en");
  await signInTo(page, operator, "/admin/customers");
  await page.goto("/admin/customers?lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const consolePages = [
    `/admin/customers?q=${encodeURIComponent(customer.email)}`,
    `/admin/customers/${workspaceId}`,
    "/admin/payments",
    "/admin/plans",
    `/admin/plans/${plans.items[0]?.id ?? ""}`,
    "/admin/health",
    "/admin/actions",
  ];
  for (const path of consolePages) {
    await navigateInApp(page, path);
    await check(page, `en ${path.split("?")[0]}`);
  }
  // A change's dialog: the grant, with its plan picker, date and reason.
  await navigateInApp(page, `/admin/customers/${workspaceId}`);
  await settle(page);
  await page.getByRole("button", { name: "Grant or extend a plan" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "en grant dialog");
  expect(found).toEqual([]);
});

// The checker itself, on a page broken on purpose: what it must find, in the page and in a
// same-origin frame, and only inside the part it is asked about (a check that finds nothing
// proves nothing unless it can find something).
test("the axe check finds a nameless button and an image without text, in a frame too, and keeps to the part named", async ({
  page,
}) => {
  await page.goto("/?lang=en");
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const broken = document.createElement("div");
    broken.id = "broken";
    broken.innerHTML =
      '<button type="button"></button><img width="20" height="20" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
    document.body.append(broken);
  });
  const found = await seriousViolations(page);
  expect(found, found.join("\n")).toEqual([
    expect.stringMatching(/^button-name \(critical\): #broken > button/),
    expect.stringMatching(/^image-alt \(critical\): (#broken > )?img /),
  ]);
  // Asked about the header only, the broken part is not reported.
  expect(await seriousViolations(page, "header")).toEqual([]);

  await page.evaluate(() => {
    document.getElementById("broken")?.remove();
    const frame = document.createElement("iframe");
    frame.title = "A frame";
    frame.srcdoc = '<!doctype html><html lang="en"><title>Frame</title><main><button></button></main></html>';
    document.body.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await page.frames()[1]?.waitForLoadState("load");
  expect(await seriousViolations(page)).toEqual([
    expect.stringMatching(/^button-name \(critical\): iframe button/),
  ]);
});
