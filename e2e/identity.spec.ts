import { expect, test } from "@playwright/test";
import {
  AUTH,
  createVerifiedAccount,
  MAILBOX,
  SIGN_IN_PAGE,
  signInOnAuthPage,
  uniqueEmail,
  verificationLink,
  waitForMail,
} from "./identity-helpers";
import { scaled } from "./slowness";

// Identity end to end against the real services (scripts/e2e-server.mjs): the auth service with
// its hosted UI, a real SMTP listener, and the API serving the built SPA.

test("sign up, verify by e-mail, sign in through the splash to the dashboard, and sign out", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const email = uniqueEmail("ada");
  const password = "correct horse battery 42";

  // A protected route sends a signed-out browser to the auth app, for this platform.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(SIGN_IN_PAGE);

  // Sign up on the auth app.
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The verification mail reached the SMTP listener; its link verifies the address. It is opened
  // outside this browser so the sign-in below goes through the sign-in form.
  const mail = await waitForMail(request, email, /verify/i);
  expect(mail.to).toEqual([email]);
  const verified = await request.get(verificationLink(mail), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers().location).not.toContain("error=");

  // Sign in with the form.
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await signInOnAuthPage(page, email, password);

  // The callback shows the splash and holds it for the 2-second post-login gate…
  await page.waitForURL(/\/auth\/callback/);
  await expect(page.getByRole("status").filter({ hasText: "Signing you in" })).toBeVisible();
  // …with the session token already gone from the address bar.
  await expect(page).toHaveURL(/\/auth\/callback$/);

  // …then lands where the visitor was going: the dashboard.
  await expect(page.getByRole("heading", { level: 1, name: /, Ada$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Same document since the callback loaded: at least 2 s passed before content showed.
  expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(2_000);

  // The dashboard loaded from the API with the bearer token: plan, usage and the checklist.
  const plan = page.getByRole("region", { name: "Current plan" });
  await expect(plan).toContainText("Free");
  await expect(plan.getByRole("link", { name: "Manage billing" })).toHaveAttribute("href", "/billing");
  const usage = page.getByRole("region", { name: "Usage" });
  await expect(usage.getByRole("progressbar", { name: "Chatbots" })).toBeVisible();
  await expect(usage.getByRole("progressbar", { name: "Messages this month" })).toBeVisible();
  const start = page.getByRole("region", { name: "Get started" });
  await expect(start.getByRole("listitem").filter({ hasText: "Verify your email address" })).toContainText(
    "(done)",
  );

  // The access token is stored as the spec says.
  const tokenCookie = (await context.cookies()).find((c) => c.name === "accessToken");
  expect(tokenCookie).toMatchObject({ path: "/", sameSite: "Lax", httpOnly: false });
  expect(tokenCookie?.value.split(".")).toHaveLength(3);
  expect(tokenCookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 600);

  // A callback link whose token is not this browser's session is refused.
  await page.goto("/auth/callback?token=not-my-session&email=ada@example.com");
  await expect(
    page.getByRole("heading", { name: "This sign-in link doesn't match your session" }),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: /, Ada$/ })).toBeVisible();

  // Sign out through the confirmation dialog.
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sign Out" });
  await expect(dialog).toContainText(
    "Are you sure you want to sign out? You will need to sign in again to access your account.",
  );
  // Cancel keeps the session.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByRole("alertdialog", { name: "Sign Out" }).getByRole("button", { name: "Sign Out" }).click();

  await page.waitForURL(/127\.0\.0\.1:\d+\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "AI chatbots that answer from your own knowledge" }),
  ).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "accessToken")).toBeUndefined();

  // Signed out everywhere: a protected route goes back to the auth app, which asks to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(SIGN_IN_PAGE);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  const session = await page.request.get(`${AUTH}/get-session`);
  expect(await session.json()).toBeNull();
});

test("the callback explains a bad or incomplete sign-in link", async ({ page }) => {
  await page.goto("/auth/callback?token=bogus-token&email=nobody@example.com");
  await expect(page.getByRole("heading", { name: "We couldn't confirm your sign-in" })).toBeVisible();
  const back = page.getByRole("link", { name: "Back to sign in" });
  await expect(back).toHaveAttribute("href", `${AUTH}/auth?platform=parley`);

  await page.goto("/auth/callback");
  await expect(page.getByRole("heading", { name: "This sign-in link is incomplete" })).toBeVisible();

  await back.click();
  await expect(page).toHaveURL(SIGN_IN_PAGE);
});

test("the support form sends a request from the signed-in account", async ({ page, request }) => {
  test.setTimeout(scaled(60_000));
  const email = uniqueEmail("grace");
  const password = "a long enough password";
  await createVerifiedAccount(request, { name: "Grace Hopper", email, password });

  // Visiting /support signed out, signing in, and landing back on /support.
  await page.goto("/support?topic=billing");
  await signInOnAuthPage(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible({
    timeout: scaled(15_000),
  });
  await expect(page).toHaveURL(/\/support\?topic=billing$/);

  await expect(page.getByLabel("Name")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Reply to")).toHaveValue(email);

  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Please write at least 10 characters")).toBeVisible();

  await page.getByLabel("Topic").selectOption("billing");
  await page.getByLabel("Message").fill("Our invoice for last month shows the wrong company name.");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/support") && r.method() === "POST");
  await page.getByRole("button", { name: "Send request" }).click();
  const supportRequest = await sent;
  expect(supportRequest.headers().authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(supportRequest.postDataJSON()).toMatchObject({ topic: "billing", email, name: "Grace Hopper" });

  const receipt = page.getByRole("status").filter({ hasText: "Request received" });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(
    `Thanks, Grace Hopper. We have your message and will reply to ${email}`,
  );
  await expect(receipt.getByRole("code")).toHaveText(/^ctc_/);
});

test("changing a verified e-mail: the link goes to the new address, and the account page says it changed", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const email = uniqueEmail("mover");
  const newEmail = uniqueEmail("moved");
  const password = "a long enough password";
  await createVerifiedAccount(request, { name: "Mo Ver", email, password });
  await page.goto("/account", { waitUntil: "commit" });
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/account$/, { timeout: scaled(15_000) });

  await page.getByLabel("New email").fill(newEmail);
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox." })).toContainText(
    `We sent a link to ${newEmail}. Your email changes when you open it; until then, you sign in with ${email}.`,
  );
  // Spec §4: the new address verifies the change; the current one is not asked.
  const mail = await waitForMail(request, newEmail, /Confirm your new e-mail address for Parley/);
  const old = await (await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`)).json();
  expect((old as { subject: string }[]).map((m) => m.subject)).toEqual([
    "Verify your e-mail address for Parley",
  ]);

  await page.goto(verificationLink(mail));
  await expect(page).toHaveURL(/\/account$/, { timeout: scaled(15_000) });
  await expect(page.getByRole("status").filter({ hasText: "Your email is now" })).toContainText(
    `Your email is now ${newEmail}.`,
  );
  await expect(page.locator(".settings-current-value")).toContainText(newEmail);

  // The spent link, opened again: the page says so and nothing changes.
  await page.goto(verificationLink(mail));
  await expect(page.getByRole("alert")).toContainText("That link no longer works");
  await expect(page.locator(".settings-current-value")).toContainText(newEmail);
});
