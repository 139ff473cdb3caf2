import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Frame, type Page, test } from "@playwright/test";
import { AUTH, createVerifiedAccount, uniqueEmail, WEB } from "./identity-helpers";

// The public widget on a customer's site, end to end: a plain third-party page on another origin
// (127.0.0.1, another port) carries the one script tag; the launcher opens the chat page in an
// iframe served by the API; answers come from an OpenAI-compatible stub on 127.0.0.1 that streams
// a word at a time, so the browser really sees the reply arrive in pieces.

const PASSWORD = "correct horse battery 42";
const ANSWER = "Orders placed before noon are delivered the same day anywhere in Manama [1].";

interface Listener {
  url: string;
  port: number;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<Listener> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OpenAI-compatible /chat/completions that streams ANSWER word by word (fast for "ping"). */
function startModel(): Promise<Listener> {
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
    const question = messages[messages.length - 1]?.content ?? "";
    const quick = question.startsWith("ping");
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const words = (quick ? "pong [1]." : ANSWER).split(/(?<= )/);
    for (const word of words) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`);
      if (!quick) await new Promise((r) => setTimeout(r, 120));
    }
    res.end("data: [DONE]\n\n");
  });
  return listen(server);
}

/** A customer's site: nothing but content and the snippet (plus a strict CSP the widget must live with). */
function startSite(chatbotId: string): Promise<Listener> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src ${WEB}; style-src 'self'; frame-src ${WEB}`,
    });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Home Goods</title></head>` +
        `<body><h1>Acme Home Goods</h1><p>Kettles, toasters and coffee machines.</p>` +
        `<script src="${WEB}/embed.js" data-chatbot-id="${chatbotId}" async></script></body></html>`,
    );
  });
  return listen(server);
}

/** Signs an owner up and in on the auth service and returns an API access token. */
async function ownerToken(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("widget.owner");
  await createVerifiedAccount(request, { name: "Wanda Widget", email, password: PASSWORD });
  const signIn = await request.post(`${AUTH}/sign-in/email`, {
    headers: { origin: AUTH },
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const token = await request.get(`${AUTH}/token`, { headers: { origin: AUTH } });
  expect(token.ok(), await token.text()).toBe(true);
  return ((await token.json()) as { token: string }).token;
}

let model: Listener;
let allowed: Listener;
let elsewhere: Listener;
let chatbotId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  const token = await ownerToken(request);
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`${WEB}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  model = await startModel();
  const bot = (await api("POST", "/chatbots", { name: "Acme Helper" })) as { _id: string };
  chatbotId = bot._id;
  allowed = await startSite(chatbotId);
  elsewhere = await startSite(chatbotId);
  await api("POST", `/chatbots/${chatbotId}/sources`, {
    kind: "text",
    title: "Delivery policy",
    content: "Orders placed before noon are delivered the same day anywhere in Manama. Delivery costs 1 BHD.",
  });
  await expect
    .poll(
      async () => ((await api("GET", `/chatbots/${chatbotId}/sources`)) as { status: string }[])[0]?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe("ready");
  await api("PATCH", `/chatbots/${chatbotId}`, {
    published: true,
    allowedDomains: [`127.0.0.1:${allowed.port}`],
    greeting: "Hi! Ask me about delivery.",
    suggestedQuestions: ["How fast is delivery?"],
    model: { provider: "openai-compatible", baseUrl: `${model.url}/v1`, model: "stub-model" },
  });
  await request.dispose();
});

test.afterAll(async () => {
  await Promise.all([model?.close(), allowed?.close(), elsewhere?.close()]);
});

const launcher = (page: Page) => page.locator("parley-widget").getByRole("button");
const chatFrame = (page: Page) => page.frameLocator("parley-widget iframe");
const chatInput = (page: Page) => chatFrame(page).getByRole("textbox", { name: /^Message/ });

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(chatInput(page)).toBeVisible();
  const frame = page.frames().find((f) => f.url().includes(`/widget/chat/${chatbotId}`));
  if (!frame) throw new Error("the chat frame is missing");
  return frame;
}

