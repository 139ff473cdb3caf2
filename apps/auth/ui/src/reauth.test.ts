import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SignInForm } from "./pages/SignIn";
import type { Platform } from "./responses";

// `?reauth=1` with a session (the operator's console's step-up): the signed-in account's password
// again, its address fixed, so the platform gets a new session with a fresh sign-in time.

const platform: Platform = {
  id: "parley",
  name: "Parley",
  callbackURL: "http://app.parley.test/auth/callback",
  socialProviders: [],
};

async function render(language: Language, confirming: boolean) {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(
    h(
      LanguageProvider,
      { i18n } as Parameters<typeof LanguageProvider>[0],
      h(
        MemoryRouter,
        null,
        h(SignInForm, {
          platform,
          initialEmail: "ops@parley.test",
          invitation: { status: "none" },
          invitationId: null,
          ...(confirming ? { confirming: { onSwitch: () => undefined } } : {}),
        } as Parameters<typeof SignInForm>[0]),
      ),
    ),
  );
}

const words = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("signing in again to confirm it's you", () => {
  it("asks the signed-in account's password, its address fixed, without remember-me or sign-up", async () => {
    const html = await render("en", true);
    expect(words(html)).toContain("Confirm it&#x27;s you");
    expect(words(html)).toContain("For your security, enter your password again to continue to Parley.");
    expect(html).toMatch(/<input[^>]*type="email"[^>]*readonly[^>]*value="ops@parley.test"/i);
    expect(html).toMatch(
      /<input[^>]*type="password"[^>]*autofocus|<input[^>]*autofocus[^>]*type="password"/i,
    );
    expect(words(html)).toContain("Confirm and continue");
    expect(words(html)).toContain("Use a different account");
    expect(html).not.toContain("Remember me");
    expect(html).not.toContain("Create an account");
  });

  it("reads in Arabic", async () => {
    const text = words(await render("ar", true));
    expect(text).toContain("أكِّد هويتك");
    expect(text).toContain("تأكيد ومتابعة");
    expect(text).toContain("استخدام حساب آخر");
  });

  it("leaves the ordinary sign-in form as it was", async () => {
    const html = await render("en", false);
    expect(words(html)).toContain("Sign in");
    expect(html).toContain("Remember me");
    expect(html).not.toMatch(/readonly/i);
    expect(html).not.toContain("Confirm it");
  });
});
