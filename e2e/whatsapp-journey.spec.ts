import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { DEFAULT_BOT_TEXTS, defaultFallbackReply } from "../packages/contracts/src/chatbots/chatbot";
import {
  type Account,
  approveSandboxPayment,
  newAccount,
  screenshot,
  signInTo,
  VIEWPORTS,
} from "./account-helpers";
import { waitForMail } from "./identity-helpers";
import { scaled } from "./slowness";

// Issue #31's journey on WhatsApp, in real Chromium against the real services and the API's stand-in
// of Meta's Graph API (mounted outside production, the default WHATSAPP_GRAPH_URL there):
//   - an owner on Pro connects a simulator test number in the bot's Settings and verifies its webhook;
//   - a customer writes in Arabic from the WhatsApp simulator (/dev/whatsapp) and the bot answers in
//     Arabic, naming its source; asked what it does not know, it offers "Talk to a person" (a reply
//     button), which the customer taps;
//   - an agent the owner invited sees the conversation arrive live in the inbox (WhatsApp, waiting),
//     takes it over and replies; the reply reaches the customer's phone, and its ticks reach the inbox;
//   - 25 hours later on the test clock (the API's, its Meta stand-in's and the agent's browser's),
//     the inbox offers only an approved template; the agent sends one and it reaches the customer.
// It moves the API's test clock forward, so it runs in playwright.config.ts's "clock" project.

const HOUR_MS = 3_600_000;
const BOT = "Kettle Corner";
const SOURCE_TITLE = "الضمان";
const SOURCE_TEXT = "مدة ضمان الغلاية سنتان: كل غلاية عليها ضمان لمدة سنتين.";
const QUESTION = "كم مدة ضمان الغلاية؟";
const UNKNOWN = "هل لديكم فرع في الرياض؟";
const CUSTOMER = { phone: "97336001234", name: "فاطمة" };
const AGENT_REPLY = "مرحبًا فاطمة، معك عمر من فريق المتجر. نعم، لدينا فرع في الرياض في حي العليا.";
/** The Arabic reply button the stand-in shows under a fallback answer (whatsapp.adapter.ts). */
const TALK_TO_PERSON_AR = "التحدث مع شخص";
/** A phone's long waits: a WhatsApp round trip is a webhook, a queued job, a Graph call and a poll. */
const ROUND_TRIP = { timeout: scaled(30_000) };

/** An invited member signs in from the invitation link, in a browser of their own, and joins. */
async function joinFromInvitation(browser: Browser, account: Account, link: string): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await signInTo(page, account, new URL(link).pathname);
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  return page;
}

/** The customer's phone in the simulator: their messages and the business's, as bubbles. */
function phoneOf(simulator: Page) {
  const phone = simulator.getByRole("region", { name: /^Chat with / });
  const thread = phone.getByRole("log", { name: "Messages" });
  return {
    phone,
    thread,
    /** The business's messages, oldest first. */
    fromBusiness: thread.locator(".wa-run-business .wa-message"),
    async write(text: string) {
      const box = phone.getByRole("textbox", { name: "Message" });
      await box.fill(text);
      await box.press("Enter");
      await expect(box).toHaveValue("");
      await expect(thread.locator(".wa-run-customer .wa-message").last()).toContainText(text);
    },
  };
}

