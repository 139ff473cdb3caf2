import { type Browser, expect, type Page, test } from "@playwright/test";
import { signWebhook } from "../packages/contracts/src/webhooks/standard-webhooks";
import { type Account, newAccount, signInTo } from "./account-helpers";
import { operatorAccount } from "./console-helpers";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { fromOwnNetwork } from "./widget-helpers";

/** The sandbox gateway's merchant secret in the journeys' server (the API's development default). */
const SANDBOX_SECRET = "parley-sandbox-gateway-secret";

// The operator's console (issue #33) as Parley's staff use it: find a customer, look at a payment,
// ask the gateway, grant a plan; edit a plan's Arabic words; suspend a bot. Each change is checked
// where the customer or a visitor sees it, not in the console alone.

/** apps/api/src/modules/conversations/turn.service.ts: UNAVAILABLE_REPLY, word for word. */
const UNAVAILABLE_REPLY =
  "Sorry, this assistant is unavailable right now. Please try again later, or contact the business directly.";

interface PlanSummary {
  _id: string;
  name: string;
  billingInterval: "monthly" | "yearly";
  price: { amount: number };
}

async function planNamed(page: Page, name: string, interval: "monthly" | "yearly"): Promise<PlanSummary> {
  const plans = (await (await page.request.get(`${WEB}/api/plans`)).json()) as PlanSummary[];
  const plan = plans.find((p) => p.name === name && p.billingInterval === interval);
  if (!plan) throw new Error(`no ${name} ${interval} plan`);
  return plan;
}

/** The browser of someone else (the customer, a visitor), beside the operator's. */
async function otherPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** In the console: finds the customer's workspace by `query` and opens it. */
async function openWorkspace(page: Page, query: string, workspaceId: string) {
  await page.getByLabel("E-mail, name, workspace id or payment reference").fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.locator(`tr[data-workspace-id="${workspaceId}"]`);
  await expect(row).toBeVisible();
  return row;
}

async function userIdOf(account: Account): Promise<string> {
  const me = await account.api<{ _id: string }>(
    "GET",
    `/user/by-email?email=${encodeURIComponent(account.email)}`,
  );
  return me._id;
}

