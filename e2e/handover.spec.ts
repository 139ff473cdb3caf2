import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { en } from "../apps/web/src/widget/i18n/en";
import { DEFAULT_BOT_TEXTS } from "../packages/contracts/src/chatbots/chatbot";
import { type Account, approveSandboxPayment, newAccount, screenshot, signInTo } from "./account-helpers";
import { uniqueEmail, waitForMail } from "./identity-helpers";
import { scaled } from "./slowness";
import {
  ANSWER,
  chatFrame,
  fromOwnNetwork,
  page as htmlPage,
  type Listener,
  lastAnswer,
  publishedBot,
  shown,
  snippet,
  startModel,
  startSite,
} from "./widget-helpers";

// The hand-over as customers meet it (issue #31), both sides in real browsers: a visitor on a
// customer's site (another site than the app) asks for a person in the widget; members of the
// business's team work in the inbox, each in a browser of their own.
//   - Nobody takes it within the bot's wait (set to 15 s in Settings → Live chat): the chat says
//     the team is busy and offers the contact form; the e-mail left there is a lead in the inbox.
//   - Once a member has the conversation, the visitor's typing shows in their open transcript;
//     the member closes it and the visitor's chat says the team closed it.
//   - Two agents and the owner: only the agent handling it, or the owner (asked first, naming
//     that agent), may hand it back or close it; a refusal the other agent can act on carries no
//     reference id.

const OWNER = "Nadia Owner";
let model: Listener;
let site: Listener;
let chatbotId = "";
let owner: Account;
/** The owner's own client: its cookies are the owner's auth session, whoever signs up later. */
let ownerRequest: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(scaled(120_000));
  ownerRequest = await playwright.request.newContext();
  owner = await newAccount(ownerRequest, OWNER);
  model = await startModel();
  site = await startSite((url) =>
    url.pathname === "/"
      ? htmlPage("Acme Home Goods", `<p>Kettles, toasters and coffee machines.</p>${snippet(chatbotId)}`)
      : null,
  );
  chatbotId = await publishedBot({ email: owner.email, call: owner.api }, model, {
    allowedDomains: [`localhost:${site.port}`],
    leadCapture: true,
  });
  await owner.api("PATCH", `/chatbots/${chatbotId}`, { handoff: { enabled: true, officeHours: null } });
});

test.afterAll(async () => {
  await ownerRequest?.dispose();
  await Promise.all([model?.close(), site?.close()]);
});

const launcher = (p: Page) => p.locator("parley-widget .b");

/** A visitor on the customer's site who had an answer from the bot and asked for a person. */
async function visitorAsksForPerson(browser: Browser, question: string) {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 664 } });
  await fromOwnNetwork(context);
  const page = await context.newPage();
  const frame = chatFrame(page);
  const input = frame.getByRole("textbox", { name: /^Message/ });
  const status = frame.locator(".pw-live");
  await page.goto(site.url);
  await launcher(page).click();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  await input.fill(question);
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  // (Before the click: the chat's wait starts once the answer to it comes.)
  const askedAt = Date.now();
  await frame.getByRole("button", { name: en.talkToPerson }).click();
  await expect(lastAnswer(page)).toHaveText(DEFAULT_BOT_TEXTS.en.handoffReply);
  await expect(status).toHaveText(en.waitingForTeam);
  return { context, page, frame, input, status, askedAt };
}

/** The member's inbox in a browser of their own, signed in. */
async function deskOf(browser: Browser, account: Account, target = "/inbox") {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInTo(page, account, target);
  return { context, page };
}

/** Opens the conversation whose first question is `question` from the inbox's list. */
async function openConversation(page: Page, question: string) {
  const rows = page.getByRole("list", { name: "Conversations" }).getByRole("listitem");
  const row = rows.filter({ hasText: question });
  await expect(row).toHaveCount(1, { timeout: scaled(15_000) });
  await row.getByRole("link").click();
  const transcript = page.getByRole("article", { name: "Conversation with Acme Helper" });
  await expect(transcript.getByText(question, { exact: true })).toBeVisible();
  return { transcript, live: transcript.getByRole("region", { name: "Live chat" }) };
}