/** The screenshots a person reviews: the transcript at desktop and phone width. */
async function shootTranscript(page: Page, name: string, transcript: Locator) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect(transcript).toBeVisible();
    // A phone's page scrolls as a whole: the full page, from its top (the header is sticky).
    const phone = viewport.width < 900;
    if (phone) await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name, { fullPage: phone });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test("WhatsApp end to end: an owner connects a number, a customer is answered in Arabic with its source, asks for a person, an agent replies from the inbox, and after 24 hours only a template can be sent", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(scaled(300_000));

  // The owner's bot: an Arabic source, English and Arabic, live chat on at all hours.
  const owner = await newAccount(request, "Layla Haddad");
  const agent = await newAccount(request, "Omar Saleh");
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: BOT });
  await owner.api("POST", `/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: SOURCE_TITLE,
    content: SOURCE_TEXT,
  });
  await owner.api("PATCH", `/chatbots/${bot._id}`, {
    published: true,
    defaultLanguage: "en",
    languages: ["en", "ar"],
    handoff: { enabled: true, officeHours: null },
  });
  await expect
    .poll(
      async () => (await owner.api<{ status: string }[]>("GET", `/chatbots/${bot._id}/sources`))[0]?.status,
      { timeout: scaled(30_000) },
    )
    .toBe("ready");

  // WhatsApp is a Pro feature: the owner pays through the sandbox gateway.
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);

  // The owner invites an agent from the Team page.
  await page.context().clearCookies();
  await signInTo(page, owner, "/members");
  await page.getByLabel("E-mail address").fill(agent.email);
  await page.getByLabel("Role", { exact: true }).selectOption("agent");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Invitation sent to ${agent.email}` }),
  ).toBeVisible();

  // Settings → WhatsApp: a simulator test number fills the form; Connect checks it with "Meta";
  // the simulator then plays Meta's "Verify and save" against the webhook.
  await page.goto(`/chatbots/${bot._id}?tab=settings`);
  const whatsapp = page.getByRole("region", { name: "WhatsApp", exact: true });
  await whatsapp.getByRole("button", { name: "Use a simulator test number" }).click();
  await expect(
    whatsapp.getByRole("status").filter({ hasText: "Filled in with the simulator's test number" }),
  ).toBeVisible();
  const phoneNumberId = await whatsapp.getByLabel("Phone number ID").inputValue();
  expect(phoneNumberId).toMatch(/^\d{15}$/);
  await whatsapp.getByRole("button", { name: "Connect WhatsApp" }).click();
  await expect(page.getByText(/^WhatsApp connected: /)).toBeVisible();
  const connected = whatsapp.getByRole("article");
  await expect(connected.locator(".whatsapp-status")).toHaveText("Connected");
  await expect(connected).toContainText(phoneNumberId);
  await connected.getByRole("button", { name: "Verify webhook in the simulator" }).click();
  await expect(connected.getByRole("status")).toContainText("The simulator verified the webhook");
  await expect(connected.getByRole("link", { name: "Write as a customer in the simulator" })).toHaveAttribute(
    "href",
    "/dev/whatsapp",
  );
  await connected.scrollIntoViewIfNeeded();
  await screenshot(page, "whatsapp-connected");

  // The agent joins from the e-mailed invitation and keeps the inbox open.
  const invitation = await waitForMail(request, agent.email, /invit/i);
  const link = invitation.links.find((l) => l.includes("/invitations/"));
  if (!link) throw new Error(`no invitation link in: ${invitation.text}`);
  const inbox = await joinFromInvitation(browser, agent, link);
  await inbox.goto("/inbox");
  const rows = inbox.getByRole("list", { name: "Conversations" }).getByRole("listitem");

  // The customer, on the simulator's phone, writes in Arabic.
  const customerContext = await browser.newContext({ locale: "en-US", viewport: VIEWPORTS[0] });
  const simulator = await customerContext.newPage();
  await simulator.goto(`/dev/whatsapp?number=${phoneNumberId}`);
  await expect(simulator.getByText("Webhook verified: Parley receives what you write here.")).toBeVisible();
  await simulator.getByLabel("Phone number", { exact: true }).fill(CUSTOMER.phone);
  await simulator.getByLabel("Name", { exact: true }).fill(CUSTOMER.name);
  const phone = phoneOf(simulator);
  await phone.write(QUESTION);

  // Answered in Arabic from the source, which the message names on a line of its own.
  const answer = phone.fromBusiness.first();
  await expect(answer).toContainText(/سنتان|سنتين/, ROUND_TRIP);
  await expect(answer.locator(".wa-text")).toContainText(`المصادر:\n1. ${SOURCE_TITLE}`);
  await expect(answer.getByRole("button")).toHaveCount(0);

  // Something the knowledge does not hold: the Arabic fallback, with "Talk to a person" under it.
  await phone.write(UNKNOWN);
  const fallback = phone.fromBusiness.nth(1);
  await expect(fallback.locator(".wa-text")).toHaveText(
    defaultFallbackReply("ar", { leadCapture: false, liveChat: true }),
    ROUND_TRIP,
  );
  const talk = fallback.getByRole("button", { name: TALK_TO_PERSON_AR });
  await expect(talk).toBeEnabled();
  await talk.click();
  await expect(phone.fromBusiness.nth(2).locator(".wa-text")).toHaveText(
    DEFAULT_BOT_TEXTS.ar.handoffReply,
    ROUND_TRIP,
  );
  await screenshot(simulator, "whatsapp-simulator-handoff");

  // The agent's inbox shows it without a reload: WhatsApp, waiting for a person.
  const row = rows.filter({ hasText: QUESTION });
  await expect(row).toHaveCount(1, ROUND_TRIP);
  await expect(row).toContainText("WhatsApp");
  await expect(row.getByTestId("waiting-badge")).toBeVisible();
  await row.getByRole("link").click();
  const transcript = inbox.getByRole("article", { name: `Conversation with ${BOT}` });
  await expect(transcript.locator(".tr-sub")).toContainText("WhatsApp");
  await expect(transcript.locator(".tr-contact")).toContainText(
    `${CUSTOMER.name} on WhatsApp +${CUSTOMER.phone} · writes in Arabic`,
  );
  const messages = transcript.getByRole("list", { name: "Messages" }).getByRole("listitem");
  await expect(messages.filter({ hasText: QUESTION })).toHaveCount(1);
  await expect(transcript.locator(".tr-source-title")).toHaveText([SOURCE_TITLE]);

  // The agent takes it over and replies; the free-reply window is open (24 hours minus a moment).
  const live = transcript.getByRole("region", { name: "Live chat" });
  await expect(live).toContainText("The visitor asked to talk to a person.");
  await live.getByRole("button", { name: "Take over" }).click();
  await expect(live).toContainText("You're handling this conversation.");
  await expect(transcript.locator(".tr-window")).toContainText(
    /WhatsApp lets you reply freely for (24 h 0 min|23 h \d+ min) more/,
  );
  const box = transcript.getByRole("textbox", { name: "Your reply" });
  await box.fill(AGENT_REPLY);
  await box.press("Enter");
  await expect(box).toHaveValue("");

  // The reply reaches the customer's phone, and its ticks come back to the inbox.
  await expect(phone.fromBusiness.last().locator(".wa-text")).toHaveText(AGENT_REPLY, ROUND_TRIP);
  const reply = messages.filter({ hasText: AGENT_REPLY });
  await expect(reply).toContainText("Omar Saleh");
  await expect(reply.locator(".tr-delivery")).toContainText("Delivered", ROUND_TRIP);
  await simulator.getByRole("button", { name: "Mark as read" }).click();
  await expect(simulator.getByRole("status").filter({ hasText: /marked as read/ })).toBeVisible();
  await expect(reply.locator(".tr-delivery")).toContainText("Read", ROUND_TRIP);
  await shootTranscript(inbox, "whatsapp-inbox-transcript", transcript);

  // 25 hours later, on the API's test clock and the agent's browser's: only a template may go.
  const advanced = await request.post("/api/internal/test-clock", { data: { advanceMs: 25 * HOUR_MS } });
  expect(advanced.ok(), await advanced.text()).toBe(true);
  const { now } = (await advanced.json()) as { now: string };
  await inbox.clock.setFixedTime(Date.parse(now));
  await inbox.reload();
  await expect(transcript.getByRole("note")).toHaveText(
    "More than 24 hours have passed since the customer's last message: WhatsApp allows only an approved template now. When the customer answers, you can reply freely again.",
  );
  await expect(transcript.getByRole("textbox", { name: "Your reply" })).toHaveCount(0);
  const picker = transcript.getByLabel("Send an approved template");
  // The business's approved templates as Meta lists them (a paused one is not offered).
  await expect(picker.locator("option")).toHaveText([
    "Choose a template",
    "follow_up (ar)",
    "follow_up (en)",
    "order_ready (en)",
  ]);
  await picker.selectOption({ label: "follow_up (en)" });
  await transcript.getByLabel("Value 1").fill("Fatima");
  await transcript.getByLabel("Value 2").fill("Omar");
  const TEMPLATE_TEXT =
    "Hello Fatima, this is Omar following up on your message. Reply to this message to continue the conversation.";
  await expect(transcript.locator(".tr-template-text")).toHaveText(TEMPLATE_TEXT);
  await shootTranscript(inbox, "whatsapp-inbox-template", transcript);
  await transcript.getByRole("button", { name: "Send template" }).click();

  // The template is in the transcript, and on the customer's phone marked as one.
  const sentTemplate = messages.filter({ hasText: TEMPLATE_TEXT });
  await expect(sentTemplate).toHaveCount(1);
  await expect(sentTemplate.locator(".tr-kind")).toHaveText("Template");
  const onPhone = phone.fromBusiness.last();
  await expect(onPhone.locator(".wa-text")).toHaveText(TEMPLATE_TEXT, ROUND_TRIP);
  await expect(onPhone.locator(".wa-tag")).toHaveText("Template message");
  await expect(sentTemplate.locator(".tr-delivery")).toContainText("Delivered", ROUND_TRIP);
  await shootTranscript(inbox, "whatsapp-inbox-after-template", transcript);

  // The simulator in Arabic, for the visual check (the page's own switch keeps the customer).
  await simulator.getByTestId("language-switch").click();
  await expect(simulator.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(simulator.locator(".wa-run-business .wa-message").last().locator(".wa-text")).toHaveText(
    TEMPLATE_TEXT,
  );
  await screenshot(simulator, "whatsapp-simulator-ar");
  await simulator.setViewportSize(VIEWPORTS[1]);
  // The thread scrolls on its own: at its newest message, as the customer would read it.
  await simulator.getByRole("log").evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await screenshot(simulator, "whatsapp-simulator-ar", { fullPage: true });

  await Promise.all([customerContext.close(), inbox.context().close()]);
});
