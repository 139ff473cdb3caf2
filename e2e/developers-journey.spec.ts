import { expect, test } from "@playwright/test";
import { approveSandboxPayment, newAccount, signInTo } from "./account-helpers";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { signedBy, startReceiver } from "./webhook-helpers";

test.setTimeout(scaled(120_000));

test("an owner on Pro, in one session: creates an API key and lists chatbots with it, adds a webhook endpoint, sends a test event a receiver verifies and the log shows delivered, then revokes the key and it gets 401", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  const hookUrl = receiver.url("/journey");
  try {
    const owner = await newAccount(request, "Jo Journey");
    const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
      amount: 25,
      planName: "Pro",
      payment_provider: "mastercard",
    });
    await page.goto(payment.payment_url);
    await approveSandboxPayment(page);
    await signInTo(page, owner, "/dashboard");

    // Developers → API keys: the key is shown once, in the dialog.
    await page.getByRole("link", { name: "Developers" }).click();
    const tabs = page.getByRole("navigation", { name: "Developer settings" });
    await tabs.getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(/\/developers\/api-keys$/);
    await page.getByRole("button", { name: "Create API key" }).click();
    const create = page.getByRole("dialog", { name: "Create an API key" });
    await create.getByLabel("Name").fill("Journey key");
    await create.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Copy your new API key" });
    const key = await shown.getByLabel("API key").inputValue();
    expect(key).toMatch(/^prly_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(page.locator("body")).not.toContainText(key);

    const bearer = { authorization: `Bearer ${key}` };
    const listed = await request.get(`${WEB}/api/v1/chatbots`, { headers: bearer });
    expect(listed.status(), await listed.text()).toBe(200);

    // Developers → Webhooks: an endpoint at the receiver, a test event through the UI.
    await tabs.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/developers\/webhooks$/);
    await page.getByLabel("Endpoint URL").fill(hookUrl);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "I have saved it" }).click();
    const row = page.getByRole("listitem").filter({ hasText: hookUrl });
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: scaled(20_000) }).toBe(1);
    const [sent] = receiver.received;
    expect(JSON.parse(sent?.body ?? "{}").type).toBe("webhook.test");
    expect(signedBy(secret, sent)).toBe(true);
    await expect(row.locator(".webhook-delivery").first()).toContainText("Delivered", {
      timeout: scaled(15_000),
    });

    // Back to the keys: revoke through the confirmation; the same key is refused at once.
    await tabs.getByRole("link", { name: "API keys" }).click();
    await page.getByRole("button", { name: "Revoke Journey key" }).click();
    await page
      .getByRole("alertdialog", { name: "Revoke this API key?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: "The key Journey key was revoked." }),
    ).toBeVisible();
    expect((await request.get(`${WEB}/api/v1/chatbots`, { headers: bearer })).status()).toBe(401);
  } finally {
    await receiver.close();
  }
});