/** Records every text the newest answer shows, so the test can tell a stream from a single paint. */
async function recordAnswerText(frame: Frame) {
  await frame.evaluate(() => {
    const w = window as unknown as { shown: string[] };
    w.shown = [];
    const log = document.querySelector(".pw-log");
    if (!log) throw new Error("no message log");
    new MutationObserver(() => {
      const answers = log.querySelectorAll(".pw-bot:not(.pw-greeting) .pw-md");
      const text = answers[answers.length - 1]?.textContent ?? "";
      if (text && w.shown[w.shown.length - 1] !== text) w.shown.push(text);
    }).observe(log, { subtree: true, childList: true, characterData: true });
  });
  return () => frame.evaluate(() => (window as unknown as { shown: string[] }).shown);
}

test("a visitor on a customer's site opens the launcher, watches the reply stream in and finds it after a reload", async ({
  page,
}) => {
  const fromApp: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(WEB)) fromApp.push(new URL(r.url()).pathname);
  });
  await page.goto(allowed.url);
  await expect(launcher(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  // Nothing but the loader until the visitor shows interest (or the page has been idle for 3 s).
  expect(fromApp).toEqual(["/embed.js"]);

  const frame = await openChat(page);
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  await expect(chatFrame(page).getByRole("heading", { name: "Acme Helper" })).toBeVisible();
  await expect(chatFrame(page).getByText("Hi! Ask me about delivery.")).toBeVisible();

  const shown = await recordAnswerText(frame);
  await chatInput(page).fill("When will my order arrive?");
  await chatInput(page).press("Enter");
  const answer = chatFrame(page).locator(".pw-bot:not(.pw-greeting)").last();
  await expect(answer.locator(".pw-md")).toHaveText(ANSWER, { timeout: 15_000 });
  await expect(answer.getByText("Delivery policy")).toBeVisible();
  await expect(answer.getByRole("button", { name: "Helpful", exact: true })).toBeVisible();
  // The reply grew on screen: several partial texts, each the start of the final one.
  const partials = await shown();
  expect(partials.length).toBeGreaterThanOrEqual(3);
  for (const text of partials) expect(ANSWER.startsWith(text.replace(/\s+$/, ""))).toBe(true);

  await answer.getByRole("button", { name: "Helpful", exact: true }).click();
  await expect(answer.getByRole("button", { name: "Helpful", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.reload();
  await openChat(page);
  const log = chatFrame(page).getByRole("log");
  await expect(log.getByText("When will my order arrive?")).toBeVisible();
  await expect(log.locator(".pw-bot:not(.pw-greeting) .pw-md").last()).toHaveText(ANSWER);
  await expect(log.getByRole("button", { name: "Helpful", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Esc closes the panel and hands focus back to the launcher.
  await chatInput(page).press("Escape");
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  await expect(launcher(page)).toBeFocused();
});

test("the same page on a site outside the bot's allowed domains gets no chat", async ({ page, request }) => {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  await page.goto(elsewhere.url);
  await launcher(page).click();
  // The browser refuses to frame the chat page there (frame-ancestors), and the launcher goes away.
  await expect(page.locator("parley-widget")).toHaveCount(0, { timeout: 20_000 });
  expect(messages.some((m) => m.includes("Parley: chat unavailable"))).toBe(true);
  // The API refuses that origin too.
  const direct = await request.get(`${WEB}/api/widget/${chatbotId}/config`, {
    headers: { origin: elsewhere.url },
  });
  expect(direct.status()).toBe(403);
});

test("a visitor past the rate limit gets a clear message", async ({ page }) => {
  await page.goto(allowed.url);
  const frame = await openChat(page);
  await chatInput(page).fill("ping 1");
  await chatInput(page).press("Enter");
  await expect(chatFrame(page).locator(".pw-bot:not(.pw-greeting) .pw-md").last()).toHaveText("pong [1].");
  // Nine more straight from the chat page's origin with this visitor's id: the per-visitor limit is 10 a minute.
  await frame.evaluate(async (bot) => {
    const visitor = localStorage.getItem("parley:visitor") ?? "";
    const conversation = localStorage.getItem(`parley:conv:${bot}`);
    for (let i = 2; i <= 10; i++) {
      const res = await fetch(`/api/widget/${bot}/conversations/${conversation}/messages`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
        body: JSON.stringify({ content: `ping ${i}` }),
      });
      await res.text();
    }
  }, chatbotId);

  const refused = page.waitForResponse((r) => r.url().includes("/messages") && r.status() === 429);
  await chatInput(page).fill("One more question, please");
  await chatInput(page).press("Enter");
  const body = (await (await refused).json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("RATE_LIMITED");
  const alert = chatFrame(page).getByRole("alert");
  await expect(alert).toContainText(body.error.message);
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
});
