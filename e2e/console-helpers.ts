import { type APIRequestContext, expect } from "@playwright/test";
import type { Account } from "./account-helpers";
import { PASSWORD } from "./account-helpers";
import { AUTH, createVerifiedAccount, WEB } from "./identity-helpers";

/**
 * The operator of the console journeys: scripts/e2e-server.mjs lists this address in the auth
 * service's PLATFORM_ADMIN_EMAILS, so it is a platform admin from its first sign-in. One account
 * for every journey (a server left running between runs already has it).
 */
export const OPERATOR_EMAIL = process.env.E2E_OPERATOR_EMAIL ?? "console.operator@example.com";

/** The operator's account, made once per data directory; signed in afresh (a new step-up window). */
export async function operatorAccount(request: APIRequestContext): Promise<Account> {
  const signIn = () =>
    request.post(`${AUTH}/sign-in/email`, {
      headers: { origin: AUTH },
      data: { email: OPERATOR_EMAIL, password: PASSWORD },
    });
  let signedIn = await signIn();
  if (!signedIn.ok()) {
    // Two journeys at once may both create it: one of them wins, the other signs in.
    await createVerifiedAccount(request, {
      name: "عمر المشغّل",
      email: OPERATOR_EMAIL,
      password: PASSWORD,
    }).catch(() => undefined);
    signedIn = await signIn();
  }
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const tokenRes = await request.get(`${AUTH}/token`, { headers: { origin: AUTH } });
  const { token } = (await tokenRes.json()) as { token: string };
  return {
    email: OPERATOR_EMAIL,
    password: PASSWORD,
    async api<T>(method: string, apiPath: string, data?: unknown) {
      const res = await request.fetch(`${WEB}/api${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      expect(res.ok(), `${method} ${apiPath}: ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}
