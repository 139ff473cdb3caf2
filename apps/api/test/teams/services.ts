import type { DbDriver } from "@parley/db";
import type { Browser } from "../../../auth/test/browser";
import { signUpVerified } from "../../../auth/test/flows";
import {
  AUTH_URL,
  type TestApp as AuthTestApp,
  createTestApp as createAuthTestApp,
} from "../../../auth/test/harness";
import { type SmtpCatcher, startSmtpCatcher } from "../../../auth/test/smtp";
import { createTestApp, freePort, type TestApp } from "../harness";

export const SECRET = "test-auth-events-secret-0123456789abcdef";

/**
 * Both services, for real, talking HTTP to each other: the auth service (better-auth with the
 * organization plugin) listens on 127.0.0.1 for the API's JWKS and membership calls, the API
 * listens for the auth service's seat questions and audit events, and mail goes to a real SMTP
 * catcher. Browsers drive the auth host like the auth UI and web app do.
 */
export interface Services {
  auth: AuthTestApp;
  api: TestApp;
  smtp: SmtpCatcher;
  close(): Promise<void>;
}

export async function startServices(
  driver: DbDriver,
  /** More API settings (e.g. `{ TEST_CLOCK: "true" }`). */
  apiEnv: Record<string, string> = {},
  /** More auth service settings (e.g. `{ PLATFORM_ADMIN_EMAILS: "…" }`). */
  authEnv: Record<string, string> = {},
): Promise<Services> {
  const smtp = await startSmtpCatcher();
  const authPort = await freePort();
  const apiPort = await freePort();
  const api = await createTestApp(
    driver,
    {
      // Tokens name the public auth URL as issuer; the API fetches keys and asks about members
      // at the address it really listens on.
      AUTH_URL,
      AUTH_INTERNAL_URL: `http://127.0.0.1:${authPort}`,
      AUTH_EVENTS_SECRET: SECRET,
      ...apiEnv,
    },
    { listen: true, port: apiPort },
  );
  const auth = await createAuthTestApp(driver, {
    env: { SMTP_URL: smtp.url, API_URL: api.url, AUTH_EVENTS_SECRET: SECRET, ...authEnv },
    outbox: { pollIntervalMs: 100, baseDelayMs: 50 },
  });
  await auth.app.listen({ host: "127.0.0.1", port: authPort });
  return {
    auth,
    api,
    smtp,
    async close() {
      await auth.close();
      await api.close();
      await smtp.close();
    },
  };
}

export interface Person {
  browser: Browser;
  email: string;
  userId: string;
  /** A fresh access token for the session's active workspace. */
  token(): Promise<string>;
}

export async function signUp(s: Services, email?: string): Promise<Person> {
  const { browser, email: address, userId } = await signUpVerified(s.auth, s.smtp, email);
  return { browser, email: address, userId, token: () => tokenOf(browser) };
}

export async function tokenOf(browser: Browser): Promise<string> {
  const res = await browser.get("/token");
  if (res.status !== 200) throw new Error(`/token answered ${res.status}: ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** An API call with a bearer token, over real HTTP. */
export async function callApi(
  s: Services,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  json: Record<string, unknown> & { error?: { code: string; message: string } };
}> {
  const res = await fetch(`${s.api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}
