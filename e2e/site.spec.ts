import { expect, test } from "@playwright/test";
import { arText } from "./arabic-helpers";
import {
  AUTH,
  createVerifiedAccount,
  SIGN_IN_PAGE,
  signInOnAuthPage,
  uniqueEmail,
  WEB,
} from "./identity-helpers";
import { scaled } from "./slowness";

test("the mobile menu opens, closes with Escape and returns focus", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(menu).toBeHidden();
});

test("Start free opens the sign-up form (Sign in opens sign-in), in English and in Arabic", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Start free" }).click();
  await expect(page).toHaveURL(`${AUTH}/auth/sign-up?platform=parley`);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.goto("/pricing?lang=ar");
  await page
    .getByRole("banner")
    .getByRole("link", { name: arText("site:header.startFree") })
    .click();
  await expect(page).toHaveURL(`${AUTH}/auth/sign-up?platform=parley`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^(Sign in|تسجيل الدخول)$/ })
    .click();
  await expect(page).toHaveURL(SIGN_IN_PAGE);
});

test("the contact form validates, sends, and shows the receipt", async ({ page }) => {
  await page.goto("/contact?topic=sales");
  await expect(page).toHaveTitle("Contact · Parley");
  await expect(page.getByLabel("Topic")).toHaveValue("sales");

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Work email").fill("ada@example.com");
  await page.getByRole("textbox", { name: /^Company/ }).fill("Analytical Engines W.L.L.");
  await page
    .getByLabel("Message")
    .fill("We'd like a chatbot for our delivery questions in Arabic and English.");
  await page.getByRole("button", { name: "Send message" }).click();

  const receipt = page.getByRole("status").filter({ hasText: "Message sent" });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText("Thanks, Ada Lovelace.");
  await expect(receipt).toContainText(/ctc_/);
});

test("the contact form shows the server's refusal once this address has sent too many", async ({
  page,
  request,
}, testInfo) => {
  // This test's own client address (the e2e server trusts 127.0.0.1 as its proxy): its budget is
  // spent for real through the API, then the form gets the limiter's answer.
  const client = { "x-forwarded-for": `203.0.113.${10 + testInfo.retry}` };
  const message = { name: "Ada", email: "ada@example.com", message: "Hello, I have a question about plans." };
  let status = 0;
  for (let i = 0; i < 20 && status !== 429; i++) {
    status = (await request.post("/api/contact", { headers: client, data: message })).status();
  }
  expect(status).toBe(429);

  await page.setExtraHTTPHeaders(client);
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ada");
  await page.getByLabel("Work email").fill("ada@example.com");
  await page.getByLabel("Message").fill("Hello, I have a question about plans.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Too many messages from your network. Please try again later.",
  );
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
});

test("widget chat pages stand alone, without the site header", async ({ page }) => {
  // The chat page (its own light entry) for a bot that does not exist or is not published.
  await page.goto("/widget/chat/cb_demo123");
  await expect(page.getByRole("heading", { level: 1, name: "This chat is not available" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);

  await page.goto("/widget/chat");
  await expect(
    page.getByRole("heading", { level: 1, name: "This chat link is missing its chatbot id" }),
  ).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("FAQ answers open and deep links land on them", async ({ page }) => {
  await page.goto("/faq#data-retention");
  await expect(page).toHaveTitle("FAQ · Parley");
  const trigger = page.getByRole("button", { name: "How long do you keep conversations?" });
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("data-retention setting in days")).toBeVisible();

  const upgrades = page.getByRole("button", { name: "When does an upgrade take effect?" });
  await expect(upgrades).toHaveAttribute("aria-expanded", "false");
  await upgrades.click();
  await expect(page.getByText("a new billing period starts from that moment")).toBeVisible();
});

test("signed out, an unknown path goes to sign-in like every non-public route; signed in, it is the app's Page not found", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  // Spec §2: every route that is not public requires sign-in, unknown ones included.
  await page.goto("/settings-xyz?tab=a#b", { waitUntil: "commit" });
  await expect(page).toHaveURL(SIGN_IN_PAGE);
  await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);

  // After signing in, the visitor is back where they were going, inside the app.
  const email = uniqueEmail("lost");
  const password = "a long enough password";
  await createVerifiedAccount(request, { name: "Lost Visitor", email, password });
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/settings-xyz\?tab=a#b$/, { timeout: scaled(15_000) });
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(main.getByText("/settings-xyz")).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Parley");
  await main.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("signed out, a path with encoded slashes is remembered as a path of this site, never another host", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  // Decoded, "/%2F%2Fevil.example/x" would read "//evil.example/x": another host. It must stay a path here.
  await page.goto("/%2F%2Fevil.example/x", { waitUntil: "commit" });
  await expect(page).toHaveURL(SIGN_IN_PAGE);
  const email = uniqueEmail("offsite");
  const password = "a long enough password";
  await createVerifiedAccount(request, { name: "Off Site", email, password });
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(`${WEB}/%2F%2Fevil.example/x`, { timeout: scaled(15_000) });
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: "Page not found" }),
  ).toBeVisible();
});
