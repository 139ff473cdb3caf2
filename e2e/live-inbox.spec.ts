import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, screenshot, signInTo, VIEWPORTS } from "./account-helpers";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { visitorAddress } from "./widget-helpers";

// The inbox goes live (issue #22, the team's side), in real Chromium against the real services:
// visitors (here through the widget's public API, each with their own visitor id) chat with a bot
// and one asks for a person; the owner's inbox, open all along and never reloaded, shows the
// conversation arrive at the top marked "Waiting", with how long. The owner takes it over, replies
// (Enter sends), sees the visitor's next message arrive live, hands it back to the bot; a desktop
// notification for a request made while the tab is hidden opens that conversation. Then the
// same inbox in Arabic, and screenshots (English and Arabic, desktop and phone) for a visual check.

/** A visitor of the bot's chat, through the same public routes the widget calls. */
function visitor(request: APIRequestContext, chatbotId: string) {
  // Each visitor from an address of its own (the run's conversations would exceed one address's).
  const headers = {
    "x-parley-visitor": `visitor_${randomBytes(12).toString("hex")}`,
    "x-forwarded-for": visitorAddress(),
  };
  let conversationId = "";
  const path = (rest = "") => `${WEB}/api/widget/${chatbotId}/conversations/${conversationId}${rest}`;
  return {
    get id() {
      return conversationId;
    },
    async start() {
      const res = await request.post(`${WEB}/api/widget/${chatbotId}/conversations`, { headers });
      expect(res.status(), await res.text()).toBe(201);
      conversationId = ((await res.json()) as { _id: string })._id;
      return conversationId;
    },
    /** Sends a message and reads the answer's stream to its end. */
    async say(content: string) {
      const res = await request.post(path("/messages"), { headers, data: { content, language: "en" } });
      expect(res.status(), await res.text()).toBe(200);
      return res.text();
    },
    async askForPerson() {
      const res = await request.post(path("/handoff"), { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as { status: string };
    },
    async conversation() {
      const res = await request.get(path(), { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as {
        messages: { role: string; content: string; author?: { name: string } | null }[];
      };
    },
  };
}

/**
 * A stand-in for the browser's Notification API (headless Chromium shows none): permission starts
 * at "default" and is granted when asked; each notification is recorded with its click handler.
 * `window.__hidden` makes the page report itself hidden, as a background tab does.
 */
async function fakeNotifications(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __notices: { title: string; body: string; tag: string; click: () => void }[];
      __hidden: boolean;
      Notification: unknown;
    };
    w.__notices = [];
    w.__hidden = false;
    let permission = "default";
    class FakeNotification {
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string; tag: string }) {
        w.__notices.push({ title, body: options.body, tag: options.tag, click: () => this.onclick?.() });
      }
      close() {}
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        permission = "granted";
        return permission;
      }
    }
    w.Notification = FakeNotification;
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (w.__hidden ? "hidden" : "visible"),
    });
  });
}

async function liveBot(owner: Account) {
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Acme Helper" });
  await owner.api("PATCH", `/chatbots/${bot._id}`, {
    published: true,
    greeting: "Hi! Ask me about delivery.",
    handoff: { enabled: true },
  });
  return bot._id;
}

