import { readFile } from "node:fs/promises";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { createVerifiedAccount, signInOnAuthPage, uniqueEmail, WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

// Inbox, analytics and the data lifecycle end to end against the real services
// (scripts/e2e-server.mjs): an owner publishes a bot; visitors chat with it on the public chat page
// (the page the widget's iframe loads, each visitor in a browser context of their own); the owner
// reads the conversations in the inbox, answers the question the bot could not, and the next
// visitor gets that answer word for word. Answers come from the API's built-in extractive engine.

const PASSWORD = "correct horse battery 42";
const SHIPPING = "We ship across Bahrain in two days. Shipping is free above 20 BHD.";
const GIFT_QUESTION = "Do you sell gift cards?";
const GIFT_ANSWER = "Yes! Gift cards from 5 to 100 BHD are sold in store and online.";

/** A visitor on the bot's public chat page, with their own storage (so their own visitor id). */
async function visitor(browser: Browser, chatbotId: string) {
  const context = await browser.newContext();
  await fromOwnNetwork(context);
  const page = await context.newPage();
  await page.goto(`${WEB}/widget/chat/${chatbotId}`);
  const input = page.getByRole("textbox", { name: /^Message/ });
  await expect(input).toBeVisible();
  return {
    page,
    /** Asks and waits for the complete reply; returns the reply's bubble. */
    async ask(question: string): Promise<Locator> {
      const before = await page.locator(".pw-bot:not(.pw-greeting)").count();
      await input.fill(question);
      await input.press("Enter");
      const answer = page.locator(".pw-bot:not(.pw-greeting)").nth(before);
      // Feedback buttons appear once the reply is complete and stored.
      await expect(answer.getByRole("button", { name: "Not helpful", exact: true })).toBeVisible({
        timeout: scaled(20_000),
      });
      return answer;
    },
    close: () => context.close(),
  };
}

/**
 * Today on the API's clock. It is the real day unless a journey before this one moved the test
 * clock forward (billing does, to reach a period end); conversations are dated by that clock.
 */
async function serverToday(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/internal/test-clock", { data: { advanceMs: 0 } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { now: string }).now.slice(0, 10);
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, "utf8") };
}

