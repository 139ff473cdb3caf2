import { expect } from "vitest";
import { Browser } from "./browser";
import type { TestApp } from "./harness";
import type { SmtpCatcher } from "./smtp";

let counter = 0;
/** A fresh address per call, so tests in one suite never collide. */
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = "correct horse battery";

/** Signs up, follows the verification link from the real mail, and returns the signed-in browser. */
export async function signUpVerified(
  t: TestApp,
  smtp: SmtpCatcher,
  email = uniqueEmail(),
  password = PASSWORD,
  /** More sign-up fields, e.g. `{ locale: "ar" }` (the mail's subject then is Arabic). */
  extra: Record<string, unknown> = {},
): Promise<{ browser: Browser; email: string; userId: string }> {
  const browser = new Browser(() => t.app);
  const since = smtp.mails.length;
  const res = await browser.post("/sign-up/email", { email, password, name: "Test User", ...extra });
  expect(res.status, res.body).toBe(200);
  const userId = res.json<{ user: { id: string } }>().user.id;
  const mail = await smtp.waitFor(email, /Verify your e-mail|تأكيد بريدك الإلكتروني/, { since });
  const link = mail.links[0];
  if (!link) throw new Error("verification mail without a link");
  const verified = await browser.get(link);
  expect(verified.status).toBe(302);
  expect(browser.sessionToken()).toBeTruthy();
  return { browser, email, userId };
}
