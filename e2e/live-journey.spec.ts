import { expect, type Page, test } from "@playwright/test";
import { en } from "../apps/web/src/widget/i18n/en";
import { DEFAULT_BOT_TEXTS } from "../packages/contracts/src/chatbots/chatbot";
import { newAccount, screenshot, signInTo } from "./account-helpers";
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

// Issue #22's "done when", both sides in real browsers at once: a visitor on a customer's site (another
// origin than the app) asks for a person in the widget; a member of the team, signed in to the inbox
// in another browser context, sees the request arrive live, takes it over and replies from the
// inbox; the visitor sees the reply live; the member hands back and the bot answers again.

let model: Listener;
let site: Listener;

test.afterAll(async () => {
  await Promise.all([model?.close(), site?.close()]);
});

const launcher = (p: Page) => p.locator("parley-widget .b");

test("a visitor asks for a person in the widget; a member sees it live in the inbox, takes over, replies and hands back", async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const owner = await newAccount(request, "Noor Haddad");
  model = await startModel();
  let chatbotId = "";
  site = await startSite((url) =>
    url.pathname === "/"
      ? htmlPage("Acme Home Goods", `<p>Kettles and toasters.</p>${snippet(chatbotId)}`)
      : null,
  );
  chatbotId = await publishedBot({ email: owner.email, call: owner.api }, model, {
    allowedDomains: [`localhost:${site.port}`],
  });
  await owner.api("PATCH", `/chatbots/${chatbotId}`, { handoff: { enabled: true, officeHours: null } });

  // The member: the inbox open in a browser of their own.
  const desk = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  const inbox = await desk.newPage();
  await signInTo(inbox, owner, "/inbox");
  const rows = inbox.getByRole("list", { name: "Conversations" }).getByRole("listitem");

  // The visitor, on the customer's site.
  const visit = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 664 } });
  await fromOwnNetwork(visit);
  const page = await visit.newPage();
  const frame = chatFrame(page);
  await page.goto(site.url);
  await launcher(page).click();
  const input = frame.getByRole("textbox");
  await input.fill("Is order 4521 on its way?");
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  await frame.getByRole("button", { name: en.talkToPerson }).click();
  await expect(lastAnswer(page)).toHaveText(DEFAULT_BOT_TEXTS.en.handoffReply);
  await expect(frame.locator(".pw-live")).toHaveText(en.waitingForTeam);

  // The inbox shows it without a reload: waiting, at the top.
  const row = rows.filter({ hasText: "Is order 4521 on its way?" });
  await expect(row).toHaveCount(1, { timeout: scaled(15_000) });
  await expect(rows.first()).toContainText("Is order 4521 on its way?");
  await expect(row.getByTestId("waiting-badge")).toBeVisible();
  await row.getByRole("link").click();
  const transcript = inbox.getByRole("article", { name: "Conversation with Acme Helper" });
  const live = transcript.getByRole("region", { name: "Live chat" });
  await live.getByRole("button", { name: "Take over" }).click();
  await expect(frame.locator(".pw-live")).toHaveText(en.agentHere.replace("{name}", "Noor Haddad"));

  // A reply from the inbox reaches the visitor live, named, with the Team badge.
  const box = transcript.getByRole("textbox", { name: "Your reply" });
  await box.fill("Hi, Noor here. Order 4521 leaves our depot today.");
  await box.press("Enter");
  const agent = frame.locator(".pw-agent:not(.pw-typing-msg)");
  await expect(agent).toHaveCount(1);
  await expect(agent.locator(".pw-md")).toHaveText("Hi, Noor here. Order 4521 leaves our depot today.");
  await expect(agent.locator(".pw-who")).toHaveText(`Noor Haddad${en.team}`);
  // The visitor answers; the member sees it live in the open transcript.
  await input.fill("Great, thank you!");
  await input.press("Enter");
  await expect(transcript.getByText("Great, thank you!", { exact: true })).toBeVisible();
  await screenshot(inbox, "live-journey-inbox");
  await screenshot(page, "live-journey-widget");

  // Handed back: the bot answers the next question.
  await live.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(frame.locator(".pw-live")).toBeHidden();
  await input.fill("How much is delivery?");
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(shown(ANSWER), { timeout: scaled(15_000) });
  await expect(agent).toHaveCount(1);
  await Promise.all([desk.close(), visit.close()]);
});
