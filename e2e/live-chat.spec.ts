import { type Browser, expect, type FrameLocator, type Page, type Request, test } from "@playwright/test";
import { ar } from "../apps/web/src/widget/i18n/ar";
import { en } from "../apps/web/src/widget/i18n/en";
import { DEFAULT_BOT_TEXTS, defaultFallbackReply } from "../packages/contracts/src/chatbots/chatbot";
import { screenshot } from "./account-helpers";
import { AUTH, createVerifiedAccount, uniqueEmail, WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import {
  ANSWER,
  chatFrame,
  chatInput,
  fromOwnNetwork,
  page as htmlPage,
  type Listener,
  lastAnswer,
  PASSWORD,
  publishedBot,
  shown,
  snippet,
  startModel,
  startSite,
} from "./widget-helpers";

// Live chat (issue #22), the visitor's side end to end: a visitor on a customer's site (another
// site than the app: http://localhost:<port>) asks for a person; a member of the business's team
// (here through the API with their token, watching the team's event stream) claims the
// conversation and replies; the visitor sees it live, after a reload, and as the launcher's unread
// badge on another page of the site with the chat closed; the team hands back and the bot answers.
// Then the same in Arabic, asked for in words.

const AGENT = "Sara Haddad";
let model: Listener;
let site: Listener;
let chatbotId = "";
let team: Awaited<ReturnType<typeof teamMember>>;

/** A signed-in member of the workspace (its owner), calling the API with a bearer token like the app. */
async function teamMember(request: import("@playwright/test").APIRequestContext) {
  const email = uniqueEmail("sara");
  await createVerifiedAccount(request, { name: AGENT, email, password: PASSWORD });
  const signIn = await request.post(`${AUTH}/sign-in/email`, {
    headers: { origin: AUTH },
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const tokenRes = await request.get(`${AUTH}/token`, { headers: { origin: AUTH } });
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true);
  const { token } = (await tokenRes.json()) as { token: string };
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`${WEB}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? undefined : res.json();
  };

  /** The team's event stream (GET /api/events), as the inbox tab reads it: every event, in order. */
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const abort = new AbortController();
  const stream = fetch(`${WEB}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  }).then(async (res) => {
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  });
  stream.catch(() => {});
  return {
    call,
    events,
    /** Waits for the team's stream to bring an event for the conversation. */
    async sees(conversationId: string, event: string, match: (data: Record<string, unknown>) => boolean) {
      await expect
        .poll(
          () =>
            events.some(
              (e) => e.event === event && e.data.conversationId === conversationId && match(e.data),
            ),
          {
            timeout: scaled(10_000),
          },
        )
        .toBe(true);
    },
    close: () => abort.abort(),
  };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(scaled(120_000));
  const request = await playwright.request.newContext();
  team = await teamMember(request);
  model = await startModel();
  site = await startSite((url) => {
    const lang = url.pathname.startsWith("/ar") ? { lang: "ar" } : {};
    const tag = snippet(chatbotId, lang);
    if (url.pathname === "/" || url.pathname === "/ar")
      return htmlPage("Acme Home Goods", `<p>Kettles, toasters and coffee machines.</p>${tag}`);
    if (url.pathname === "/delivery" || url.pathname === "/ar/delivery")
      return htmlPage("Delivery", `<p>How we deliver.</p>${tag}`);
    return null;
  });
  chatbotId = await publishedBot({ email: "", call: team.call }, model, {
    allowedDomains: [`localhost:${site.port}`],
    leadCapture: true,
    languages: ["en", "ar"],
    translations: { ar: { greeting: "أهلًا! اسألني عن التوصيل." } },
  });
  await team.call("PATCH", `/chatbots/${chatbotId}`, { handoff: { enabled: true } });
});

test.afterAll(async () => {
  team?.close();
  await Promise.all([model?.close(), site?.close()]);
});

const launcher = (p: Page) => p.locator("parley-widget .b");
const bot = (f: FrameLocator) => f.locator(".pw-bot:not(.pw-greeting)");
const agentBubbles = (f: FrameLocator) => f.locator(".pw-agent:not(.pw-typing-msg)");
/** Arabic slots are isolated (U+2068 … U+2069) so a Latin name keeps its order. */
const fill = (text: string, name: string, isolate: boolean) =>
  text.replace("{name}", isolate ? `\u2068${name}\u2069` : name);

/**
 * The chat page's event stream requests: the conversation id (which the visitor never sees), and
 * a way to wait for the next one (a new page's chat frame connecting).
 */