test("an operator finds a customer by payment reference, sees it held for review, asks the gateway, grants a plan; the customer's billing shows it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const customer = await newAccount(request, "Camila Customer");
  const workspaceId = await userIdOf(customer);
  const starter = await planNamed(page, "Starter", "monthly");
  // The customer starts paying; the gateway then reports a capture of another amount (its signed
  // notification, as a bank's partial capture would arrive): the payment is held for review.
  const { track_id: trackId } = await customer.api<{ track_id: string }>("POST", "/payments/initiate", {
    payment_provider: "mastercard",
    amount: starter.price.amount,
    planId: starter._id,
  });
  const notification = JSON.stringify({
    type: "payment.decided",
    trackId,
    status: "captured",
    amountMinor: 1_000,
    currency: "BHD",
    resultCode: "00",
    resultMessage: null,
  });
  const held = await request.post(`${WEB}/api/payments/callback/sandbox`, {
    headers: { "content-type": "application/json", ...signWebhook(SANDBOX_SECRET, notification) },
    data: notification,
  });
  expect(held.status()).toBe(409);

  // A customer who opens the console's address gets the app's "Page not found", nothing more.
  const customerPage = await otherPage(browser);
  await signInTo(customerPage, customer, "/admin");
  await expect(customerPage.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(customerPage.getByText("Operator's console")).toHaveCount(0);
  await customerPage.getByRole("button", { name: /^Account menu/ }).click();
  await expect(customerPage.getByRole("menuitem", { name: "Help and support" })).toBeVisible();
  await expect(customerPage.getByRole("menuitem", { name: "Operator's console" })).toHaveCount(0);

  // The operator reaches the console from the user menu.
  const operator = await operatorAccount(request);
  await signInTo(page, operator, "/dashboard");
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Operator's console" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByText("Platform admin")).toBeVisible();

  // Found by the payment's reference; the payment is held for review.
  const row = await openWorkspace(page, trackId, workspaceId);
  await expect(row).toContainText("Payment reference");
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(`${WEB}/admin/customers/${workspaceId}`);
  const payment = page.locator(`tr[data-track-id="${trackId}"]`);
  await expect(payment).toContainText("Held for review");
  await payment.getByRole("link", { name: trackId }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Payment ${trackId}`);

  // Ask the gateway now: its word joins the payment's events; the payment stays held for the operator.
  await page.getByRole("button", { name: "Ask the gateway now" }).click();
  const ask = page.getByRole("dialog", { name: "Ask the gateway about this payment?" });
  await ask.getByRole("button", { name: "Ask the gateway now" }).click();
  await expect(ask.getByText("Say why, in a few words (at least 3 characters).")).toBeVisible();
  await ask.getByLabel("Reason").fill("Customer says the card was charged");
  await ask.getByRole("button", { name: "Ask the gateway now" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText("The gateway answered. The payment is now: Held for review.")).toBeVisible();

  // Grant the plan for a month, with a reason.
  await page.getByRole("link", { name: workspaceId }).click();
  await page.getByRole("button", { name: "Grant or extend a plan" }).click();
  const grant = page.getByRole("dialog", { name: "Grant or extend a plan" });
  await grant.getByLabel("Plan").selectOption(starter._id);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await grant.getByLabel("Until (last day)").fill(until);
  await grant.getByLabel("Reason").fill("Payment stuck at the gateway: goodwill month");
  await grant.getByRole("button", { name: "Grant plan" }).click();
  await expect(grant).toBeHidden();
  await expect(page.getByText(/^Granted: Starter until /)).toBeVisible();
  await expect(page.locator(".admin-plan-name")).toContainText("Starter");
  // The change is in the workspace's console actions, with its reason.
  await expect(page.getByText("Payment stuck at the gateway: goodwill month").first()).toBeVisible();

  // The customer's billing page shows the plan.
  await customerPage.goto("/billing");
  await expect(customerPage.getByTestId("current-plan-name")).toContainText("Starter");
  // Its history of plan changes says Parley's team granted it, and until when.
  const granted = customerPage.locator('tr[data-kind="granted"]');
  await expect(granted).toContainText("Starter granted until");
  await expect(granted).toContainText("Parley's team");
  await customerPage.context().close();
});

test("an operator edits a plan's Arabic description; the Arabic pricing page shows it", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const operator = await operatorAccount(request);
  await signInTo(page, operator, "/admin/plans");
  // Business yearly: shown only when the pricing page is switched to yearly.
  await page.getByRole("link", { name: "Edit Business, Yearly" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Business" })).toBeVisible();
  const arabic = page.getByRole("group", { name: "Arabic" }).getByLabel("Description");
  await expect(arabic).toHaveAttribute("dir", "rtl");
  const original = await arabic.inputValue();
  const marker = `عرض الإطلاق ${Date.now() % 100_000}`;
  await arabic.fill(`${original} ${marker}`);
  await page.getByLabel("Reason").fill("Launch offer wording");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved\. The plan is now at version \d+\.$/)).toBeVisible();

  const pricing = await page.context().newPage();
  try {
    await pricing.goto("/pricing?lang=ar&interval=yearly");
    await expect(pricing.getByText(marker)).toBeVisible();
  } finally {
    await pricing.close();
    // The words as they were, for the journeys that read the pricing page.
    await arabic.fill(original);
    await page.getByLabel("Reason").fill("Launch offer over");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/^Saved\. The plan is now at version \d+\.$/)).toBeVisible();
  }
});

test("an operator suspends a bot; its chat answers that it is unavailable", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const customer = await newAccount(request, "Sami Shop");
  const workspaceId = await userIdOf(customer);
  const bot = await customer.api<{ _id: string }>("POST", "/chatbots", { name: "Shop helper" });
  await customer.api("PATCH", `/chatbots/${bot._id}`, { published: true });

  const operator = await operatorAccount(request);
  await signInTo(page, operator, "/admin/customers");
  const row = await openWorkspace(page, customer.email, workspaceId);
  await expect(row).toContainText("E-mail");
  await row.getByRole("link").first().click();
  const botRow = page.locator(`tr[data-chatbot-id="${bot._id}"]`);
  await expect(botRow).toContainText("Published");
  await botRow.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend “Shop helper”?" });
  await dialog.getByLabel("Reason").fill("Reported for phishing links");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("“Shop helper” is suspended.")).toBeVisible();
  await expect(botRow).toContainText("Suspended");
  await expect(botRow).toContainText("Reported for phishing links");

  // A visitor asks the bot: the neutral notice, nothing else.
  const visitor = await otherPage(browser);
  await fromOwnNetwork(visitor.context());
  await visitor.goto(`/widget/chat/${bot._id}`);
  const message = visitor.getByRole("textbox", { name: /^Message/ });
  await message.fill("Where is my order?");
  await message.press("Enter");
  // The message reads "<bot name>: <reply>" to screen readers; the reply is the notice, whole.
  await expect(visitor.locator(".pw-bot:not(.pw-greeting)").last()).toHaveText(
    `Shop helper: ${UNAVAILABLE_REPLY}`,
    {
      timeout: scaled(20_000),
    },
  );
  await visitor.context().close();
});
