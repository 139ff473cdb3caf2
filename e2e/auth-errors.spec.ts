import { expect, test } from "@playwright/test";
import { describeOAuthErrorInEnglish as describeOAuthError } from "../apps/auth/ui/src/english";
import { screenshot, VIEWPORTS } from "./account-helpers";
import { AUTH } from "./identity-helpers";
import { scaled } from "./slowness";

// A failed social sign-in lands on better-auth's GET /error?error=<code>. The auth app must show
// its own page for every code of the spec's OAuth catalogue (§8): a human title and message and
// a way back to sign-in, never better-auth's stock page (with its "Ask AI" button and its link to
// better-auth.com).

const SPEC_OAUTH_CODES = [
  "invalid_callback_request",
  "state_not_found",
  "please_restart_the_process",
  "no_code",
  "oauth_provider_not_found",
  "invalid_code",
  "unable_to_get_user_info",
  "no_callback_url",
  "unable_to_link_account",
  "email_doesn't_match",
  "account_already_linked_to_different_user",
  "email_not_found",
  "internal_server_error",
  "account_not_linked",
  "signup_disabled",
  "unable_to_create_user",
  "unable_to_create_session",
];
const GENERIC_TITLE = "We couldn't sign you in";

test("every OAuth error code of the spec gets our own page with a human message and a way back", async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  for (const code of SPEC_OAUTH_CODES) {
    await page.goto(`${AUTH}/error?error=${encodeURIComponent(code)}`);
    await expect(page).toHaveURL(new RegExp(`^${AUTH.replace(/[.]/g, "\\.")}/auth/error\\?`));
    const text = describeOAuthError(code);
    // A message written for this code, not the fallback for unknown codes.
    expect(text.title, code).not.toBe(GENERIC_TITLE);
    await expect(page.getByRole("heading", { name: text.title }), code).toBeVisible();
    await expect(page.getByText(text.message), code).toBeVisible();
    await expect(page.getByText(`Error code: ${text.code}`)).toBeVisible();
    const back = page.getByRole("link", { name: "Back to sign in" });
    await expect(back).toHaveAttribute("href", "/auth?platform=parley");
    await expect(page.getByText("Ask AI")).toHaveCount(0);
    await expect(page.locator('a[href*="better-auth.com"]')).toHaveCount(0);
    await expect(page).toHaveTitle(`${text.title} · Parley`);
  }

  // The way back works.
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(`${AUTH}/auth?platform=parley`);
  await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
});

test("the error page and its favicon at desktop and phone sizes; an unknown code stays calm", async ({
  page,
  request,
}) => {
  const icon = await request.get(`${AUTH}/favicon.ico`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/vnd.microsoft.icon");
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await page.goto(`${AUTH}/auth?platform=parley`);
  const links = await page
    .locator('link[rel="icon"]')
    .evaluateAll((els) => els.map((el) => (el as HTMLLinkElement).href));
  expect(links).toContain(`${AUTH}/auth/favicon.ico`);
  for (const href of links) expect((await request.get(href)).status(), href).toBe(200);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(`${AUTH}/error?error=state_not_found`);
    await expect(page.getByRole("heading", { name: "Your sign-in session has expired" })).toBeVisible();
    await screenshot(page, "auth-error");
  }

  // A code outside the catalogue, and a description someone typed into the address bar.
  await page.goto(
    `${AUTH}/error?error=totally_new&error_description=${encodeURIComponent("Call +1 555 0100")}`,
  );
  await expect(page.getByRole("heading", { name: GENERIC_TITLE })).toBeVisible();
  await expect(page.getByText("Call +1 555 0100")).toHaveCount(0);
});
