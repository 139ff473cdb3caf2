import { describe, expect, it } from "vitest";
import { ar } from "./i18n/ar";
import { en } from "./i18n/en";
import { language, serverText, setLanguage, t, wantedLanguage } from "./lang";

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Enough of a document for setLanguage: the <html> element's lang and dir. */
const fakeDocument = () => ({ documentElement: { lang: "", dir: "" } }) as unknown as Document;

describe("widget catalogs", () => {
  it("have the same keys in English and Arabic, none empty", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(ar)) expect(text.trim(), key).not.toBe("");
  });

  it("fill the same slots in both languages", () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(slots(ar[key]), key).toEqual(slots(en[key]));
    }
  });

  it("write Arabic in Arabic (no English sentence left untranslated)", () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter(
      (k) => ar[k] === en[k] && /[A-Za-z]{3}/.test(en[k].replace(/\{\w+\}/g, "")),
    );
    // The e-mail placeholder is an address, the same in every language.
    expect(same).toEqual(["emailPlaceholder"]);
  });
});

describe("wantedLanguage", () => {
  it("takes ?lang= first (embed.js passes the site's data-lang or the launcher's choice)", () => {
    expect(wantedLanguage("?lang=ar", ["en-US"])).toBe("ar");
    expect(wantedLanguage("?lang=en", ["ar-BH"])).toBe("en");
    expect(wantedLanguage("?lang=AR-bh", [])).toBe("ar");
  });

  it("else the first browser language it knows, else English", () => {
    expect(wantedLanguage("", ["ar-BH", "en"])).toBe("ar");
    expect(wantedLanguage("", ["fr-FR", "ar", "en"])).toBe("ar");
    expect(wantedLanguage("", ["fr-FR", "de"])).toBe("en");
    expect(wantedLanguage("", [])).toBe("en");
  });

  it("takes the language picked on Parley's own pages (parley_lang cookie) before the browser's", () => {
    expect(wantedLanguage("", ["en-US"], "a=1; parley_lang=ar; b=2")).toBe("ar");
    expect(wantedLanguage("?lang=en", ["ar"], "parley_lang=ar")).toBe("en");
    expect(wantedLanguage("", ["ar"], "parley_lang=fr")).toBe("ar");
    expect(wantedLanguage("", ["ar"], "xparley_lang=en")).toBe("ar");
  });

  it("ignores a ?lang= it does not speak, and hostile values", () => {
    expect(wantedLanguage("?lang=fr", ["ar"])).toBe("ar");
    expect(wantedLanguage("?lang=%3Cscript%3E", ["en"])).toBe("en");
    expect(wantedLanguage(`?lang=${"a".repeat(10_000)}`, ["ar"])).toBe("ar");
  });
});

describe("setLanguage and t", () => {
  it("switches the catalog and sets lang and dir on <html>", async () => {
    const doc = fakeDocument();
    await setLanguage("ar", doc);
    expect(language()).toBe("ar");
    expect(doc.documentElement.dir).toBe("rtl");
    expect(doc.documentElement.lang).toBe("ar");
    expect(t("sendMessage")).toBe(ar.sendMessage);
    // Names and addresses are isolated inside an Arabic sentence.
    expect(t("leadThanks", { email: "ana@example.com" })).toBe(
      "شكرًا لك! سنتواصل معك على \u2068ana@example.com\u2069.",
    );
    // The server's English is not shown to an Arabic reader: its code picks our text.
    expect(serverText("CONFLICT", "This conversation has reached its length limit.")).toBe(
      ar.conversationFull,
    );
    expect(serverText("INTERNAL", "Sorry…", "answerFailed")).toBe(ar.answerFailed);
    // Live chat's refusals keep their own meaning (not "does not collect contact details").
    expect(serverText("FORBIDDEN", "This chat does not offer a person to talk to.")).toBe(ar.noPerson);
    expect(serverText("FORBIDDEN", "This chat does not collect contact details")).toBe(ar.noLeads);
    expect(
      serverText(
        "RATE_LIMITED",
        "You have asked for a person several times. Please wait for the team to reply.",
      ),
    ).toBe(ar.askedTooOften);
    expect(serverText("RATE_LIMITED", "Too many open chat windows. Close one and try again.")).toBe(
      ar.tooManyWindows,
    );

    await setLanguage("en", doc);
    expect(doc.documentElement.dir).toBe("ltr");
    expect(t("leadThanksNamed", { name: "Ana", email: "ana@example.com" })).toBe(
      "Thanks, Ana! We'll get back to you at ana@example.com.",
    );
    expect(serverText("CONFLICT", "As the server said.")).toBe("As the server said.");
    expect(t("counter", { n: "1,900", max: "2,000" })).toBe("1,900 / 2,000");
  });
});
