import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatSince, localeOf } from "./format";
import { directionOf, languageCookie, languageFromCookie, resolveLanguage, toLanguage } from "./languages";
// The English catalog, registered as the Arabic table's loader registers it in the app.
import "./server-keys";
import { lookupServerMessage, matchServerMessage } from "./server-match";
import { serverMessageFor } from "./server-messages";

describe("which language a page speaks", () => {
  it("takes ?lang= first, then the saved choice, then the cookie, then the browser", () => {
    const all = { search: "?lang=ar", saved: "en", cookie: "a=1; parley_lang=en", browser: ["en-US"] };
    expect(resolveLanguage(all)).toEqual({ language: "ar", source: "query" });
    expect(resolveLanguage({ ...all, search: "" })).toEqual({ language: "en", source: "saved" });
    expect(resolveLanguage({ ...all, search: "", saved: null, cookie: "parley_lang=ar" })).toEqual({
      language: "ar",
      source: "cookie",
    });
    expect(resolveLanguage({ browser: ["fr-FR", "ar-BH", "en"] })).toEqual({
      language: "ar",
      source: "browser",
    });
    expect(resolveLanguage({})).toEqual({ language: "en", source: "default" });
  });

  it("ignores languages it does not speak and hostile values", () => {
    expect(
      resolveLanguage({ search: "?lang=fr", cookie: "parley_lang=<script>", browser: ["de"] }).language,
    ).toBe("en");
    expect(resolveLanguage({ search: "?lang=ar%00", saved: "x".repeat(10_000) }).source).toBe("default");
    expect(toLanguage("AR_sa")).toBe("ar");
    expect(toLanguage("arabic")).toBeNull();
    expect(languageFromCookie("xparley_lang=ar")).toBeNull();
    // A malformed value does not throw (it would blank the page as it starts).
    expect(languageFromCookie("parley_lang=%E0%A4%A")).toBeNull();
  });

  it("sets a cookie both apps read, for a year", () => {
    const cookie = languageCookie("ar", true);
    expect(cookie).toMatch(/^parley_lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
    expect(languageFromCookie(cookie.split(";")[0])).toBe("ar");
  });

  it("writes Arabic right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("formats", () => {
  it("dates follow the language on the Gregorian calendar with Western digits", () => {
    const d = new Date("2026-11-25T12:00:00Z");
    expect(formatDate("en", d, "date", { timeZone: "UTC" })).toBe("Nov 25, 2026");
    const ar = formatDate("ar", d, "date", { timeZone: "UTC" });
    expect(ar).toContain("2026");
    expect(ar).toContain("25");
    expect(ar).toMatch(/نوفمبر/);
    expect(localeOf("ar")).toContain("ca-gregory");
    expect(formatNumber("ar", 12345.5)).toBe("12,345.5");
  });

  it("relative times in both languages", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(formatSince("en", now - 3 * 60_000, now)).toBe("3 minutes ago");
    expect(formatSince("ar", now - 3 * 60_000, now)).toMatch(/دقائق/);
  });
});

describe("server messages", () => {
  // A catalog and a translation by the same codes (issue #32: words by key, not by English).
  const english = {
    "chatbot.notFound": "Chatbot not found",
    "plan.upTo": "Up to {{max}} chatbots on your plan",
  };
  const table = {
    "chatbot.notFound": "لم يُعثر على الروبوت",
    "plan.upTo": "حتى {{max}} روبوتات في باقتك",
  };

  it("finds an English message's code and values (exact messages, then templates)", () => {
    expect(matchServerMessage("Chatbot not found", english)).toEqual({ messageKey: "chatbot.notFound" });
    expect(matchServerMessage("Up to 5 chatbots on your plan", english)).toEqual({
      messageKey: "plan.upTo",
      values: { max: "5" },
    });
    expect(matchServerMessage("Something else", english)).toBeNull();
  });

  it("translates by the English (a message sent without its code), carrying values", () => {
    expect(lookupServerMessage(table, "Chatbot not found", english)).toBe("لم يُعثر على الروبوت");
    expect(lookupServerMessage(table, "Up to 5 chatbots on your plan", english)).toBe(
      "حتى 5 روبوتات في باقتك",
    );
    expect(lookupServerMessage(table, "Something else", english)).toBeNull();
  });

  it("never shows English to an Arabic reader, and the server's text to an English one", () => {
    expect(serverMessageFor("ar", "Something else", table, "رسالة الرمز")).toBe("رسالة الرمز");
    expect(serverMessageFor("en", "Something else", table, "code message")).toBe("Something else");
    expect(serverMessageFor("en", undefined, table, "code message")).toBe("code message");
  });

  it("treats template text as text, not a pattern", () => {
    const en = { "cost.is": "Cost (BHD) is {{n}}." };
    const t = { "cost.is": "التكلفة {{n}}." };
    expect(lookupServerMessage(t, "Cost (BHD) is 5.", en)).toBe("التكلفة 5.");
    expect(lookupServerMessage(t, "Cost xBHDx is 5x", en)).toBeNull();
  });
});
