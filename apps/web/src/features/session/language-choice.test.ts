import { resolveLanguage } from "@parley/ui/i18n/languages";
import { describe, expect, it } from "vitest";
import {
  chosenByQuery,
  languageToApply,
  localeOfToken,
  savedLanguage,
  shouldSaveChoice,
} from "./language-choice";

/** A JWT-shaped string with this payload (unsigned: only the claims are read). */
function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  return `${encode({ alg: "EdDSA" })}.${encode(claims)}.signature`;
}

/** The whole order: the page's starting language (main.tsx), then the saved choice on top. */
function signedInLanguage(sources: {
  search?: string;
  saved?: string | null;
  cookie?: string;
  browser?: readonly string[];
}) {
  const initial = resolveLanguage({
    search: sources.search,
    cookie: sources.cookie,
    browser: sources.browser,
  });
  const apply = languageToApply({
    current: initial.language,
    saved: savedLanguage(sources.saved),
    openedWithQuery: initial.source === "query",
  });
  return apply ?? initial.language;
}

describe("which language a signed-in page shows", () => {
  it("query > saved > cookie > browser > English", () => {
    const all = { search: "?lang=en", saved: "ar", cookie: "parley_lang=en", browser: ["en-GB"] };
    expect(signedInLanguage(all)).toBe("en");
    expect(signedInLanguage({ ...all, search: "?lang=ar", saved: "en" })).toBe("ar");
    expect(signedInLanguage({ ...all, search: "" })).toBe("ar");
    expect(signedInLanguage({ ...all, search: "", saved: "en", cookie: "parley_lang=ar" })).toBe("en");
    expect(signedInLanguage({ ...all, search: "", saved: null, cookie: "parley_lang=ar" })).toBe("ar");
    expect(signedInLanguage({ search: "", saved: null, cookie: "", browser: ["ar-BH", "en"] })).toBe("ar");
    expect(signedInLanguage({ browser: ["fr-FR"] })).toBe("en");
  });

  it("ignores a saved value it does not know, and a ?lang= it does not speak", () => {
    expect(signedInLanguage({ saved: "fr", cookie: "parley_lang=ar" })).toBe("ar");
    expect(signedInLanguage({ saved: "AR", cookie: "parley_lang=en" })).toBe("en");
    expect(signedInLanguage({ search: "?lang=fr", saved: "ar", cookie: "parley_lang=en" })).toBe("ar");
  });

  it("switches only when the saved choice differs and no ?lang= chose", () => {
    expect(languageToApply({ current: "en", saved: "ar", openedWithQuery: false })).toBe("ar");
    expect(languageToApply({ current: "ar", saved: "ar", openedWithQuery: false })).toBeNull();
    expect(languageToApply({ current: "en", saved: "ar", openedWithQuery: true })).toBeNull();
    expect(languageToApply({ current: "ar", saved: null, openedWithQuery: false })).toBeNull();
    expect(languageToApply({ current: "ar", saved: undefined, openedWithQuery: false })).toBeNull();
  });
});

describe("saved-language readers", () => {
  it("accepts exactly en and ar", () => {
    expect(savedLanguage("ar")).toBe("ar");
    expect(savedLanguage("en")).toBe("en");
    for (const value of ["ar-BH", "AR", "", " ar", null, undefined, 1, ["ar"], { ar: 1 }]) {
      expect(savedLanguage(value)).toBeNull();
    }
  });

  it("reads the token's locale claim, and nothing from a token without one or a broken token", () => {
    expect(localeOfToken(tokenWith({ sub: "u1", locale: "ar", name: "هدى" }))).toBe("ar");
    expect(localeOfToken(tokenWith({ sub: "u1", locale: "en" }))).toBe("en");
    expect(localeOfToken(tokenWith({ sub: "u1" }))).toBeNull();
    expect(localeOfToken(tokenWith({ sub: "u1", locale: "xx" }))).toBeNull();
    expect(localeOfToken("not-a-jwt")).toBeNull();
    expect(localeOfToken("a.%%%.c")).toBeNull();
    expect(localeOfToken(null)).toBeNull();
  });

  it("tells a language-choosing address from others", () => {
    expect(chosenByQuery("?lang=ar")).toBe(true);
    expect(chosenByQuery("", "?tab=x&lang=en")).toBe(true);
    expect(chosenByQuery("?lang=fr", "", undefined)).toBe(false);
  });

  it("does not write the saved choice back", () => {
    expect(shouldSaveChoice("ar", "ar")).toBe(false);
    expect(shouldSaveChoice("ar", "en")).toBe(true);
    expect(shouldSaveChoice("en", null)).toBe(true);
  });
});
