import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Shell } from "./components/Shell";
import { SocialButtons } from "./components/SocialButtons";
import { ErrorPage } from "./pages/ErrorPage";
import { ForgotPasswordPage } from "./pages/ForgotPassword";
import { ResetPasswordPage } from "./pages/ResetPassword";
import { SignUpPage } from "./pages/SignUp";
import { InvalidPlatformPage, NotFoundPage, PlatformUnavailablePage } from "./pages/StatusPages";
import { VerifiedPage } from "./pages/Verified";
import type { Platform } from "./responses";

const platform: Platform = {
  id: "parley",
  name: "Parley",
  callbackURL: "http://app.parley.test/auth/callback",
  socialProviders: ["google", "github"],
};

const WEB = "http://app.parley.test";
type Frame = Parameters<typeof Shell>[0];

async function render(language: Language, page: ReactNode): Promise<string> {
  const i18n = await createI18n(language);
  const html = renderToStaticMarkup(
    h(
      LanguageProvider,
      { i18n } as Parameters<typeof LanguageProvider>[0],
      // The pages' links are react-router links: they need a router above them.
      h(MemoryRouter, null, h(Shell, { webUrl: WEB } as Frame, page)),
    ),
  );
  // react-router's lazy-discovery attribute is no part of what these tests read.
  return html.replaceAll(' data-discover="true"', "");
}

const pages: [string, ReactNode][] = [
  ["sign-up", h(SignUpPage, { platform })],
  ["forgot", h(ForgotPasswordPage, { platform, search: "?email=a@b.co" })],
  ["reset form", h(ResetPasswordPage, { platform, search: "?token=abc" })],
  ["reset link error", h(ResetPasswordPage, { platform, search: "?error=INVALID_TOKEN" })],
  ["verify error", h(VerifiedPage, { platform, search: "?error=token_expired" })],
  [
    "oauth error",
    h(ErrorPage, { platformId: "parley", search: "?error=state_not_found", webUrl: "http://x.test" }),
  ],
  ["invalid platform", h(InvalidPlatformPage, { platformId: "nope", webUrl: "http://x.test" })],
  ["unavailable", h(PlatformUnavailablePage, { failure: { kind: "network" }, onRetry: () => {} })],
  ["not found", h(NotFoundPage, { platformId: "parley" })],
  [
    "social buttons",
    h(SocialButtons, { providers: ["google", "github"], pending: null, disabled: false, onSelect: () => {} }),
  ],
];

/** Visible text and text attributes, without markup. */
function words(html: string): string {
  const attributes = [...html.matchAll(/(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]);
  return `${html.replace(/<[^>]+>/g, " ")} ${attributes.join(" ")}`;
}

describe("the sign-in app's pages", () => {
  it.each(pages)("renders %s in English as before", async (_name, page) => {
    const html = await render("en", page);
    expect(html).toContain("AI chatbots that know your business.");
    expect(html).toContain("Terms &amp; Conditions");
    expect(html).toContain('aria-label="Switch to العربية"');
  });

  it.each(pages)("renders %s in Arabic with no English left", async (_name, page) => {
    const text = words(await render("ar", page));
    expect(text).toMatch(/[\u0600-\u06FF]/);
    // Latin that may remain: brands, the product, e-mail addresses, codes and ids shown for support.
    const latin = text
      .replace(/\S+@\S+|https?:\/\/\S+/g, " ")
      .replace(/\b(Parley|English|Google|GitHub|token_expired|state_not_found|invalid_token|nope)\b/g, " ")
      .match(/[A-Za-z]{2,}/g);
    expect(latin ?? []).toEqual([]);
  });

  it("keeps the English sentences with links and e-mails word for word", async () => {
    const forgotHtml = await render("en", h(ForgotPasswordPage, { platform, search: "" }));
    expect(words(forgotHtml).replace(/\s+/g, " ")).toContain("Remembered it? Back to sign in");
    // The link wraps its words (a `<link>` tag in a catalog would be read as an empty void element).
    expect(forgotHtml).toContain('Remembered it? <a href="/auth?platform=parley">Back to sign in</a>');
    const error = await render(
      "en",
      h(ErrorPage, { platformId: "parley", search: "?error=no_such", webUrl: "http://x.test" }),
    );
    expect(words(error).replace(/\s+/g, " ")).toContain(
      "Still stuck? Contact support and mention the code below.",
    );
    expect(error).toContain('<a href="http://x.test/contact">Contact support</a>');
    expect(words(error).replace(/\s+/g, " ")).toContain("Error code: no_such");
    const signUp = words(await render("en", h(SignUpPage, { platform }))).replace(/\s+/g, " ");
    expect(signUp).toContain("Already have an account? Sign in");
    const social = await render(
      "en",
      h(SocialButtons, { providers: ["google"], pending: null, disabled: false, onSelect: () => {} }),
    );
    expect(words(social).replace(/\s+/g, " ")).toContain("Continue with Google");
    const arabicSignUp = await render("ar", h(SignUpPage, { platform }));
    expect(arabicSignUp).toContain('لديك حساب بالفعل؟ <a href="/auth?platform=parley">سجّل الدخول</a>');
    expect(arabicSignUp).toContain('data-testid="language-switch">English</button>');
    expect(signUp).toContain("Use 8 to 128 characters.");
  });
});
