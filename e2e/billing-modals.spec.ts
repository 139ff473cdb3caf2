import { expect, type Page, test } from "@playwright/test";
import { isReachable, newAccount, screenshot, signInTo, VIEWPORTS } from "./account-helpers";
import { scaled } from "./slowness";

// The upgrade and downgrade modals at desktop and phone sizes against the real services: the
// buttons stay on screen however tall the modal is, and Confirm Downgrade says 'Processing...'
// while its request goes out.

test.describe.configure({ mode: "serial" });

let page: Page;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(scaled(120_000));
  const request = await playwright.request.newContext();
  const account = await newAccount(request, "Mona Ali");
  page = await browser.newPage({ viewport: VIEWPORTS[0] });
  await signInTo(page, account, "/billing");
  // A real upgrade to Pro through the sandbox gateway, so there is something to downgrade.
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  const upgrade = page.getByRole("dialog", { name: "Upgrade to Pro" });
  await upgrade.getByRole("button", { name: "Continue to payment" }).click();
  await upgrade.getByRole("button", { name: "Pay BHD\u00a025.000" }).click();
  await page.getByRole("button", { name: "Approve BHD\u00a025.000" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're on Pro" })).toBeVisible();
  await request.dispose();
});

test.afterAll(async () => {
  await page?.close();
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} every modal's buttons are on screen`, async () => {
    await page.setViewportSize(viewport);
    await page.goto("/billing");
    await expect(page.getByTestId("current-plan-name")).toHaveText("Pro");
    await screenshot(page, "billing");

    await page.getByRole("button", { name: "Downgrade to Starter" }).click();
    const downgrade = page.getByRole("alertdialog", { name: "Confirm Plan Downgrade" });
    await expect(downgrade).toBeVisible();
    // The modal is taller than the screen (it scrolls), yet Cancel and Confirm are on top, visible.
    expect(await downgrade.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    for (const name of ["Cancel", "Confirm Downgrade"]) {
      expect(await isReachable(page, downgrade.getByRole("button", { name })), name).toBe(true);
    }
    await screenshot(page, "downgrade-modal");
    // Scrolled to the end the last note is readable above the buttons.
    await downgrade.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const lastNote = downgrade.getByText("You can cancel this request anytime before it takes effect.");
    expect(await isReachable(page, lastNote)).toBe(true);
    expect(await isReachable(page, downgrade.getByRole("button", { name: "Cancel" }))).toBe(true);
    await screenshot(page, "downgrade-modal-scrolled");
    await downgrade.getByRole("button", { name: "Cancel" }).click();
    await expect(downgrade).toBeHidden();

    await page.getByRole("button", { name: "Upgrade to Business" }).click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade to Business" });
    for (const name of ["Cancel", "Continue to payment"]) {
      expect(await isReachable(page, upgrade.getByRole("button", { name })), name).toBe(true);
    }
    await screenshot(page, "upgrade-modal-plan");
    await upgrade.getByRole("button", { name: "Continue to payment" }).click();
    for (const name of ["Back", "Pay BHD\u00a079.000"]) {
      expect(await isReachable(page, upgrade.getByRole("button", { name })), name).toBe(true);
    }
    await screenshot(page, "upgrade-modal-payment");
    await page.keyboard.press("Escape");
    await expect(upgrade).toBeHidden();
  });
}

test("Confirm Downgrade says 'Processing...' while the request goes out, then the success stage", async () => {
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto("/billing");
  await page.getByRole("button", { name: "Downgrade to Starter" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm Plan Downgrade" });
  // Every state of the two buttons, recorded in the page as it happens (the busy state is short).
  // The whole page is watched, not the dialog: on a slow request the dialog gives way to the
  // Processing stage's, and a watcher on the old element would never see it go.
  await dialog.evaluate(() => {
    const w = window as unknown as {
      seen: { at: number; label: string; busy: boolean; cancel: boolean }[];
      stages: string[];
    };
    w.seen = [];
    // The text of every dialog stage shown: the success stage closes by itself after 3 s, which
    // on a starved machine can pass between two looks from the test.
    w.stages = [];
    const record = () => {
      const [cancel, confirm] = Array.from(
        document.querySelectorAll<HTMLButtonElement>("[role=alertdialog] .modal-actions button"),
      );
      // No buttons: the dialog moved on to another stage.
      const entry =
        confirm && cancel
          ? {
              at: performance.now(),
              // The label shown (the busy and idle labels share the button, one hidden).
              label:
                (confirm.querySelector(":scope > span:not([data-hidden])") ?? confirm).textContent?.trim() ??
                "",
              busy: confirm.disabled,
              cancel: cancel.disabled,
            }
          : { at: performance.now(), label: "(next stage)", busy: false, cancel: false };
      const last = w.seen.at(-1);
      if (!last || last.label !== entry.label || last.busy !== entry.busy) w.seen.push(entry);
      for (const stage of Array.from(document.querySelectorAll("[role=dialog], [role=alertdialog]"))) {
        const text = `${stage.getAttribute("aria-label") ?? ""} ${stage.textContent ?? ""}`;
        if (w.stages.at(-1) !== text) w.stages.push(text);
      }
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  const sent = page.waitForRequest("**/api/subscriptions/downgrade-subscription");
  await dialog.getByRole("button", { name: "Confirm Downgrade" }).click();
  await sent;
  const done = page.getByRole("dialog", { name: "Downgrade Scheduled Successfully" });
  // The success stage was shown with its words (recorded in the page as it happened).
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { stages: string[] }).stages.some(
          (s) =>
            s.includes("Downgrade Scheduled Successfully") &&
            s.includes("Your plan will change to Starter on"),
        ),
      ),
    )
    .toBe(true);
  const seen = await page.evaluate(
    () =>
      (window as unknown as { seen: { at: number; label: string; busy: boolean; cancel: boolean }[] }).seen,
  );
  const busy = seen.findIndex((s) => s.label === "Processing...");
  expect(busy, JSON.stringify(seen)).toBeGreaterThanOrEqual(0);
  expect(seen[busy]).toMatchObject({ busy: true, cancel: true });
  // Shown long enough to read, not flashed: until the next state (or the stage change).
  expect(seen[busy + 1], JSON.stringify(seen)).toBeDefined();
  const next = seen[busy + 1]?.at ?? 0;
  expect(next - (seen[busy]?.at ?? 0)).toBeGreaterThan(300);
  await expect(done).toBeHidden({ timeout: scaled(6_000) });
  await expect(page.getByTestId("pending-change")).toContainText("Your plan changes to Starter on");
});