test("nobody takes it within the wait set in Settings: the chat says the team is busy and offers the contact form; the e-mail left is a lead in the inbox", async ({
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  // The owner sets the wait to 15 s in the bot's Settings → Live chat (the least allowed) and saves.
  const desk = await deskOf(browser, owner, `/chatbots/${chatbotId}?tab=settings`);
  const settings = desk.page.getByRole("tabpanel", { name: "Settings" });
  const live = settings.getByRole("region", { name: "Live chat" });
  await expect(live.getByRole("switch", { name: /Let visitors talk to a person/ })).toBeChecked();
  const wait = live.getByLabel("Offer the contact form after");
  await expect(wait).toHaveValue("60");
  await wait.fill("10");
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(live.getByText("Wait at least 15 seconds")).toBeVisible();
  await expect(wait).toHaveAttribute("aria-invalid", "true");
  await wait.fill("15");
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(desk.page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await desk.page.reload();
  await expect(wait).toHaveValue("15");
  expect(
    (await owner.api<{ handoff: { waitSeconds?: number } }>("GET", `/chatbots/${chatbotId}`)).handoff
      .waitSeconds,
  ).toBe(15);

  // No lead yet, and the bot already asks for contact details: the empty Leads page says so, and
  // does not ask the owner to turn on what is on.
  await desk.page.goto("/inbox/leads");
  await expect(
    desk.page.getByText(/^Your chatbot asks for contact details when it can't answer\./),
  ).toBeVisible();
  await expect(desk.page.getByText("Turn on “Ask for contact details”", { exact: false })).toHaveCount(0);

  // A visitor asks for a person; nobody from the team takes it.
  const visitor = await visitorAsksForPerson(browser, "Can I return a kettle I bought online?");
  const { frame, status } = visitor;
  await expect(frame.getByText(en.leadTitle)).toHaveCount(0);
  // Once the 15 s are up: the team is busy, leave an e-mail or stay; and the contact form.
  await expect(status).toHaveText(en.teamBusyLeave, { timeout: scaled(40_000) });
  // (Not the default 60 s, and not before the 15 s either.)
  expect(Date.now() - visitor.askedAt).toBeGreaterThanOrEqual(15_000);
  await expect(frame.getByText(en.leadTitle)).toBeVisible();
  // Still waiting for the team: no second "Talk to a person".
  await expect(frame.getByRole("button", { name: en.talkToPerson })).toBeHidden();
  await screenshot(visitor.page, "handover-team-busy");

  const email = uniqueEmail("kettle.buyer");
  await frame.getByLabel(en.email, { exact: true }).fill(email);
  await frame.getByLabel(/^Name/).fill("Layla");
  await frame.getByRole("button", { name: en.send, exact: true }).click();
  await expect(
    frame.getByText(en.leadThanksNamed.replace("{name}", "Layla").replace("{email}", email)),
  ).toBeVisible();
  // The status line still says the team will answer here.
  await expect(status).toHaveText(en.teamBusyLeave);

  // The team finds the lead in the inbox, and the conversation it came from, still waiting.
  await desk.page.goto("/inbox/leads");
  const leadRow = desk.page.getByRole("row").filter({ hasText: email });
  await expect(leadRow).toContainText("Layla");
  await expect(leadRow).toContainText("Acme Helper");
  await desk.page.goto("/inbox");
  const { transcript, live: bar } = await openConversation(
    desk.page,
    "Can I return a kettle I bought online?",
  );
  await expect(transcript).toContainText(email);
  await expect(bar).toContainText("The visitor asked to talk to a person.");
  await screenshot(desk.page, "handover-lead-in-inbox");
  await Promise.all([desk.context.close(), visitor.context.close()]);
});

test("the member who took it sees the visitor typing; when they close it, the visitor's chat says the team closed it", async ({
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const desk = await deskOf(browser, owner);
  const visitor = await visitorAsksForPerson(browser, "Is the blue toaster back in stock?");
  const { frame, input, status } = visitor;

  const { transcript, live } = await openConversation(desk.page, "Is the blue toaster back in stock?");
  const typingNote = transcript.getByText("The visitor is typing…");
  await live.getByRole("button", { name: "Take over" }).click();
  await expect(live).toContainText("You're handling this conversation.");
  await expect(status).toHaveText(en.agentHere.replace("{name}", OWNER));
  await expect(typingNote).toHaveCount(0);

  // The visitor types: the member sees it in the open transcript, live.
  await input.pressSequentially("I need it by Thurs", { delay: 30 });
  await expect(typingNote).toBeVisible();
  await screenshot(desk.page, "handover-visitor-typing");
  // The message arrives: no longer typing.
  await input.pressSequentially("day");
  await input.press("Enter");
  await expect(transcript.getByText("I need it by Thursday", { exact: true })).toBeVisible();
  await expect(typingNote).toHaveCount(0);

  // A reply, then the member closes the conversation: the visitor is told.
  const box = transcript.getByRole("textbox", { name: "Your reply" });
  await box.fill("It's back on Wednesday: I've put one aside for you.");
  await box.press("Enter");
  await expect(frame.locator(".pw-agent:not(.pw-typing-msg) .pw-md")).toHaveText(
    "It's back on Wednesday: I've put one aside for you.",
  );
  await live.getByRole("button", { name: "Close conversation" }).click();
  await expect(live).toContainText("Closed. It reopens when the visitor writes again.");
  await expect(status).toHaveText(en.closedByTeam);
  await expect(frame.getByRole("button", { name: en.talkToPerson })).toBeVisible();
  await screenshot(visitor.page, "handover-closed-by-team");

  // Writing again: the assistant answers, as the line said.
  await input.fill("How much is delivery?");
  await input.press("Enter");
  await expect(lastAnswer(visitor.page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  await expect(status).toBeHidden();
  await Promise.all([desk.context.close(), visitor.context.close()]);
});

test("two agents and the owner: only the agent handling it, or the owner after a confirmation naming them, may hand it back or close it", async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(240_000));
  // Pro (five seats) through the sandbox gateway, then two agents invited from the Team page.
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  const gateway = await browser.newContext();
  const pay = await gateway.newPage();
  await pay.goto(payment.payment_url);
  await approveSandboxPayment(pay);
  await gateway.close();

  const adam = await newAccount(request, "Adam Agent");
  const bilal = await newAccount(request, "Bilal Agent");
  const ownerDesk = await deskOf(browser, owner, "/members");
  for (const account of [adam, bilal]) {
    await ownerDesk.page.getByLabel("E-mail address").fill(account.email);
    await ownerDesk.page.getByLabel("Role", { exact: true }).selectOption("agent");
    await ownerDesk.page.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      ownerDesk.page.getByRole("status").filter({ hasText: `Invitation sent to ${account.email}` }),
    ).toBeVisible();
  }
  /** The agent signs in from the e-mailed invitation and joins; their inbox is then the owner's. */
  const join = async (account: Account) => {
    const mail = await waitForMail(request, account.email, /invit/i);
    const link = mail.links.find((l) => l.includes("/invitations/"));
    if (!link) throw new Error(`no invitation link in: ${mail.text}`);
    const desk = await deskOf(browser, account, new URL(link).pathname);
    await desk.page.getByRole("button", { name: "Accept and join" }).click();
    await expect(desk.page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
    await desk.page.goto("/inbox");
    return desk;
  };
  const adamDesk = await join(adam);
  const bilalDesk = await join(bilal);

  const question = "My coffee machine arrived broken, what now?";
  const visitor = await visitorAsksForPerson(browser, question);

  // Bilal opens it too, but his live updates are cut (a stale tab): he still sees Take over.
  await bilalDesk.page.route("**/api/events", (route) => route.abort());
  await bilalDesk.page.goto("/inbox");
  await expect(bilalDesk.page.getByText("Live updates paused. Reconnecting…")).toBeVisible();
  const bilalSide = await openConversation(bilalDesk.page, question);
  await expect(bilalSide.live).toContainText("The visitor asked to talk to a person.");

  // Adam takes it.
  const adamSide = await openConversation(adamDesk.page, question);
  await adamSide.live.getByRole("button", { name: "Take over" }).click();
  await expect(adamSide.live).toContainText("You're handling this conversation.");
  await expect(visitor.status).toHaveText(en.agentHere.replace("{name}", "Adam Agent"));

  // Bilal's stale Take over is refused in words he can act on (no reference id for support), and
  // his view then shows who has it: no Take over, Hand back or Close, and no reply box.
  await bilalSide.live.getByRole("button", { name: "Take over" }).click();
  await expect(bilalSide.live.getByRole("alert")).toHaveText(
    "Adam Agent is already handling this conversation.",
  );
  await expect(bilalSide.live.getByText(/Reference/)).toHaveCount(0);
  await expect(bilalSide.live).toContainText("Adam Agent is handling this conversation.");
  await expect(bilalSide.live.getByRole("button")).toHaveCount(0);
  await expect(bilalSide.transcript.getByRole("textbox", { name: "Your reply" })).toHaveCount(0);
  // Live again (a fresh load): still nothing Bilal could end.
  await bilalDesk.page.unroute("**/api/events");
  await bilalDesk.page.reload();
  await expect(bilalSide.live).toContainText("Adam Agent is handling this conversation.");
  await expect(bilalSide.live.getByRole("button")).toHaveCount(0);
  await screenshot(bilalDesk.page, "handover-other-agent");

  // The owner may end it, but is asked first, with Adam named; "Keep it with them" changes nothing.
  await ownerDesk.page.goto("/inbox");
  const ownerSide = await openConversation(ownerDesk.page, question);
  const ownerLive = ownerSide.live;
  await expect(ownerLive).toContainText("Adam Agent is handling this conversation.");
  await expect(ownerLive.getByRole("button", { name: "Take over" })).toHaveCount(0);
  const confirm = ownerLive.getByRole("alert");
  await ownerLive.getByRole("button", { name: "Close conversation" }).click();
  await expect(confirm).toContainText(
    "Adam Agent is handling this conversation. Close it anyway? Their reply box closes.",
  );
  await ownerLive.getByRole("button", { name: "Keep it with them" }).click();
  await expect(confirm).toHaveCount(0);
  await ownerLive.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(confirm).toContainText(
    "Adam Agent is handling this conversation. Hand it back to the bot anyway? Their reply box closes.",
  );
  await screenshot(ownerDesk.page, "handover-owner-confirm");
  await confirm.getByRole("button", { name: "Keep it with them" }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing changed: Adam still has it, on every side.
  await expect(ownerLive).toContainText("Adam Agent is handling this conversation.");
  await expect(adamSide.live).toContainText("You're handling this conversation.");
  await expect(visitor.status).toHaveText(en.agentHere.replace("{name}", "Adam Agent"));
  const adamBox = adamSide.transcript.getByRole("textbox", { name: "Your reply" });
  await adamBox.fill("Sorry about that! A replacement goes out today.");
  await adamBox.press("Enter");
  await expect(visitor.frame.locator(".pw-agent:not(.pw-typing-msg) .pw-md")).toHaveText(
    "Sorry about that! A replacement goes out today.",
  );

  // Confirmed: handed back to the bot, for everyone at once.
  await ownerLive.getByRole("button", { name: "Hand back to the bot" }).click();
  await confirm.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(ownerLive).toContainText("The bot is answering this conversation.");
  await expect(confirm).toHaveCount(0);
  await expect(adamSide.live).toContainText("The bot is answering this conversation.");
  await expect(visitor.status).toBeHidden();
  await expect(visitor.frame.getByRole("button", { name: en.talkToPerson })).toBeVisible();
  await visitor.input.fill("And how much is delivery?");
  await visitor.input.press("Enter");
  await expect(lastAnswer(visitor.page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });

  await Promise.all([
    ownerDesk.context.close(),
    adamDesk.context.close(),
    bilalDesk.context.close(),
    visitor.context.close(),
  ]);
});