test("an owner reads visitors' conversations, answers what the bot couldn't, and sees it in analytics", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  const ownerEmail = uniqueEmail("huda");
  const leadEmail = uniqueEmail("sara.lead");
  await createVerifiedAccount(request, { name: "Huda Owner", email: ownerEmail, password: PASSWORD });
  await page.goto("/dashboard");
  await signInOnAuthPage(page, ownerEmail, PASSWORD);
  await expect(page.getByRole("heading", { level: 2, name: "Your chatbots" })).toBeVisible({
    timeout: scaled(20_000),
  });
  // Nothing yet: the dashboard's glance at the week says so in numbers.
  const week = page.getByRole("region", { name: "Last 7 days" });
  await expect(week.getByRole("definition").first()).toHaveText("0");

  // A bot with one text source, published, asking visitors for contact details.
  await page.getByRole("button", { name: "Create your first chatbot" }).click();
  const create = page.getByRole("dialog", { name: "Create a chatbot" });
  await create.getByLabel("Chatbot name").fill("Gift Shop");
  await create.getByRole("button", { name: "Continue" }).click();
  const teach = page.getByRole("dialog", { name: "Teach Gift Shop something" });
  await teach.getByRole("textbox", { name: "Title" }).fill("Shipping");
  await teach.getByRole("textbox", { name: "Content" }).fill(SHIPPING);
  await teach.getByRole("button", { name: "Add and continue" }).click();
  await expect(page).toHaveURL(/\/chatbots\/cb_[^/?]+\?tab=knowledge$/);
  const chatbotId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const sources = page.getByRole("list", { name: "Knowledge sources" }).getByRole("listitem");
  await expect(sources.filter({ hasText: "Shipping" })).toContainText("Ready", { timeout: scaled(60_000) });
  await page.getByRole("tab", { name: "Settings" }).click();
  const settings = page.getByRole("tabpanel", { name: "Settings" });
  await settings.getByRole("switch", { name: /Published/ }).check();
  await settings.getByRole("switch", { name: /Ask for contact details/ }).check();
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();

  // Three visitors. One rates an answer down; one asks what the knowledge can't answer and
  // leaves an e-mail; one is simply answered.
  const rater = await visitor(browser, chatbotId);
  const shippingAnswer = await rater.ask("Is shipping free?");
  await expect(shippingAnswer).toContainText("free above 20 BHD");
  await shippingAnswer.getByRole("button", { name: "Not helpful", exact: true }).click();
  await expect(shippingAnswer.getByRole("button", { name: "Not helpful", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(shippingAnswer.getByRole("status")).toHaveText("Thanks for the feedback");
  await rater.close();

  const asker = await visitor(browser, chatbotId);
  await asker.ask(GIFT_QUESTION);
  await asker.page.getByLabel("Email", { exact: true }).fill(leadEmail);
  await asker.page.getByLabel(/^Name/).fill("Sara");
  await asker.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(asker.page.getByText(`Thanks, Sara! We'll get back to you at ${leadEmail}.`)).toBeVisible();
  await asker.close();

  // Every word of it is in the knowledge, so the answer is confident (not a low-confidence one for
  // Unanswered questions): "How fast do you ship?" scores 0.68, under the cautious 0.717, for
  // "fast", a word the bot never saw.
  const reader = await visitor(browser, chatbotId);
  await expect(await reader.ask("How long does shipping take?")).toContainText("two days");
  await reader.close();

  // The inbox lists all three, newest first, with their badges.
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  const list = page.getByRole("list", { name: "Conversations" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("How long does shipping take?");
  await expect(rows.filter({ hasText: GIFT_QUESTION })).toContainText("Unanswered");
  await expect(rows.filter({ hasText: GIFT_QUESTION })).toContainText("Lead");
  await expect(rows.filter({ hasText: "Is shipping free?" })).toContainText("1 not helpful rating");

  // Filters narrow the list and live in the address bar, so a reload keeps them.
  await page.getByRole("button", { name: "Unanswered", exact: true }).click();
  await expect(page).toHaveURL(/\/inbox\?unanswered=true$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(GIFT_QUESTION);
  await page.reload();
  await expect(page.getByRole("button", { name: "Unanswered", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Unanswered", exact: true }).click();
  await page.getByRole("button", { name: "Rated down", exact: true }).click();
  await expect(page).toHaveURL(/\?rating=down$/);
  await expect(rows).toHaveCount(1);

  // The transcript: the answer with the source it used, and the visitor's rating.
  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/inbox\/[^/?]+\?rating=down$/);
  const transcript = page.getByRole("article", { name: "Conversation with Gift Shop" });
  const messages = transcript.getByRole("list", { name: "Messages" }).getByRole("listitem");
  await expect(messages.first()).toContainText("Is shipping free?");
  await expect(messages.nth(1)).toContainText("free above 20 BHD");
  await expect(messages.nth(1)).toContainText("Visitor rated this not helpful");
  await expect(
    messages.nth(1).getByText("Sources used").or(messages.nth(1).getByText("Source used")),
  ).toBeVisible();
  await expect(messages.nth(1)).toContainText("Shipping");

  // Search runs on the message text, and combines with the other filters.
  await page.getByRole("button", { name: "Rated down", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search messages" }).fill("gift cards");
  await expect(page).toHaveURL(/q=gift\+cards/);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link").click();
  await expect(transcript).toBeVisible();
  await expect(page.getByRole("article").getByText(leadEmail)).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Fallback reply: not answered from your knowledge");
  await page.getByRole("button", { name: "Has lead", exact: true }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search messages" }).fill("");
  await expect(page).toHaveURL(/\?hasLead=true$/);
  await expect(rows).toHaveCount(1);
  // A date range with nothing in it, then back to everything.
  const today = await serverToday(request);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`\\?from=${tomorrow}&hasLead=true$`));
  await expect(page.getByRole("heading", { name: "No conversations match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/inbox\/[^/?]+$/);
  await expect(rows).toHaveCount(3);

  // Unanswered questions: the gift card question (fallback) and the rated-down one.
  await page
    .getByRole("navigation", { name: "Inbox sections" })
    .getByRole("link", { name: /Unanswered/ })
    .click();
  await expect(page).toHaveURL(/\/inbox\/unanswered$/);
  const groups = page
    .getByRole("list", { name: "Unanswered questions" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 3 }),
    });
  await expect(groups).toHaveCount(2);
  const gift = groups.filter({ has: page.getByRole("heading", { name: GIFT_QUESTION }) });
  await expect(gift).toContainText("Asked once");
  await expect(gift).toContainText("1 fallback reply");
  await expect(groups.filter({ hasText: "Is shipping free?" })).toContainText("1 answer rated not helpful");
  // It links to the conversation it came from.
  await expect(gift.getByRole("link", { name: "View the conversation" })).toHaveAttribute(
    "href",
    /^\/inbox\/[^/?]+$/,
  );

  // One click: the question is prefilled; the answer becomes a Q&A source of that bot.
  await gift.getByRole("button", { name: "Add an answer" }).click();
  const form = gift.getByRole("form");
  await expect(form.getByRole("textbox", { name: "Question" })).toHaveValue(GIFT_QUESTION);
  await form.getByRole("textbox", { name: "Answer" }).fill(GIFT_ANSWER);
  await form.getByRole("button", { name: "Save answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Answer added to Gift Shop" })).toBeVisible();
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText("Is shipping free?");

  // The answer is read like any source; once ready, the next visitor asking gets it verbatim.
  await page.goto(`/chatbots/${chatbotId}?tab=knowledge`);
  await expect(sources.filter({ hasText: GIFT_QUESTION })).toContainText("Ready", {
    timeout: scaled(60_000),
  });
  const next = await visitor(browser, chatbotId);
  const answered = await next.ask(GIFT_QUESTION);
  await expect(answered.locator(".pw-md")).toHaveText(GIFT_ANSWER);
  await next.close();

  // The bot's own Conversations tab: the same list, this bot only.
  await page.getByRole("tab", { name: "Conversations" }).click();
  const tab = page.getByRole("tabpanel", { name: "Conversations" });
  await expect(tab.getByRole("list", { name: "Conversations" }).getByRole("listitem")).toHaveCount(4);
  await tab.getByRole("list", { name: "Conversations" }).getByRole("button").first().click();
  await expect(tab.getByRole("article")).toContainText(GIFT_ANSWER);

  // Analytics: today's figures, straight from the API.
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Analytics" }).click();
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/analytics\?range=7$/);
  // Today as the API dates the conversations, chosen as a custom range.
  await page.getByRole("button", { name: "Custom" }).click();
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${today}&to=${today}$`));
  const kpi = (name: string) => page.getByRole("group", { name }).locator(".kpi-value");
  await expect(kpi("Conversations")).toHaveText("4");
  await expect(kpi("Leads")).toHaveText("1");
  await expect(kpi("Satisfaction")).toHaveText("0%");
  await expect(page.getByRole("img", { name: "Conversations per day" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Conversations per day" })).toContainText("4");
  const top = page.getByRole("region", { name: "Top questions" });
  await expect(top.getByRole("listitem").first()).toHaveText(`${GIFT_QUESTION}2 times`);
  // Nobody asked for a person: the live chat card says so rather than showing zeros.
  await expect(page.getByRole("region", { name: "Live chat" })).toContainText(
    "No visitor asked for a person in this period.",
  );
  const usage = page.getByRole("region", { name: "Plan usage" });
  await expect(usage.getByRole("progressbar", { name: "Messages this month" })).toHaveAttribute(
    "aria-valuenow",
    "4",
  );
  // The figures shown, for the chosen range, as CSV (one figure a row).
  const figures = await downloadText(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  expect(figures.name).toBe(`parley-analytics-${today}-to-${today}.csv`);
  const lines = figures.text.split("\r\n");
  expect(lines[0]).toBe("section,item,metric,value");
  expect(lines).toContain("totals,,conversations,4");
  expect(lines).toContain("totals,,leads,1");
  expect(lines).toContain(`day,${today},conversations,4`);
  expect(lines).toContain(`top_question,${GIFT_QUESTION},count,2`);
  expect(lines).toContain("live,,handoffs,0");

  // Leads: the table, and the CSV export with the visitor's address.
  await page.goto("/inbox/leads");
  const leadRow = page.getByRole("row").filter({ hasText: leadEmail });
  await expect(leadRow).toContainText("Sara");
  await expect(leadRow).toContainText("Gift Shop");
  const csv = await downloadText(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  expect(csv.name).toMatch(/^parley-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.split("\r\n")[0]).toBe("email,name,chatbot,captured_at,conversation");
  expect(csv.text).toContain(`${leadEmail},Sara,Gift Shop,`);

  // The CSV's link opens that conversation; the owner deletes it at the visitor's request.
  const link = csv.text.split("\r\n")[1]?.split(",").pop() ?? "";
  expect(link).toMatch(new RegExp(`^${WEB}/inbox/`));
  await page.goto(link);
  await expect(page.getByRole("article", { name: "Conversation with Gift Shop" })).toContainText(leadEmail);
  await page.getByRole("button", { name: "Delete conversation" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this conversation?" });
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "deleted at the visitor's request" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(rows).toHaveCount(3);
  await page.goto("/inbox/leads");
  await expect(page.getByRole("heading", { name: "No leads yet" })).toBeVisible();

  // Everything the account holds, as one JSON file.
  await page.goto("/account");
  const archive = await downloadText(page, () =>
    page.getByRole("button", { name: "Export all my data" }).click(),
  );
  const json = JSON.parse(archive.text) as {
    format: string;
    chatbots: { name: string; conversations: unknown[] }[];
  };
  expect(json.format).toBe("parley-export/1");
  expect(json.chatbots.map((b) => [b.name, b.conversations.length])).toEqual([["Gift Shop", 3]]);
});
