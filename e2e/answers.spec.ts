import { expect, test } from "@playwright/test";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

// The showcase bot exists on every non-production start (demo content), with knowledge.
const SHOWCASE = "cb_parleyShowcase00000000";

test("a visitor asks the demo bot a follow-up in the widget and gets the right, short, cited answer", async ({
  page,
}) => {
  await fromOwnNetwork(page.context());
  await page.goto(`${WEB}/widget/chat/${SHOWCASE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Acme Coffee assistant" })).toBeVisible();
  const input = page.getByRole("textbox");
  const log = page.getByRole("log");

  await input.fill("Do you have a coffee club?");
  await input.press("Enter");
  await expect(log.locator(".pw-sources").first()).toContainText("Delivery and coffee club", {
    timeout: scaled(20_000),
  });

  // "it" is the coffee club: the question is read with the one before it.
  await input.fill("How much is it?");
  await input.press("Enter");
  await expect(log.locator(".pw-sources")).toHaveCount(2, { timeout: scaled(20_000) });
  const answer = log.locator(".pw-msg.pw-bot").last();
  await expect(answer.locator(".pw-md")).toContainText("12 BHD a month");
  await expect(answer.locator(".pw-sources")).toContainText("Delivery and coffee club");
  expect(((await answer.locator(".pw-md").textContent()) ?? "").length).toBeLessThanOrEqual(250);

  // Something the knowledge does not cover: the bot's fallback reply and lead form, no source.
  await input.fill("Do you sell espresso machines?");
  await input.press("Enter");
  await expect(log).toContainText("I'm not sure about that one yet.", { timeout: scaled(20_000) });
  await expect(log).toContainText("Want a person to follow up?");
  await expect(log.locator(".pw-sources")).toHaveCount(2);
});
