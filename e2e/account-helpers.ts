import { mkdirSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { AUTH, createVerifiedAccount, signInOnAuthPage, uniqueEmail, WEB } from "./identity-helpers";
import { scaled } from "./slowness";

export const PASSWORD = "correct horse battery 42";

export interface Account {
  email: string;
  password: string;
  /** Calls the API as this user (a Bearer access token from the auth service, like the app's). */
  api<T = unknown>(method: string, apiPath: string, data?: unknown): Promise<T>;
}

/** A verified account with an API client of its own (the request context keeps its own cookies). */
export async function newAccount(
  request: APIRequestContext,
  name: string,
  emailName?: string,
): Promise<Account> {
  // An Arabic name makes no e-mail address: the caller then names the mailbox.
  const email = uniqueEmail(emailName ?? name.toLowerCase().split(" ")[0] ?? "user");
  await createVerifiedAccount(request, { name, email, password: PASSWORD });
  const signIn = await request.post(`${AUTH}/sign-in/email`, {
    headers: { origin: AUTH },
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const tokenRes = await request.get(`${AUTH}/token`, { headers: { origin: AUTH } });
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true);
  const { token } = (await tokenRes.json()) as { token: string };
  return {
    email,
    password: PASSWORD,
    async api<T>(method: string, apiPath: string, data?: unknown) {
      const res = await request.fetch(`${WEB}/api${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      expect(res.ok(), `${method} ${apiPath}: ${await res.text()}`).toBe(true);
      return (res.status() === 204 ? undefined : await res.json()) as T;
    },
  };
}

/**
 * Approves a sandbox payment on the gateway's hosted page and waits for where the browser comes to
 * rest: the app's result page ("You're on Pro") when signed in, the sign-in page when not (the app
 * sends a signed-out browser on at once). Only leaving the gateway is not enough: a navigation
 * made then would race the app's own (seen on a slow machine: "interrupted by another navigation").
 */
export async function approveSandboxPayment(page: Page, amount = "BHD\u00a025.000", plan = "Pro") {
  await page.getByRole("button", { name: `Approve ${amount}` }).click();
  await expect(page).not.toHaveURL(/sandbox-gateway/);
  await expect(
    page
      .getByRole("heading", { level: 1, name: `You're on ${plan}` })
      .or(page.getByLabel("Email", { exact: true })),
  ).toBeVisible();
}

/** Opens `target` signed out, signs in on the auth app and waits to be back on `target`. */
export async function signInTo(page: Page, account: Account, target: string): Promise<void> {
  // The page left open (say, the app after a payment, its cookies just cleared) could still send
  // the browser somewhere mid-way: a blank page first runs no script of ours. The signed-out app
  // then sends the browser on to the auth app at once, sometimes before `target`'s own load
  // event: wait only for the response, then for the sign-in page.
  await page.goto("about:blank");
  await page.goto(target, { waitUntil: "commit" });
  await signInOnAuthPage(page, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`), { timeout: scaled(20_000) });
}

/**
 * Saves a viewport screenshot for the visual check: into E2E_SCREENSHOTS when set (a folder
 * kept after the run), else beside the test's other output.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  // On CI nobody looks at them and the clone is thrown away: drawing and encoding ~250 PNGs cost
  // the journeys minutes of a two-core machine (and a full-page one once hung for 200 s). They are
  // taken on a developer's run, and on CI when E2E_SCREENSHOTS names a folder to keep them in.
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  const dir = process.env.E2E_SCREENSHOTS ?? test.info().outputPath("screens");
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  const file = `${name}-${size?.width ?? 0}x${size?.height ?? 0}${options.fullPage ? "-full" : ""}.png`;
  await page.screenshot({ path: path.join(dir, file), fullPage: options.fullPage ?? false });
}

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 664 },
] as const;

/** True when the element's centre is on screen and it is the topmost thing there (not covered). */
export async function isReachable(page: Page, selector: Locator): Promise<boolean> {
  const box = await selector.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (x < 0 || y < 0 || x > size.width || y > size.height) return false;
  return selector.evaluate(
    (el, [px, py]) => {
      const top = document.elementFromPoint(px ?? 0, py ?? 0);
      return top !== null && (top === el || el.contains(top));
    },
    [x, y],
  );
}
