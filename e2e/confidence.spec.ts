import { expect, type Page, test } from "@playwright/test";
import { screenshot, VIEWPORTS } from "./account-helpers";
import { signInOnAuthPage, WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

// Issue #23's journey: the demo account's demo bot (created by the API on its first sign-in, with
// the Acme Coffee knowledge) is asked something outside its knowledge — the fallback reply, with
// the lead form in its widget — then something inside it: a short, cited answer whose confidence
// the Playground shows. Screenshots of the new settings and the chip, in English and Arabic, are
// kept for the eye (E2E_SCREENSHOTS).

// packages/contracts/src/common/demo.ts (the auth service creates it on non-production starts).
const DEMO = { email: "demo@parley.local", password: "parley-demo-2026" };
const OUTSIDE = "Do you sell espresso machines?";
const INSIDE = "How much is the coffee club?";

const ask = async (page: Page, question: string) => {
  const playground = page.getByRole("tabpanel", { name: "Playground" });
  await playground.getByRole("textbox", { name: "Message" }).fill(question);
  await playground.getByRole("textbox", { name: "Message" }).press("Enter");
  return playground.locator(".pg-answer").last();
};

test("the demo bot falls back with the lead form outside its knowledge, and shows its confidence in a cited answer inside it", async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(180_000));
  await page.goto(`${WEB}/dashboard`, { waitUntil: "commit" });
  await signInOnAuthPage(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });

  // The demo bot, its knowledge read in the background.
  await page.getByRole("link", { name: "Acme Coffee assistant" }).first().click();
  await expect(page).toHaveURL(/\/chatbots\/cb_[^/?]+/);
  const botId = /\/chatbots\/(cb_[^/?]+)/.exec(page.url())?.[1] ?? "";
  await page.getByRole("tab", { name: /Knowledge/ }).click();
  await expect(page.getByTestId("sources-summary")).toHaveText("5 sources ready", {
    timeout: scaled(60_000),
  });

  // Settings: visitors may leave their e-mail (turned on if it is not), the engine's caution is
  // the recommended one, and the embeddings endpoint has its own section.
  await page.getByRole("tab", { name: "Settings" }).click();
  const settings = page.getByRole("tabpanel", { name: "Settings" });
  const leads = settings.getByRole("switch", { name: /Ask for contact details/ });
  if (!(await leads.isChecked())) {
    await leads.check();
    await settings.getByRole("button", { name: "Save changes" }).click();
    await expect(settings.getByText("All changes saved")).toBeVisible();
  }
  await expect(leads).toBeChecked();
  const caution = settings.getByRole("group", { name: "When the built-in engine isn't sure" });
  await expect(caution.getByRole("radio", { name: /Balanced \(recommended\)/ })).toBeChecked();
  await expect(caution.getByRole("radio")).toHaveCount(3);
  // Test connection tries what is typed: nothing (this server has no default endpoint), then an
  // address where nothing listens (private addresses are allowed outside production).
  const testButton = settings.getByRole("button", { name: "Test connection" });
  const testResult = settings.getByTestId("embeddings-test-result");
  await testButton.click();
  await expect(testResult).toContainText("There's nothing to test");
  await settings.getByLabel("Embeddings base URL").fill("http://127.0.0.1:9/v1");
  await settings.getByLabel("Embeddings model").fill("nomic-embed-text");
  await testButton.click();
  await expect(testResult).toContainText("The endpoint could not be reached.");
  await settings.getByRole("button", { name: "Discard", exact: true }).click();
  await expect(settings.getByLabel("Embeddings base URL")).toHaveValue("");

  // Outside the knowledge: the fallback reply, marked as such, with no source.
  await page.getByRole("tab", { name: "Playground" }).click();
  const fallback = await ask(page, OUTSIDE);
  await expect(fallback).toContainText("Not answered from your knowledge", { timeout: scaled(20_000) });
  await expect(fallback).toContainText("I'm not sure about that one yet.");
  await expect(fallback.locator(".pg-sources")).toHaveCount(0);

  // …and in the bot's widget, the same question offers the lead form.
  // A visitor from an address of their own: the run's other widget visitors from 127.0.0.1 count
  // towards the API's 20 new conversations an hour per address.
  const visitorContext = await browser.newContext();
  await fromOwnNetwork(visitorContext);
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`${WEB}/widget/chat/${botId}`);
    const log = visitor.getByRole("log");
    await visitor.getByRole("textbox").fill(OUTSIDE);
    await visitor.getByRole("textbox").press("Enter");
    await expect(log).toContainText("I'm not sure about that one yet.", { timeout: scaled(20_000) });
    await expect(log).toContainText("Want a person to follow up?");
    await expect(visitor.getByRole("textbox", { name: "Email", exact: true })).toBeVisible();
    // The visitor then asks what the bot knows: the inbox keeps both answers, with their confidence.
    await visitor.getByPlaceholder("Type your question…").fill(INSIDE);
    await visitor.getByPlaceholder("Type your question…").press("Enter");
    await expect(log.locator(".pw-sources")).toHaveCount(1, { timeout: scaled(20_000) });
  } finally {
    await visitorContext.close();
  }

  // Inside it: a short answer citing its source, with the engine's confidence beside it.
  const answer = await ask(page, INSIDE);
  await expect(answer.locator(".pg-bubble")).toContainText("12 BHD", { timeout: scaled(20_000) });
  await expect(answer.locator(".pg-sources")).toContainText("Delivery and coffee club");
  expect(((await answer.locator(".pg-bubble").textContent()) ?? "").length).toBeLessThanOrEqual(250);
  const chip = answer.locator(".confidence-chip");
  await expect(chip).toHaveText(/^(Low confidence|Confidence) \d{1,3}%$/);
  await expect(chip).toHaveAttribute("title", /How sure the built-in engine is|not very sure/);

  // The inbox transcript shows the same chip on the bot's answer; Unanswered lists the fallback.
  await page.goto(`${WEB}/inbox`);
  await page
    .getByRole("list", { name: "Conversations" })
    .getByRole("listitem")
    .first()
    .getByRole("link")
    .click();
  const transcript = page.getByRole("article");
  await expect(transcript.locator(".tr-msg-bot .confidence-chip").last()).toHaveText(
    /^(Low confidence|Confidence) \d{1,3}%$/,
  );
  await expect(transcript.locator(".tr-flag-fallback")).toHaveCount(1);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await transcript.locator(".confidence-chip").last().scrollIntoViewIfNeeded();
    await screenshot(page, "confidence-inbox-en");
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(`${WEB}/inbox/unanswered`);
  const group = page
    .getByRole("list", { name: "Unanswered questions" })
    .getByRole("listitem")
    .filter({ hasText: OUTSIDE });
  await expect(group).toContainText("1 fallback reply");

  // For the eye: the chip and the new settings at desktop and phone width, in English and Arabic.
  for (const lang of ["en", "ar"] as const) {
    await page.goto(`${WEB}/?lang=${lang}`);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${WEB}/chatbots/${botId}?tab=playground`);
      const panel = page.getByRole("tabpanel").first();
      await panel.getByRole("textbox").first().fill(INSIDE);
      await panel.getByRole("textbox").first().press("Enter");
      await expect(panel.locator(".confidence-chip").last()).toBeVisible({ timeout: scaled(20_000) });
      await panel.locator(".confidence-chip").last().scrollIntoViewIfNeeded();
      await screenshot(page, `confidence-playground-${lang}`);
      await page.goto(`${WEB}/chatbots/${botId}?tab=settings`);
      const cautionGroup = page.locator(".caution-field");
      await cautionGroup.scrollIntoViewIfNeeded();
      await screenshot(page, `confidence-caution-${lang}`);
      await page.locator("#settings-embeddingsBaseUrl").fill("http://127.0.0.1:9/v1");
      await page.locator("#settings-embeddingsModel").fill("nomic-embed-text");
      await page.locator(".embeddings-test button").click();
      await expect(page.getByTestId("embeddings-test-result")).toBeVisible();
      await page.locator(".embeddings-test").scrollIntoViewIfNeeded();
      await screenshot(page, `confidence-embeddings-${lang}`);
      await page.locator(".save-bar-actions .btn-ghost").click();
    }
  }
  await page.goto(`${WEB}/?lang=en`);
});
