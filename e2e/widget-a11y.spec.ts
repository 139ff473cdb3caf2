import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

// The showcase bot exists on every non-production start (demo content), with knowledge.
const SHOWCASE = "cb_parleyShowcase00000000";

test("the chat page is accessible: axe finds nothing serious, before and after an answer", async ({
  page,
}) => {
  await fromOwnNetwork(page.context());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${WEB}/widget/chat/${SHOWCASE}`);
    await expect(page.getByRole("heading", { level: 1, name: "Acme Coffee assistant" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  const input = page.getByRole("textbox");
  await input.fill("When are you open on Fridays?");
  await input.press("Enter");
  await expect(page.getByRole("log")).toContainText("2 pm to 11 pm", { timeout: scaled(20_000) });
  expect(await seriousViolations(page)).toEqual([]);
  // Keyboard only: the input keeps focus after sending, and the font is at least 16 px (no iOS zoom).
  const fontSize = await input.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
});
