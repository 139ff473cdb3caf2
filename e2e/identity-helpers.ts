import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { scaled } from "./slowness";

// The services scripts/e2e-server.mjs starts next to the API.
const port = Number(process.env.E2E_PORT ?? 3100);
export const WEB = `http://127.0.0.1:${port}`;
export const AUTH = `http://127.0.0.1:${process.env.E2E_AUTH_PORT ?? port + 1}`;
export const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? port + 2}/messages`;

export const SIGN_IN_PAGE = new RegExp(`^${AUTH.replace(/[.]/g, "\\.")}/auth\\?platform=parley`);

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/** A fresh address per test, so runs never collide on one auth database. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Waits until the SMTP capture server has a mail to `to` whose subject matches. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as CapturedMail[];
        found = mails.find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: scaled(15_000) },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

export function verificationLink(mail: CapturedMail): string {
  const link = mail.links.find((l) => l.includes("/verify-email?"));
  if (!link) throw new Error(`no verification link in: ${mail.text}`);
  return link;
}

/**
 * Creates an account on the auth service and verifies it through the e-mailed link, without
 * touching the browser's cookies (the request context has its own jar).
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  { name, email, password }: { name: string; email: string; password: string },
): Promise<void> {
  const signUp = await request.post(`${AUTH}/sign-up/email`, {
    headers: { origin: AUTH },
    data: { name, email, password, callbackURL: "/auth/verified?platform=parley" },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const mail = await waitForMail(request, email, /verify/i);
  const verify = await request.get(verificationLink(mail), { maxRedirects: 0 });
  expect(verify.status(), "the verification link redirects to the verified page").toBe(302);
  expect(verify.headers().location).toContain("/auth/verified");
}

/** On the auth app's sign-in page: fill in and submit. */
export async function signInOnAuthPage(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(SIGN_IN_PAGE);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}
