import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { FULL_CHROMIUM } from "../scripts/chromium.mjs";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import {
  ANSWER,
  ask,
  chatFrame,
  chatInput,
  chatLog,
  frameStorage,
  page as htmlPage,
  type Listener,
  lastAnswer,
  openChat,
  ownerApi,
  publishedBot,
  shown,
  snippet,
  startModel,
  startSite,
} from "./widget-helpers";

// The public widget on a customer's site, end to end: the customer's pages are on
// http://localhost:<port>, another site than the app (http://127.0.0.1:<E2E_PORT>), so the chat
// frame is third-party and the browser blocks its storage. The visitor must still find their
// conversation after a reload and on the next page, because the loader keeps the visitor id in the
// site's own storage. Answers come from an OpenAI-compatible stub that streams word by word.

let model: Listener;
let site: Listener;
let elsewhere: Listener;
let chatbotId = "";
let api: Awaited<ReturnType<typeof ownerApi>>;

/** The customer's site: a home page, a second page, a single-page app, the snippet twice. */
const customerPages = (url: URL) => {
  const tag = snippet(chatbotId);
  if (url.pathname === "/")
    return htmlPage("Acme Home Goods", `<p>Kettles, toasters and coffee machines.</p>${tag}`);
  if (url.pathname === "/delivery") return htmlPage("Delivery", `<p>How we deliver.</p>${tag}`);
  if (url.pathname === "/typo") return htmlPage("Typo", snippet("cb_doesNotExist"));
  if (url.pathname === "/twice") return htmlPage("Twice", `<p>The tag pasted twice.</p>${tag}${tag}`);
  // The site's router: a link swaps the whole <body> (as Turbo and similar do), and the new body
  // carries the widget tag again.
  if (url.pathname === "/spa.js") {
    return `
      const tag = decodeURIComponent(document.currentScript.dataset.tag);
      document.addEventListener("click", (event) => {
        const link = event.target.closest("a[data-spa]");
        if (!link) return;
        event.preventDefault();
        history.pushState({}, "", link.href);
        const body = document.createElement("body");
        const h1 = document.createElement("h1");
        h1.textContent = "Your orders";
        const script = document.createElement("script");
        const holder = document.createElement("div");
        holder.innerHTML = tag;
        for (const a of holder.firstElementChild.attributes) script.setAttribute(a.name, a.value);
        body.append(h1, script);
        document.body.replaceWith(body);
      });`;
  }
  if (url.pathname.startsWith("/app")) {
    return htmlPage(
      "Acme app",
      `<p><a href="/app/orders" data-spa>Orders</a></p>${tag}<script src="/spa.js" data-tag="${encodeURIComponent(tag)}"></script>`,
    );
  }
  return null;
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(scaled(120_000));
  const request = await playwright.request.newContext();
  api = await ownerApi(request);
  model = await startModel();
  site = await startSite((url) => customerPages(url));
  elsewhere = await startSite((url) => customerPages(url));
  chatbotId = await publishedBot(api, model, { allowedDomains: [`localhost:${site.port}`] });
});

test.afterAll(async () => {
  await Promise.all([model?.close(), site?.close(), elsewhere?.close()]);
});

const launcher = (p: Page) => p.locator("parley-widget .b");

test("a visitor chats on the customer's site, reloads, moves to another page, and finds the conversation", async ({
  page,
}) => {
  const fromApp: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(WEB)) fromApp.push(new URL(r.url()).pathname);
  });
  await page.goto(site.url);
  await expect(launcher(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  // Until the visitor shows interest (or the page has been idle for 3 s): the loader and its one question.
  expect(fromApp).toEqual(["/embed.js", `/api/widget/${chatbotId}/launcher`]);
  // The visitor id is the site's own, in its own storage.
  const visitor = await page.evaluate(() => localStorage.getItem("parley:visitor"));
  expect(visitor).toMatch(/^[\w-]{22,64}$/);

  await openChat(page, chatbotId);
  await expect(chatFrame(page).getByRole("heading", { name: "Acme Helper" })).toBeVisible();
  await expect(chatFrame(page).getByText("Hi! Ask me about delivery.")).toBeVisible();
  await ask(page, "When will my order arrive?");
  await expect(chatFrame(page).locator(".pw-bot").last().getByText("Delivery policy")).toBeVisible();
  // It never went into a URL.
  expect(fromApp.some((p) => visitor && p.includes(visitor))).toBe(false);

  await page.reload();
  await openChat(page, chatbotId);
  await expect(chatLog(page).getByText("When will my order arrive?")).toBeVisible();
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER));

  await page.getByRole("link", { name: "Delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
  await openChat(page, chatbotId);
  await expect(chatLog(page).getByText("When will my order arrive?")).toBeVisible();
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER));

  // Esc closes the panel and hands focus back to the launcher.
  await chatInput(page).press("Escape");
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  await expect(launcher(page)).toBeFocused();
});

