import { expect, type Page, test } from "@playwright/test";
import { createVerifiedAccount, signInOnAuthPage, uniqueEmail } from "./identity-helpers";
import { scaled } from "./slowness";

// Billing end to end against the real services (scripts/e2e-server.mjs): the auth service, the API
// in sandbox payments mode with its built-in gateway, and TEST_CLOCK so a period end can be reached.

const DAY_MS = 86_400_000;
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

async function storedPaymentInfo(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("payment_info");
    return raw ? (JSON.parse(raw) as unknown) : null;
  });
}

test("upgrade with a card, a declined BENEFIT payment, a downgrade scheduled, cancelled, rescheduled and applied at period end", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const email = uniqueEmail("mona");
  const password = "correct horse battery 42";
  await createVerifiedAccount(request, { name: "Mona Ali", email, password });

  // Signed out, /billing goes to sign in and comes back to /billing afterwards.
  await page.goto("/billing");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/billing$/, { timeout: scaled(20_000) });
  await expect(page).toHaveTitle("Billing · Parley");
  const current = page.getByRole("region", { name: "Free" });
  await expect(page.getByTestId("current-plan-name")).toHaveText("Free");
  await expect(current.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("payments-empty")).toContainText("No payments yet");

  await test.step("upgrade Free → Pro monthly with the sandbox card, starting from pricing", async () => {
    // Signed in, the pricing page's plan buttons lead to billing with that plan's upgrade dialog.
    await page.goto("/pricing");
    const choosePro = page.getByRole("link", { name: "Choose Pro" });
    await expect(choosePro).toHaveAttribute("href", "/billing?upgrade=Pro&interval=monthly");
    await choosePro.click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Pro" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(dialog).toContainText("Step 1 of 2");
    // Sandbox payments: the dialog says it is test mode.
    await expect(dialog.getByTestId("test-mode-banner")).toContainText("Test mode");
    await expect(dialog.getByTestId("plan-price")).toHaveText("BHD\u00a025.000");
    await expect(dialog).toContainText("BHD\u00a025.000/month");
    await expect(dialog).toContainText("10,000 messages/month");
    await expect(dialog).toContainText("Your new period starts when the payment is captured.");

    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await expect(dialog).toContainText("Step 2 of 2");
    await expect(dialog.getByRole("radio", { name: /Card \(Mastercard\)/ })).toBeChecked();
    // Back returns to the plan, and forward again.
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByRole("button", { name: "Continue to payment" })).toBeVisible();
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await expect(dialog.getByTestId("payment-amount")).toHaveText("BHD\u00a025.000");
    await dialog.getByRole("button", { name: "Pay BHD\u00a025.000" }).click();

    // The sandbox gateway (the card page), with payment_info remembered for the return.
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/trk_/);
    await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
    await expect(page.getByTestId("test-mode-banner")).toContainText("Test mode");
    await expect(page.getByTestId("sandbox-amount")).toHaveText("BHD\u00a025.000");
    const trackId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    expect(await storedPaymentInfo(page)).toMatchObject({
      track_id: trackId,
      amount: 25,
      plan_name: "Pro",
      payment_method: "mastercard",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    await page.getByRole("button", { name: "Approve BHD\u00a025.000" }).click();
    await expect(page).toHaveURL(new RegExp(`/billing/result\\?trackId=${trackId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "You're on Pro" })).toBeVisible();
    await expect(page.getByTestId("test-mode-banner")).toContainText("no real money is charged");
    await expect(page.getByText(/Your plan is active until [A-Z][a-z]{2} \d{1,2}, \d{4}\./)).toBeVisible();
    await expect.poll(() => storedPaymentInfo(page)).toBeNull();

    await page.getByRole("link", { name: "Go to billing" }).click();
    await expect(page.getByTestId("current-plan-name")).toHaveText("Pro");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    const paid = page.locator(`tr[data-track-id="${trackId}"]`);
    await expect(paid).toContainText("Pro");
    await expect(paid).toContainText("BHD\u00a025.000");
    await expect(paid).toContainText("Card (Mastercard)");
    await expect(paid).toContainText("Paid");
  });

  const periodEnd = (await page.getByTestId("period-end").textContent()) ?? "";
  expect(periodEnd).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  await test.step("a declined BENEFIT payment shows the failure and leaves the plan unchanged", async () => {
    await page.getByRole("button", { name: "Upgrade to Business" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Business" });
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await dialog.getByRole("radio", { name: /BENEFIT/ }).check();
    await dialog.getByRole("button", { name: "Pay BHD\u00a079.000" }).click();

    await expect(page.getByRole("heading", { name: "Pay with BENEFIT" })).toBeVisible();
    expect(await storedPaymentInfo(page)).toMatchObject({ plan_name: "Business", payment_method: "benefit" });
    await page.getByRole("button", { name: "Decline" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Payment declined" })).toBeVisible();
    await expect(page.getByTestId("result-reason")).toHaveText("Declined by the card issuer (sandbox)");
    await expect(page.getByText("Your plan has not changed.")).toBeVisible();
    await expect.poll(() => storedPaymentInfo(page)).toBeNull();

    // "Try again" reopens the upgrade modal for the same plan.
    await page.getByRole("link", { name: "Try again" }).click();
    const retry = page.getByRole("dialog", { name: "Upgrade to Business" });
    await expect(retry).toContainText("BHD\u00a079.000/month");
    await expect(page).toHaveURL(/\/billing$/);
    await retry.getByRole("button", { name: "Cancel" }).click();
    await expect(retry).toBeHidden();

    await expect(page.getByTestId("current-plan-name")).toHaveText("Pro");
    const declined = page.locator("tbody tr").filter({ hasText: "Business" });
    await expect(declined).toContainText("Declined");
    await expect(declined).toContainText("Declined by the card issuer (sandbox)");
    await expect(declined).toContainText("BENEFIT");
  });

  const scheduleStarter = async () => {
    await page.getByRole("button", { name: "Downgrade to Starter" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Confirm Plan Downgrade" });
    await expect(dialog).toContainText("Review your plan change details");
    await expect(dialog.getByRole("region", { name: "Pro plan" })).toContainText("BHD\u00a025.000/month");
    await expect(dialog.getByRole("region", { name: "Starter plan" })).toContainText("BHD\u00a09.000/month");
    await expect(dialog).toContainText("You'll save BHD\u00a016.000 per month");
    await expect(dialog.getByTestId("downgrade-effective-date")).toHaveText(periodEnd);
    await expect(dialog).toContainText("You can cancel this request anytime before it takes effect.");
    await dialog.getByRole("button", { name: "Confirm Downgrade" }).click();

    const done = page.getByRole("dialog", { name: "Downgrade Scheduled Successfully" });
    await expect(done).toContainText(`Your plan will change to Starter on ${periodEnd}`);
    await expect(done).toContainText("This modal will close automatically in a few seconds...");
    // It closes by itself after 3 s.
    await expect(done).toBeHidden({ timeout: scaled(6_000) });
    await expect(page.getByTestId("pending-change")).toContainText(
      `Your plan changes to Starter on ${periodEnd}`,
    );
  };

  await test.step("schedule a downgrade to Starter, cancel it, schedule it again", async () => {
    await scheduleStarter();
    // Until the period ends the user keeps Pro.
    await expect(page.getByTestId("current-plan-name")).toHaveText("Pro");

    await page.getByRole("button", { name: "Cancel scheduled downgrade" }).click();
    await expect(
      page.getByText("Your scheduled downgrade was cancelled; your plan stays as it is"),
    ).toBeVisible();
    await expect(page.getByTestId("pending-change")).toBeHidden();

    await scheduleStarter();
  });

  await test.step("at the end of the period the downgrade applies", async () => {
    // Past any month's length: the period end is due, the 7-day grace is not over.
    const advanced = await request.post("/api/internal/test-clock", {
      data: { advanceMs: 31 * DAY_MS + 3_600_000 },
    });
    expect(advanced.ok(), await advanced.text()).toBe(true);
    const body = (await advanced.json()) as { periodEnd: { downgradesApplied: number } };
    expect(body.periodEnd.downgradesApplied).toBeGreaterThanOrEqual(1);

    await page.reload();
    await expect(page.getByTestId("current-plan-name")).toHaveText("Starter");
    await expect(page.getByTestId("pending-change")).toBeHidden();
    // Renewals are manual: the new Starter period waits for its payment.
    await expect(page.getByTestId("subscription-status")).toHaveText("Past due");
    await expect(page.getByRole("button", { name: "Renew now" })).toBeVisible();
    const graceEnd = dateFormat.format(new Date(new Date(`${periodEnd} 12:00`).getTime() + 7 * DAY_MS));
    await expect(page.getByText(`Pay for the next period by ${graceEnd} to keep Starter.`)).toBeVisible();
  });
});

test("a payment left at the gateway ends: 'Expired — no payment was taken', in English and Arabic", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const email = uniqueEmail("idris");
  const password = "correct horse battery 42";
  await createVerifiedAccount(request, { name: "Idris Saleh", email, password });
  await page.goto("/billing");
  await signInOnAuthPage(page, email, password);
  await expect(page.getByTestId("current-plan-name")).toHaveText("Free");

  // To the gateway's page, and back without paying.
  await page.getByRole("button", { name: "Upgrade to Starter" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Starter" });
  await dialog.getByRole("button", { name: "Continue to payment" }).click();
  await dialog.getByRole("button", { name: "Pay BHD\u00a09.000" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/pay\/trk_/);
  const trackId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  await page.goto("/billing");
  const row = page.locator(`tr[data-track-id="${trackId}"]`);
  await expect(row).toContainText("Pending");

  // Half an hour later the reconciler (run by the test clock with the other jobs) ends it.
  const advanced = await request.post("/api/internal/test-clock", { data: { advanceMs: 31 * 60_000 } });
  expect(advanced.ok(), await advanced.text()).toBe(true);
  expect(
    ((await advanced.json()) as { reconcile: { expired: number } }).reconcile.expired,
  ).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(row).toContainText("Expired — no payment was taken");
  await expect(row).toContainText("The payment was not completed in time");
  await expect(page.getByTestId("current-plan-name")).toHaveText("Free");

  await page.goto("/billing?lang=ar");
  await expect(row).toContainText("انتهت المهلة — لم يُقتطع أي مبلغ");
  await expect(row).toContainText("لم تكتمل الدفعة في الوقت المحدد.");
  // On a phone the row is a card; the longer status wraps inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("expired-payment-ar-390.png"), fullPage: true });
});