function streamsOf(page: Page) {
  const seen: string[] = [];
  page.on("request", (r: Request) => {
    const m = /\/conversations\/([^/]+)\/events$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) seen.push(m[1]);
  });
  return {
    count: () => seen.length,
    async next(after: number): Promise<string> {
      await expect.poll(() => seen.length, { timeout: scaled(15_000) }).toBeGreaterThan(after);
      return seen[seen.length - 1] as string;
    },
  };
}

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  await expect(chatFrame(page).getByRole("textbox")).toBeVisible();
}

/** The visitor's journey, in the chat's language `words` (en or ar). */
async function journey(
  browser: Browser,
  opts: { lang: "en" | "ar"; path: string; askForPerson: "button" | string; shots: string },
) {
  const words = opts.lang === "ar" ? ar : en;
  const isolate = opts.lang === "ar";
  const texts = DEFAULT_BOT_TEXTS[opts.lang];
  const context = await browser.newContext({
    locale: opts.lang === "ar" ? "ar-BH" : "en-US",
    viewport: { width: 390, height: 664 },
  });
  await fromOwnNetwork(context);
  const page = await context.newPage();
  const streams = streamsOf(page);
  const frame = chatFrame(page);
  const input = frame.getByRole("textbox");
  const status = frame.locator(".pw-live");
  await page.goto(`${site.url}${opts.path}`);
  await openChat(page);
  await expect(frame.locator("html")).toHaveAttribute("lang", opts.lang);

  // The bot answers first (a conversation exists, and its event stream opens).
  await input.fill(opts.lang === "ar" ? "متى يصل طلبي؟" : "When will my order arrive?");
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  const id = await streams.next(0);
  await screenshot(page, `live-chat-${opts.shots}-bot`);

  // Asking for a person: the button under the input, or in words (the message route handles it).
  const talk = frame.getByRole("button", { name: words.talkToPerson });
  await expect(talk).toBeVisible();
  if (opts.askForPerson === "button") await talk.click();
  else {
    await input.fill(opts.askForPerson);
    await input.press("Enter");
  }
  await expect(lastAnswer(page)).toHaveText(texts.handoffReply);
  await expect(status).toHaveText(words.waitingForTeam);
  await expect(talk).toBeHidden();
  // The team sees the request live on its stream.
  await team.sees(id, "status", (d) => d.status === "waiting");

  // While waiting the bot is silent: the visitor's message goes to the team, no dots, no empty bubble.
  const replies = await bot(frame).count();
  const waitingText = opts.lang === "ar" ? "هل من أحد هنا؟" : "Is anyone there?";
  await input.fill(waitingText);
  await input.press("Enter");
  await team.sees(id, "message", (d) => (d.message as { content: string }).content === waitingText);
  await expect(frame.locator(".pw-user", { hasText: waitingText })).toHaveCount(1);
  await expect(frame.locator(".pw-typing")).toHaveCount(0);
  expect(await bot(frame).count()).toBe(replies);

  // The agent claims, types and replies: the visitor sees each live.
  await team.call("POST", `/conversations/${id}/claim`);
  await expect(status).toHaveText(fill(words.agentHere, AGENT, isolate));
  // The header no longer promises an assistant's instant replies.
  await expect(frame.locator(".pw-sub")).toHaveText(words.subtitleTeam);
  await team.call("POST", `/conversations/${id}/typing`);
  await expect(frame.getByRole("img", { name: fill(words.typing, AGENT, isolate) })).toBeVisible();
  await screenshot(page, `live-chat-${opts.shots}-typing`);
  const first =
    opts.lang === "ar" ? "أهلًا، معك سارة. طلبك يُشحن اليوم." : "Hi, Sara here. Your order ships today.";
  await team.call("POST", `/conversations/${id}/messages`, { content: first });
  await expect(agentBubbles(frame)).toHaveCount(1);
  await expect(agentBubbles(frame).last().locator(".pw-md")).toHaveText(first);
  await expect(agentBubbles(frame).last().locator(".pw-who")).toHaveText(`${AGENT}${words.team}`);
  await expect(frame.locator(".pw-typing")).toHaveCount(0);
  // Nothing twice: the visitor's message came back on the stream too.
  await expect(frame.locator(".pw-user", { hasText: waitingText })).toHaveCount(1);
  await screenshot(page, `live-chat-${opts.shots}-agent-reply`);

  // A reload: the whole conversation, the team's reply and who has it.
  await page.reload();
  await openChat(page);
  await expect(agentBubbles(frame)).toHaveCount(1);
  await expect(agentBubbles(frame).last().locator(".pw-md")).toHaveText(first);
  await expect(status).toHaveText(fill(words.agentHere, AGENT, isolate));
  await expect(frame.locator(".pw-user", { hasText: waitingText })).toHaveCount(1);

  // Closed, on another page of the site: the next reply shows as the launcher's badge.
  const before = streams.count();
  // On a phone the open chat covers the page (and the launcher): its own close button.
  await frame.getByRole("button", { name: words.closeChat }).click();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("link", { name: "Delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
  // embed.js loads the chat page in the background (when idle); its stream then follows the conversation.
  expect(await streams.next(before)).toBe(id);
  const second = opts.lang === "ar" ? "وصل طلبك إلى المستودع." : "Your parcel is at the depot now.";
  await team.call("POST", `/conversations/${id}/messages`, { content: second });
  await expect(launcher(page)).toHaveAttribute("data-n", "1", { timeout: scaled(15_000) });
  await openChat(page);
  await expect(agentBubbles(frame)).toHaveCount(2);
  await expect(agentBubbles(frame).last().locator(".pw-md")).toHaveText(second);
  await expect(launcher(page)).not.toHaveAttribute("data-n", /.*/);

  // Handed back to the bot: the status line goes, and the bot answers the next question.
  await team.call("POST", `/conversations/${id}/release`);
  await expect(status).toBeHidden();
  await expect(talk).toBeVisible();
  await input.fill(opts.lang === "ar" ? "كم تكلفة التوصيل؟" : "How much is delivery?");
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  await expect(agentBubbles(frame)).toHaveCount(2);
  await context.close();
}

test("a visitor asks for a person; the team's replies arrive live, after a reload and as the badge on another page; then the bot again", async ({
  browser,
}) => {
  test.setTimeout(scaled(90_000));
  await journey(browser, { lang: "en", path: "", askForPerson: "button", shots: "en" });
});

test("the same in Arabic, asked for in words", async ({ browser }) => {
  test.setTimeout(scaled(90_000));
  await journey(browser, { lang: "ar", path: "/ar", askForPerson: "أريد التحدث مع موظف", shots: "ar" });
});

test("a reply the bot could not give offers a person instead of the contact form", async ({ browser }) => {
  // The built-in engine: a question the knowledge does not cover gets the fallback reply.
  await team.call("PATCH", `/chatbots/${chatbotId}`, { model: { provider: "builtin" } });
  try {
    const context = await browser.newContext({ locale: "en-US" });
    await fromOwnNetwork(context);
    const page = await context.newPage();
    const frame = chatFrame(page);
    await page.goto(site.url);
    await openChat(page);
    await chatInput(page).fill("Do you have a branch in Riyadh?");
    await chatInput(page).press("Enter");
    // The default fallback says what this bot offers: a person (and the e-mail form when no one is in).
    await expect(lastAnswer(page)).toHaveText(
      defaultFallbackReply("en", { leadCapture: true, liveChat: true }),
      { timeout: scaled(15_000) },
    );
    const offer = frame.locator(".pw-offer").getByRole("button", { name: en.talkToPerson });
    await expect(offer).toBeVisible();
    await expect(frame.getByText(en.leadTitle)).toHaveCount(0);
    await offer.click();
    await expect(lastAnswer(page)).toHaveText(DEFAULT_BOT_TEXTS.en.handoffReply);
    await expect(frame.locator(".pw-live")).toHaveText(en.waitingForTeam);
    await expect(frame.locator(".pw-offer")).toHaveCount(0);
    await context.close();
  } finally {
    await team.call("PATCH", `/chatbots/${chatbotId}`, {
      model: { provider: "openai-compatible", baseUrl: `${model.url}/v1`, model: "stub-model" },
    });
  }
});

test("outside office hours: the bot says when the team is in and offers the contact form", async ({
  browser,
}) => {
  // Closed every day.
  await team.call("PATCH", `/chatbots/${chatbotId}`, {
    handoff: {
      enabled: true,
      officeHours: { timeZone: "UTC", days: [null, null, null, null, null, null, null] },
    },
  });
  try {
    const context = await browser.newContext({ locale: "en-US" });
    await fromOwnNetwork(context);
    const page = await context.newPage();
    const frame = chatFrame(page);
    await page.goto(site.url);
    await openChat(page);
    // Nobody is in: the button says it leaves a message, not that a person will come.
    await frame.getByRole("button", { name: en.leaveMessage }).click();
    await expect(lastAnswer(page)).toHaveText(DEFAULT_BOT_TEXTS.en.offHoursReply);
    await expect(frame.getByText(en.leadTitle)).toBeVisible();
    // Nobody was asked: no status line, and the visitor may still ask.
    await expect(frame.locator(".pw-live")).toBeHidden();
    await expect(frame.getByRole("button", { name: en.leaveMessage })).toBeVisible();
    await chatInput(page).fill("ping");
    await chatInput(page).press("Enter");
    await expect(lastAnswer(page)).toHaveText(shown("pong [1]."));
    await context.close();
  } finally {
    await team.call("PATCH", `/chatbots/${chatbotId}`, { handoff: { enabled: true, officeHours: null } });
  }
});