test("the same with third-party cookies and storage blocked", async () => {
  // A profile with Chrome's "Block third-party cookies" setting on, as many people browse.
  const dir = mkdtempSync(path.join(tmpdir(), "parley-3p-blocked-"));
  mkdirSync(path.join(dir, "Default"));
  writeFileSync(
    path.join(dir, "Default", "Preferences"),
    JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }),
  );
  const context = await chromium.launchPersistentContext(dir, {
    // The whole browser: it reads the profile's cookie setting (scripts/chromium.mjs).
    executablePath: FULL_CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    const frame = await openChat(page, chatbotId);
    // The browser really refuses the chat frame its storage here.
    expect(await frameStorage(frame)).toBe("SecurityError");
    await ask(page, "Do you deliver to Manama?");

    await page.reload();
    await openChat(page, chatbotId);
    await expect(chatLog(page).getByText("Do you deliver to Manama?")).toBeVisible();
    await page.getByRole("link", { name: "Delivery" }).click();
    await openChat(page, chatbotId);
    await expect(chatLog(page).getByText("Do you deliver to Manama?")).toBeVisible();
    await expect(lastAnswer(page)).toHaveText(shown(ANSWER));
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a single-page site keeps the open chat across its route changes, and a second tag draws nothing more", async ({
  page,
}) => {
  await page.goto(`${site.url}/app`);
  const frame = await openChat(page, chatbotId);
  await ask(page, "ping before the route change", "pong [1].");
  await frame.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await page.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/app/orders`);
  // The tag ran again with the new body: still one launcher, still open, same chat document.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('script[src$="/embed.js"]').length))
    .toBe(1);
  await expect(page.locator("parley-widget")).toHaveCount(1);
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  expect(await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await expect(chatLog(page).getByText("ping before the route change")).toBeVisible();

  await page.goto(`${site.url}/twice`);
  await expect(launcher(page)).toBeVisible();
  await expect(page.locator("parley-widget")).toHaveCount(1);
  await expect(page.locator("parley-widget .b")).toHaveCount(1);
});

test("a reply that arrives while the chat is closed shows an unread badge", async ({ page }) => {
  await page.goto(site.url);
  await openChat(page, chatbotId);
  await chatInput(page).fill("slow: which areas do you cover?");
  await chatInput(page).press("Enter");
  // The reply has started; the visitor closes the chat before it is done.
  await expect(lastAnswer(page)).toContainText("Orders");
  await launcher(page).click();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  await expect(launcher(page)).toHaveAttribute("data-n", "1", { timeout: scaled(15_000) });
  await expect(launcher(page)).toHaveAccessibleName("Chat with us (1 new)");
  // Opening reads it.
  await launcher(page).click();
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER));
  await expect(launcher(page)).not.toHaveAttribute("data-n", /.*/);
});

test("a site outside the bot's allowed domains gets nothing drawn and one line saying what to add", async ({
  page,
}) => {
  const lines: string[] = [];
  page.on("console", (m) => {
    if (m.text().startsWith("Parley:")) lines.push(m.text());
  });
  const said = page.waitForEvent("console", (m) => m.text().startsWith("Parley:"));
  await page.goto(elsewhere.url);
  await said;
  await expect(page.locator("parley-widget")).toHaveCount(0);
  expect(lines).toEqual([
    `Parley: This chat is not enabled on ${elsewhere.url}. Add localhost:${elsewhere.port} to the allowed domains of chatbot ${chatbotId} in the Parley dashboard (Embed tab).`,
  ]);
});

test("an unpublished or unknown bot draws nothing and says why", async ({ page }) => {
  await api.call("PATCH", `/chatbots/${chatbotId}`, { published: false });
  try {
    const said = page.waitForEvent("console", (m) => m.text().startsWith("Parley:"));
    await page.goto(site.url);
    expect((await said).text()).toBe(
      `Parley: Chatbot ${chatbotId} is not published. Publish it in the Parley dashboard to show the chat.`,
    );
    await expect(page.locator("parley-widget")).toHaveCount(0);
  } finally {
    await api.call("PATCH", `/chatbots/${chatbotId}`, { published: true });
  }
  const said = page.waitForEvent("console", (m) => m.text().startsWith("Parley:"));
  await page.goto(`${site.url}/typo`);
  expect((await said).text()).toBe(
    "Parley: There is no chatbot cb_doesNotExist: it was deleted, or the data-chatbot-id is wrong.",
  );
  await expect(page.locator("parley-widget")).toHaveCount(0);
});

test("a network failure while chatting is said, and the question goes through once back online", async ({
  page,
  context,
}) => {
  await page.goto(site.url);
  await openChat(page, chatbotId);
  await context.setOffline(true);
  await chatInput(page).fill("ping while offline");
  await chatInput(page).press("Enter");
  const alert = chatFrame(page).getByRole("alert");
  await expect(alert).toContainText("The connection dropped. Trying again automatically…");
  await context.setOffline(false);
  await expect(lastAnswer(page)).toHaveText(shown("pong [1]."), { timeout: scaled(20_000) });
  await expect(alert).toHaveCount(0);
  // Asked once, answered once.
  await expect(chatLog(page).getByText("ping while offline")).toHaveCount(1);
});

test("the proactive greeting shows after its delay, opens the chat, and stays away once dismissed", async ({
  browser,
}) => {
  await api.call("PATCH", `/chatbots/${chatbotId}`, {
    greetingBubble: { enabled: true, text: "Need help choosing a kettle?", delaySeconds: 1 },
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url);
    const bubble = page.locator("parley-widget .g");
    await expect(bubble).toContainText("Need help choosing a kettle?");
    await bubble.getByRole("button", { name: "Dismiss" }).click();
    await expect(bubble).toHaveCount(0);

    // Back on the site later, next to a visitor who never dismissed it: the greeting shows
    // for the newcomer, and not for the visitor who dismissed it.
    await page.reload();
    await expect(page.locator("parley-widget .b")).toBeVisible();
    const newcomer = await (await browser.newContext()).newPage();
    await newcomer.goto(site.url);
    const theirs = newcomer.locator("parley-widget .g");
    await expect(theirs).toBeVisible();
    await expect(bubble).toHaveCount(0);
    // The newcomer clicks it: the chat opens and the greeting is gone for good.
    await theirs.getByRole("button", { name: "Need help choosing a kettle?" }).click();
    await expect(newcomer.locator("parley-widget .b")).toHaveAttribute("aria-expanded", "true");
    await expect(chatInput(newcomer)).toBeVisible();
    await expect(theirs).toHaveCount(0);
    await newcomer.context().close();
    await context.close();
  } finally {
    await api.call("PATCH", `/chatbots/${chatbotId}`, { greetingBubble: { enabled: false } });
  }
});

test("a visitor past the rate limit gets a clear message", async ({ page }) => {
  await page.goto(site.url);
  const frame = await openChat(page, chatbotId);
  await ask(page, "ping 1", "pong [1].");
  const visitor = await page.evaluate(() => localStorage.getItem("parley:visitor") ?? "");
  // Nine more straight from the chat page's origin with this visitor's id: the per-visitor limit is 10 a minute.
  await frame.evaluate(
    async ({ bot, visitor }) => {
      const session = await (
        await fetch(`/api/widget/${bot}/session`, {
          method: "POST",
          headers: { "x-parley-visitor": visitor },
        })
      ).json();
      const conversation = session.conversation._id;
      for (let i = 2; i <= 10; i++) {
        const res = await fetch(`/api/widget/${bot}/conversations/${conversation}/messages`, {
          method: "POST",
          headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
          body: JSON.stringify({ content: `ping ${i}` }),
        });
        await res.text();
      }
    },
    { bot: chatbotId, visitor },
  );

  const refused = page.waitForResponse((r) => r.url().includes("/messages") && r.status() === 429);
  await chatInput(page).fill("One more question, please");
  await chatInput(page).press("Enter");
  const body = (await (await refused).json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("RATE_LIMITED");
  const alert = chatFrame(page).getByRole("alert");
  await expect(alert).toContainText(body.error.message);
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("the /widget page's snippet points at this app, not a placeholder host", async ({ page }) => {
  await page.goto(`${WEB}/widget`);
  await expect(page.locator("pre code").first()).toHaveText(
    `<script src="${WEB}/embed.js" data-chatbot-id="cb_…" async></script>`,
  );
});