test("the inbox shows a request for a person live, at the top, and the owner takes over, replies and hands back", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(scaled(180_000));
  const owner = await newAccount(request, "Huda Owner");
  const chatbotId = await liveBot(owner);
  // The visitors' own client: no cookies of the owner's.
  const visitors = await playwright.request.newContext();
  const first = visitor(visitors, chatbotId);
  await first.start();
  await first.say("Where is my order?");

  await fakeNotifications(page);
  await signInTo(page, owner, "/inbox");
  const list = page.getByRole("list", { name: "Conversations" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Where is my order?");
  await expect(rows.first().getByTestId("waiting-badge")).toHaveCount(0);

  // Desktop notifications are asked for only on a click.
  await page.getByRole("button", { name: "Enable desktop notifications" }).click();
  await expect(page.getByText("Desktop notifications are on")).toBeVisible();

  // A second visitor chats later (a newer last message); the first then asks for a person.
  const second = visitor(visitors, chatbotId);
  await second.start();
  await second.say("Do you deliver on Fridays?");
  await expect(rows).toHaveCount(2); // arrived live: the page was never reloaded
  await expect(rows.first()).toContainText("Do you deliver on Fridays?");

  expect((await first.askForPerson()).status).toBe("waiting");
  await second.say("And on Saturdays?");
  // Waiting for a person: first in the list, whatever came after, with the badge and how long.
  await expect(rows.first()).toContainText("Where is my order?");
  await expect(rows.first().getByTestId("waiting-badge")).toHaveText("Waiting · just now");
  await expect(rows.first().getByRole("link")).toHaveAttribute("data-status", "waiting");
  await expect(rows.nth(1)).toContainText("Do you deliver on Fridays?");
  await expect(rows.nth(1).getByTestId("waiting-badge")).toHaveCount(0);
  // The visible tab shows it in the list: no desktop notification.
  expect(await page.evaluate(() => (window as unknown as { __notices: unknown[] }).__notices.length)).toBe(0);

  // The wait is counted in minutes, and the count moves on by itself.
  const waitingSince = await owner
    .api<{ waitingSince: string }>("GET", `/conversations/${first.id}`)
    .then((c) => Date.parse(c.waitingSince));
  await page.clock.setFixedTime(waitingSince + 3.5 * 60_000);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(rows.first().getByTestId("waiting-badge")).toHaveText("Waiting 3 min");

  // The "Waiting for a person" view lists only that one.
  await page.getByRole("button", { name: "Waiting for a person" }).click();
  await expect(page).toHaveURL(/\/inbox\?status=waiting$/);
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Mine" }).click();
  await expect(page.getByRole("heading", { name: "You're not handling any conversation" })).toBeVisible();
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(rows).toHaveCount(2);

  // Open it and take over.
  await rows.first().getByRole("link").click();
  const transcript = page.getByRole("article", { name: "Conversation with Acme Helper" });
  const live = transcript.getByRole("region", { name: "Live chat" });
  await expect(live).toContainText("The visitor asked to talk to a person.");
  await live.getByRole("button", { name: "Take over" }).click();
  await expect(live).toContainText("You're handling this conversation.");
  await expect(live.getByRole("button", { name: "Take over" })).toHaveCount(0);
  // Taken: no longer waiting, so back among the others by its last message, and marked as yours.
  const firstRow = rows.filter({ hasText: "Where is my order?" });
  await expect(firstRow).toContainText("With you");
  await expect(firstRow.getByTestId("waiting-badge")).toHaveCount(0);

  // Typing tells the visitor (a typing signal), and the visitor's limit applies to replies.
  const box = transcript.getByRole("textbox", { name: "Your reply" });
  const typingSignal = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith(`/api/conversations/${first.id}/typing`),
  );
  await box.fill("x".repeat(2001));
  await typingSignal;
  await expect(transcript.getByText("1 character over the limit")).toBeVisible();
  await expect(transcript.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await box.press("Enter");
  await expect(box).toHaveValue("x".repeat(2001));

  // Reply: Shift+Enter adds a line, Enter sends; the box empties once the server has it.
  await box.fill("Hi, I'm Huda from the team.");
  await box.press("Shift+Enter");
  await box.pressSequentially("Let me check your order.");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  const messages = transcript.getByRole("list", { name: "Messages" }).getByRole("listitem");
  const reply = messages.filter({ hasText: "Hi, I'm Huda from the team." });
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("Huda Owner");
  await expect(reply).toContainText("Team");
  await expect(reply.locator(".tr-bubble")).toHaveText(
    "Hi, I'm Huda from the team.\nLet me check your order.",
  );
  // The visitor has it, from the member, by name.
  await expect
    .poll(async () => (await first.conversation()).messages.at(-1))
    .toMatchObject({ role: "agent", content: "Hi, I'm Huda from the team.\nLet me check your order." });

  // The visitor writes while the team has the conversation: it appears in the transcript live.
  await first.say("It's order 4471, thank you!");
  await expect(messages.filter({ hasText: "It's order 4471, thank you!" })).toHaveCount(1);
  await expect(messages.last()).toContainText("It's order 4471, thank you!");
  await expect(reply).toHaveCount(1); // its own answer and its live event: shown once
  for (const size of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(size);
    await screenshot(page, "live-inbox-en-claimed");
  }

  // Hand back to the bot: the badges go, the bot answers the next question.
  await live.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(live).toContainText("The bot is answering this conversation.");
  await expect(firstRow).not.toContainText("With you");

  // A third visitor asks for a person while the tab is in the background: a desktop notification,
  // and clicking it opens that conversation.
  await page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
  });
  const third = visitor(visitors, chatbotId);
  await third.start();
  await third.say("Can I change my delivery address?");
  await third.askForPerson();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notices: { title: string }[] }).__notices))
    .toEqual([
      expect.objectContaining({
        title: "A visitor is asking for a person",
        tag: `parley-waiting-${third.id}`,
        body: expect.stringContaining("Acme Helper"),
      }),
    ]);
  await page.evaluate(() => {
    const w = window as unknown as { __hidden: boolean; __notices: { click: () => void }[] };
    w.__hidden = false;
    w.__notices[0]?.click();
  });
  await expect(page).toHaveURL(new RegExp(`/inbox/${third.id}$`));
  await expect(live).toContainText("The visitor asked to talk to a person.");
  await expect(rows.first()).toContainText("Can I change my delivery address?");

  // Screenshots for the visual check: English, desktop and phone, a waiting conversation open.
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "live-inbox-en-open");
  }
  await page.setViewportSize(VIEWPORTS[1]);
  await page.goto(`${WEB}/inbox`);
  await expect(rows.first().getByTestId("waiting-badge")).toBeVisible();
  await screenshot(page, "live-inbox-en-list");

  // The same in Arabic: the views, the badge and the live bar in the reader's language.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.getByTestId("language-switch").first().click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const arRows = page.getByRole("list", { name: "المحادثات" }).getByRole("listitem");
  await expect(page.getByRole("button", { name: "بانتظار موظف" })).toBeVisible();
  await expect(arRows.first().getByTestId("waiting-badge")).toContainText("ينتظر");
  await arRows.first().getByRole("link").click();
  const arLive = page.getByRole("article").getByRole("region", { name: "المحادثة المباشرة" });
  await expect(arLive).toContainText("طلب الزائر التحدث إلى شخص.");
  await expect(arLive.getByRole("button", { name: "تولَّ المحادثة" })).toBeVisible();
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "live-inbox-ar-open");
  }
  await page.goto(`${WEB}/inbox`);
  await expect(arRows.first().getByTestId("waiting-badge")).toBeVisible();
  await screenshot(page, "live-inbox-ar-list");

  // The live connection drops (blocked here): the inbox says so and keeps trying. Meanwhile the
  // conversation is closed elsewhere; a reply from the stale view is refused by the server, in
  // Arabic, and the draft stays in the box. Once the connection is back, the notice goes.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.route("**/api/events", (route) => route.abort());
  await page.goto(`${WEB}/inbox/${third.id}`);
  const paused = page.getByText("توقفت التحديثات المباشرة مؤقتًا. جارٍ إعادة الاتصال…");
  await expect(paused).toBeVisible();
  // The stale view has loaded the conversation (still waiting) before it is closed elsewhere.
  await expect(arLive).toContainText("طلب الزائر التحدث إلى شخص.");
  await owner.api("POST", `/conversations/${third.id}/close`);
  const arBox = page.getByRole("textbox", { name: "ردّك" });
  await arBox.fill("سأتحقق من عنوانك الآن.");
  await arBox.press("Enter");
  await expect(page.getByRole("alert")).toContainText(
    "هذه المحادثة مغلقة. تُفتح من جديد عندما يكتب الزائر مرة أخرى.",
  );
  await expect(arBox).toHaveValue("سأتحقق من عنوانك الآن.");
  await expect(arLive).toContainText("مغلقة. تُفتح من جديد عندما يكتب الزائر مرة أخرى.");
  await page.unroute("**/api/events");
  await expect(paused).toHaveCount(0, { timeout: scaled(40_000) });
  await visitors.dispose();
});
