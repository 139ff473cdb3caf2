import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { user, verification } from "../src/db/schema";
import { Browser } from "./browser";
import { PASSWORD, signUpVerified, uniqueEmail } from "./flows";
import { AUTH_URL, createTestApp, type TestApp, testDrivers } from "./harness";
import { type OidcProvider, type OidcUser, startOidcProvider } from "./oidc";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp";

let seq = 0;
const person = (over: Partial<OidcUser> = {}): OidcUser => {
  seq += 1;
  return {
    oid: `oid-${seq}-${Date.now()}`,
    email: uniqueEmail("ms"),
    name: `MS User ${seq}`,
    emailVerified: true,
    ...over,
  };
};

describe.each(testDrivers("either"))(
  "social sign-in through a local OpenID Connect provider on %s",
  (driver) => {
    let t: TestApp;
    let smtp: SmtpCatcher;
    let idp: OidcProvider;
    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      idp = await startOidcProvider();
      t = await createTestApp(driver, { env: { SMTP_URL: smtp.url, ...idp.env() } });
    });
    afterAll(async () => {
      await t?.close();
      await idp?.close();
      await smtp?.close();
    });

    /** POST /sign-in/social (or /link-social), then what the browser does at the provider and back. */
    async function roundTrip(
      browser: Browser,
      path: "/sign-in/social" | "/link-social",
      body: Record<string, unknown>,
    ) {
      const start = await browser.post(path, { provider: "microsoft", ...body });
      expect(start.status, start.body).toBe(200);
      const { url, redirect } = start.json<{ url: string; redirect: boolean }>();
      expect(redirect).toBe(true);
      const back = await idp.authorize(url);
      return { authorizeUrl: new URL(url), callback: await browser.get(back) };
    }

    it("signs in end to end: PKCE + 32-character state kept 10 minutes, deleted after use", async () => {
      const who = person();
      idp.signInAs(who);
      const browser = new Browser(() => t.app);
      const start = await browser.post("/sign-in/social", {
        provider: "microsoft",
        callbackURL: "/auth?platform=parley&continue=1",
        errorCallbackURL: "/auth/error?platform=parley",
      });
      const { url } = start.json<{ url: string }>();
      expect(start.headers.location).toBe(url);
      // The browser keeps the state cookie exactly as long as the server keeps the state.
      const stateCookie = Browser.setCookie(start, "better-auth.state") ?? "";
      expect(stateCookie).toMatch(/; Max-Age=600(;|$)/);
      expect(stateCookie).toMatch(/; HttpOnly(;|$)/);
      expect(stateCookie).toMatch(/; SameSite=Lax(;|$)/i);
      const authorize = new URL(url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        `${idp.authority}/${idp.tenant}/oauth2/v2.0/authorize`,
      );
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${AUTH_URL}/callback/microsoft`);
      expect(authorize.searchParams.get("client_id")).toBe(idp.clientId);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      const state = authorize.searchParams.get("state") ?? "";
      expect(state).toHaveLength(32);
      const [stored] = await t.db.db
        .select()
        .from(verification)
        .where(like(verification.identifier, `%${state}%`));
      expect(stored).toBeDefined();
      const ttl = (stored?.expiresAt.getTime() ?? 0) - Date.now();
      expect(ttl).toBeGreaterThan(590_000);
      expect(ttl).toBeLessThanOrEqual(600_000);
      expect(JSON.parse(stored?.value ?? "{}").codeVerifier).toHaveLength(128);

      const back = await idp.authorize(url);
      expect(back.startsWith(`${AUTH_URL}/callback/microsoft?code=`)).toBe(true);
      const callback = await browser.get(back);
      expect(callback.status).toBe(302);
      expect(callback.location).toBe("/auth?platform=parley&continue=1");
      // Used: the cookie is deleted along with the stored state.
      expect(Browser.setCookie(callback, "better-auth.state")).toMatch(
        /^better-auth\.state=; .*Max-Age=0(;|$)/,
      );
      expect(browser.cookies.has("better-auth.state")).toBe(false);
      expect(
        await t.db.db
          .select()
          .from(verification)
          .where(like(verification.identifier, `%${state}%`)),
      ).toHaveLength(0);

      const session = (await browser.get("/get-session")).json<{
        user: { email: string; emailVerified: boolean };
      }>();
      expect(session.user).toMatchObject({ email: who.email, emailVerified: true, name: who.name });
      const accounts = (await browser.get("/list-accounts")).json<Record<string, unknown>[]>();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ providerId: "microsoft", accountId: who.oid });
      expect(accounts[0]?.scopes).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
      expect(Object.keys(accounts[0] ?? {})).toEqual(
        expect.arrayContaining(["id", "providerId", "createdAt", "updatedAt", "accountId", "scopes"]),
      );

      // The same callback again: its state is gone.
      const replay = await new Browser(() => t.app).get(back);
      expect(replay.status).toBe(302);
      expect(new URL(replay.location ?? "", AUTH_URL).searchParams.get("error")).toBe(
        "please_restart_the_process",
      );
    });

    describe("the state's 10 minutes", () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      /** Starts a sign-in, lets `elapsedMs` pass on the clock, then comes back from the provider. */
      async function finishAfter(elapsedMs: number) {
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
        idp.signInAs(person());
        const browser = new Browser(() => t.app);
        const start = await browser.post("/sign-in/social", {
          provider: "microsoft",
          callbackURL: "/auth?platform=parley&continue=1",
        });
        const back = await idp.authorize(start.json<{ url: string }>().url);
        vi.setSystemTime(Date.now() + elapsedMs);
        const callback = await browser.get(back);
        return { callback, browser };
      }

      it("a sign-in finished after 9 minutes still works (the cookie has not expired first)", async () => {
        const { callback, browser } = await finishAfter(9 * 60_000);
        expect(callback.status).toBe(302);
        expect(callback.location).toBe("/auth?platform=parley&continue=1");
        expect(browser.sessionToken()).toBeTruthy();
      });

      it("a sign-in finished after 10 minutes has to start again", async () => {
        const { callback, browser } = await finishAfter(10 * 60_000 + 1_000);
        expect(callback.status).toBe(302);
        expect(new URL(callback.location ?? "", AUTH_URL).searchParams.get("error")).toBe(
          "please_restart_the_process",
        );
        expect(browser.sessionToken()).toBeUndefined();
      });
    });

    it("sends broken callbacks to the error page with the spec's codes", async () => {
      const noState = await new Browser(() => t.app).get("/callback/microsoft?code=abc");
      expect(noState.status).toBe(302);
      expect(noState.location).toBe(`${AUTH_URL}/auth/error?error=state_not_found`);

      const unknown = await new Browser(() => t.app).get("/callback/microsoft?code=abc&state=nope");
      expect(unknown.location).toBe(`${AUTH_URL}/auth/error?error=please_restart_the_process`);

      // The provider refuses (user cancelled): back to the flow's errorCallbackURL.
      idp.signInAs(person());
      const browser = new Browser(() => t.app);
      const start = await browser.post("/sign-in/social", {
        provider: "microsoft",
        errorCallbackURL: "/auth/error?platform=parley",
      });
      const state = new URL(start.json<{ url: string }>().url).searchParams.get("state") ?? "";
      const denied = await browser.get(
        `/callback/microsoft?error=access_denied&error_description=cancelled&state=${state}`,
      );
      expect(denied.status).toBe(302);
      expect(denied.location).toBe(
        "/auth/error?platform=parley&error=access_denied&error_description=cancelled",
      );

      // A code the provider will not exchange.
      idp.failNextTokenCall();
      const retry = new Browser(() => t.app);
      const { callback } = await roundTrip(retry, "/sign-in/social", { errorCallbackURL: "/auth/error" });
      expect(callback.location).toBe("/auth/error?error=invalid_code");

      // The OAuth POST callback (form_post providers) redirects to the GET form.
      const posted = await new Browser(() => t.app).postForm("/callback/microsoft", {
        code: "abc",
        state: "nope",
      });
      expect(posted.status).toBe(302);
      expect(posted.location).toBe(`${AUTH_URL}/callback/microsoft?code=abc&state=nope`);
    });

    it("links a provider account to an e-mail/password user, then unlinks it; the last account stays", async () => {
      const { browser, email } = await signUpVerified(t, smtp);
      const who = person({ email });
      idp.signInAs(who);
      const { callback } = await roundTrip(browser, "/link-social", { callbackURL: "/auth/linked" });
      expect(callback.status).toBe(302);
      expect(callback.location).toBe("/auth/linked");

      const accounts = (await browser.get("/list-accounts")).json<
        { id: string; providerId: string; accountId: string }[]
      >();
      expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "microsoft"]);

      // Signing in with the provider now lands on the same user.
      const viaProvider = new Browser(() => t.app);
      await roundTrip(viaProvider, "/sign-in/social", { callbackURL: "/auth" });
      expect((await viaProvider.get("/get-session")).json()).toMatchObject({ user: { email } });

      // Spec shape {providerId}; better-auth 1.7's own shape {accountId} works too.
      const unlinked = await browser.post("/unlink-account", { providerId: "microsoft" });
      expect(unlinked.status, unlinked.body).toBe(200);
      expect(unlinked.json()).toEqual({ status: true });
      const left = (await browser.get("/list-accounts")).json<{ id: string; providerId: string }[]>();
      expect(left.map((a) => a.providerId)).toEqual(["credential"]);

      const last = await browser.post("/unlink-account", { accountId: left[0]?.id });
      expect(last.status).toBe(400);
      expect(last.json()).toEqual({
        code: "FAILED_TO_UNLINK_LAST_ACCOUNT",
        message: "You can't unlink your last account",
      });
      const lastBySpecShape = await browser.post("/unlink-account", { providerId: "credential" });
      expect(lastBySpecShape.status).toBe(400);
      expect(
        await new Browser(() => t.app).post("/sign-in/email", { email, password: PASSWORD }),
      ).toMatchObject({
        status: 200,
      });
    });

    it("refuses to link an account with a different e-mail (email_doesn't_match)", async () => {
      const { browser } = await signUpVerified(t, smtp);
      idp.signInAs(person());
      const { callback } = await roundTrip(browser, "/link-social", {
        callbackURL: "/auth/linked",
        errorCallbackURL: "/auth/error",
      });
      expect(callback.status).toBe(302);
      expect(callback.location).toBe("/auth/error?error=email_doesn%27t_match");
      const accounts = (await browser.get("/list-accounts")).json<unknown[]>();
      expect(accounts).toHaveLength(1);
    });

    it("needs a session for list-accounts, link-social and unlink-account", async () => {
      const anon = new Browser(() => t.app);
      expect((await anon.get("/list-accounts")).status).toBe(401);
      expect((await anon.post("/link-social", { provider: "microsoft" })).status).toBe(401);
      expect((await anon.post("/unlink-account", { providerId: "microsoft" })).status).toBe(401);
    });

    it("gives the provider tokens back: get-access-token, refresh-token, account-info (both shapes)", async () => {
      const who = person();
      idp.signInAs(who);
      const browser = new Browser(() => t.app);
      await roundTrip(browser, "/sign-in/social", { callbackURL: "/auth" });
      const [account] = (await browser.get("/list-accounts")).json<{ id: string; accountId: string }[]>();
      if (!account) throw new Error("no account");

      const bySpec = await browser.post("/get-access-token", { providerId: "microsoft" });
      expect(bySpec.status, bySpec.body).toBe(200);
      const accessToken = bySpec.json<{ accessToken: string }>().accessToken;
      expect(accessToken.split(".")).toHaveLength(3);
      const byId = await browser.post("/get-access-token", { accountId: account.id });
      expect(byId.json()).toMatchObject({ accessToken });

      const calls = idp.tokenCalls;
      const refreshed = await browser.post("/refresh-token", { providerId: "microsoft", accountId: who.oid });
      expect(refreshed.status, refreshed.body).toBe(200);
      expect(idp.tokenCalls).toBe(calls + 1);
      const body = refreshed.json<{
        accessToken: string;
        refreshToken: string;
        providerId: string;
        accountId: string;
      }>();
      expect(body).toMatchObject({ providerId: "microsoft", accountId: account.id });
      expect(body.accessToken).not.toBe(accessToken);

      idp.failNextTokenCall();
      const failed = await browser.post("/refresh-token", { providerId: "microsoft" });
      expect(failed.status).toBe(400);
      expect(failed.json()).toMatchObject({ message: "Failed to refresh access token" });

      const infoPost = await browser.post("/account-info", { accountId: account.id });
      expect(infoPost.status, infoPost.body).toBe(200);
      expect(infoPost.json()).toMatchObject({
        user: { email: who.email, name: who.name, emailVerified: true },
        account: { id: account.id, providerId: "microsoft", accountId: who.oid },
      });
      const infoByProviderAccountId = await browser.post("/account-info", { accountId: who.oid });
      expect(infoByProviderAccountId.json()).toMatchObject({ account: { id: account.id } });
      const crossSite = await browser.post(
        "/account-info",
        { accountId: account.id },
        { origin: "https://evil.example" },
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.json()).toEqual({ code: "INVALID_ORIGIN", message: "Invalid origin" });
      const infoGet = await browser.get(`/account-info?accountId=${account.id}`);
      expect(infoGet.json()).toMatchObject({ user: { email: who.email } });

      const missing = await browser.post("/get-access-token", { providerId: "github" });
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({ message: "Account not found" });
      const anonymous = await new Browser(() => t.app).post("/get-access-token", { providerId: "microsoft" });
      expect(anonymous.status).toBe(401);
    });

    it("signs in with a provider ID token (native apps); refuses a forged one", async () => {
      const who = person();
      const token = await idp.idToken(who);
      const browser = new Browser(() => t.app);
      const res = await browser.post("/sign-in/social", { provider: "microsoft", idToken: { token } });
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toMatchObject({ redirect: false, user: { email: who.email } });
      expect(browser.sessionToken()).toBeTruthy();

      const wrongAudience = await idp.idToken(person(), { aud: "someone-else" });
      const refused = await new Browser(() => t.app).post("/sign-in/social", {
        provider: "microsoft",
        idToken: { token: wrongAudience },
      });
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
    });

    it("changes an unverified address at once and mails a verification link to the new one", async () => {
      const who = person({ emailVerified: false });
      idp.signInAs(who);
      const browser = new Browser(() => t.app);
      await roundTrip(browser, "/sign-in/social", { callbackURL: "/auth" });
      const me = (await browser.get("/get-session")).json<{ user: { id: string; emailVerified: boolean } }>();
      expect(me.user.emailVerified).toBe(false);

      const newEmail = uniqueEmail("direct");
      // The sign-up's own verification mail (to the old address) is out before we start counting.
      await t.app.parley.background.settled();
      const since = smtp.mails.length;
      const res = await browser.post("/change-email", { newEmail, callbackURL: "/auth/verified" });
      expect(res.status).toBe(200);
      const [row] = await t.db.db.select().from(user).where(eq(user.id, me.user.id));
      expect(row).toMatchObject({ email: newEmail, emailVerified: false });
      const mail = await smtp.waitFor(newEmail, /Verify your e-mail/, { since });
      // The old address gets nothing (spec §4 mails only the new one).
      await t.app.parley.background.settled();
      expect(smtp.mails.slice(since).some((m) => m.to.includes(who.email.toLowerCase()))).toBe(false);
      await browser.get(mail.links[0] ?? "");
      const [after] = await t.db.db.select().from(user).where(eq(user.id, me.user.id));
      expect(after).toMatchObject({ email: newEmail, emailVerified: true });
    });

    it("lists the enabled provider for the UI", async () => {
      const res = await new Browser(() => t.app).get("/platforms/parley");
      expect(res.json()).toMatchObject({ socialProviders: ["microsoft"] });
    });
  },
);
