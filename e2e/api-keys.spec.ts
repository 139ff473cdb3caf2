import { expect, test } from "@playwright/test";
import { approveSandboxPayment, newAccount, screenshot, signInTo } from "./account-helpers";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { watchTexts } from "./transient";

test.setTimeout(scaled(120_000));

test("an owner on Free is told the API needs Pro; on Pro creates a key (shown once), uses it, reads the API reference, and revokes it", async ({
  page,
  request,
}) => {
  const owner = await newAccount(request, "Dana Developer");
  await signInTo(page, owner, "/developers/api-keys");
  await expect(page.getByRole("heading", { name: "Developers", level: 1 })).toBeVisible();
  await expect(page.getByText("Your Free plan does not include the API.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API key" })).toBeDisabled();

  // Pro through the sandbox gateway.
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);

  await page.goto("/developers");
  await expect(page).toHaveURL(/\/developers\/api-keys$/);
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill("CRM sync");
  await dialog.getByRole("checkbox", { name: /Write/ }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  const key = await shown.getByLabel("API key").inputValue();
  expect(key).toMatch(/^prly_[A-Za-z0-9_-]{43}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const copy = shown.getByRole("button", { name: "Copy key" });
  const labels = await watchTexts(copy);
  await copy.click();
  // The button says so (for 2 s; recorded in the page), and the clipboard holds the key.
  await expect.poll(labels.seen).toContain("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshot(page, "api-key-created");
  await shown.getByRole("button", { name: "Done" }).click();

  // Listed by its start and last four, never whole.
  const row = page.getByRole("listitem").filter({ hasText: "CRM sync" });
  await expect(row).toContainText(`${key.slice(0, 9)}…${key.slice(-4)}`);
  await expect(row).toContainText("Never used");
  await expect(page.locator("body")).not.toContainText(key);

  // The key works on /api/v1, and only there.
  const bearer = { authorization: `Bearer ${key}` };
  expect((await request.get(`${WEB}/api/v1/chatbots`, { headers: bearer })).status()).toBe(200);
  expect((await request.get(`${WEB}/api/payments`, { headers: bearer })).status()).toBe(401);

  // The reference, drawn from the OpenAPI document.
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  const tabs = page.getByRole("navigation", { name: "Developer settings" });
  await expect(tabs.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "API keys" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^Chat/ }).first()).toBeVisible();
  const ask = page.locator("summary").filter({ hasText: "/api/v1/chatbots/{id}/ask" });
  await ask.click();
  await expect(page.getByText("conversationId").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 664 });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
  await screenshot(page, "api-reference");

  // Revoke through the app's confirmation: the key stops at once.
  await page.getByRole("link", { name: "API keys" }).click();
  const sidewaysKeys = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sidewaysKeys).toBe(false);
  await screenshot(page, "api-keys-phone");
  await page.getByRole("button", { name: "Revoke CRM sync" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke this API key?" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The key CRM sync was revoked." })).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  expect((await request.get(`${WEB}/api/v1/chatbots`, { headers: bearer })).status()).toBe(401);

  // In Arabic, right to left, at phone width.
  await page.getByRole("button", { name: "Switch to العربية" }).click();
  await expect(page.getByRole("heading", { name: "المطوّرون", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: "إنشاء مفتاح API" })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
  await screenshot(page, "api-keys-arabic");
});
