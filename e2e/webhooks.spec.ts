import { expect, test } from "@playwright/test";
import { approveSandboxPayment, newAccount, screenshot, signInTo } from "./account-helpers";
import { scaled } from "./slowness";
import { signedBy, startReceiver } from "./webhook-helpers";

test.setTimeout(scaled(120_000));

test("an owner on Pro adds a webhook endpoint (secret shown once), sends a test event a receiver verifies, reads the delivery log, rotates the secret and deletes the endpoint", async ({
  page,
  request,
}) => {
  // The business's receiver, on this machine (the e2e API allows loopback outside production).
  const receiver = await startReceiver();
  const { received } = receiver;
  const hookUrl = receiver.url("/parley");

  try {
    const owner = await newAccount(request, "Wes Webhook");
    const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
      amount: 25,
      planName: "Pro",
      payment_provider: "mastercard",
    });
    await page.goto(payment.payment_url);
    await approveSandboxPayment(page);

    await signInTo(page, owner, "/developers/webhooks");
    await expect(page.getByRole("link", { name: "Webhooks" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No endpoints yet.")).toBeVisible();

    // A private address is refused by the form's own check only when malformed; the API refuses
    // the rest. Here: the receiver, with two events.
    await page.getByLabel("Endpoint URL").fill(hookUrl);
    await page.getByLabel("Description (optional)").fill("CRM");
    await page.getByRole("checkbox", { name: /A conversation started/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();
    await screenshot(page, "webhook-created");
    await page.getByRole("button", { name: "I have saved it" }).click();
    await expect(page.locator("body")).not.toContainText(secret);

    const row = page.getByRole("listitem").filter({ hasText: hookUrl });
    await expect(row).toContainText("2 events");
    await expect(row).toContainText("On");

    // The test event goes out from the job queue; the log shows it delivered.
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect(row.getByRole("status").filter({ hasText: "Test event queued." })).toBeVisible();
    await expect.poll(() => received.length, { timeout: scaled(20_000) }).toBe(1);
    const [sent] = received;
    expect(JSON.parse(sent?.body ?? "{}").type).toBe("webhook.test");
    expect(signedBy(secret, sent)).toBe(true);
    const delivered = row.locator(".webhook-delivery").first();
    await expect(delivered).toContainText("Delivered", { timeout: scaled(15_000) });
    await delivered.getByText("Details").click();
    await expect(delivered).toContainText("HTTP 200");
    await expect(delivered.locator("pre")).toHaveText("received, thanks");

    // Redeliver: the same message id again.
    await delivered.getByRole("button", { name: "Redeliver" }).click();
    await expect.poll(() => received.length, { timeout: scaled(20_000) }).toBe(2);
    expect(received[1]?.headers["webhook-id"]).toBe(sent?.headers["webhook-id"]);

    // Rotation with the default overlap: the new secret is shown once; both sign meanwhile.
    await row.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
    await expect(rotate.getByLabel("Overlap")).toHaveValue("24");
    await rotate.getByRole("button", { name: "Rotate" }).click();
    const second = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(secret);
    await page.getByRole("button", { name: "I have saved it" }).click();
    await expect(row).toContainText("The previous secret also signs until");
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => received.length, { timeout: scaled(20_000) }).toBe(3);
    const third = received[2];
    expect(signedBy(secret, third)).toBe(true);
    expect(signedBy(second, third)).toBe(true);

    await page.setViewportSize({ width: 390, height: 664 });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
    await screenshot(page, "webhooks-phone");

    // Delete through the app's confirmation.
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this endpoint?" });
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
