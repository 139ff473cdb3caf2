import { describe, expect, it } from "vitest";
import ar from "../locales/ar/index";
import server from "../locales/ar/server";
import en from "../locales/en/index";
import { PLURAL_SUFFIXES } from "../locales/types";
import { createI18n, NAMESPACES } from "./index";
import { serverCatalog } from "./server-catalog";

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf key as a dotted path, and its text. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of leaves(value, full)) out.set(k, v);
  }
  return out;
}

const pluralOf = (key: string) => PLURAL_SUFFIXES.find((s) => key.endsWith(s));
const baseOf = (key: string) => {
  const suffix = pluralOf(key);
  return suffix ? key.slice(0, -suffix.length) : key;
};
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe("catalogs", () => {
  it("registers every namespace in both languages", () => {
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(ar).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const enKeys = leaves(en[ns] as Tree);
      const arKeys = leaves(ar[ns] as Tree);

      it("has no key in one language that the other lacks", () => {
        const enBases = new Set([...enKeys.keys()].map(baseOf));
        const arBases = new Set([...arKeys.keys()].map(baseOf));
        expect(
          [...enBases].filter((k) => !arBases.has(k)),
          "missing in Arabic",
        ).toEqual([]);
        expect(
          [...arBases].filter((k) => !enBases.has(k)),
          "missing in English",
        ).toEqual([]);
      });

      it("writes English plurals as one/other and Arabic plurals in all six forms", () => {
        const pluralBases = new Set([...enKeys.keys()].filter(pluralOf).map(baseOf));
        for (const base of pluralBases) {
          expect(enKeys.has(`${base}_one`) && enKeys.has(`${base}_other`), `${ns}:${base} (en)`).toBe(true);
          for (const suffix of PLURAL_SUFFIXES)
            expect(arKeys.has(`${base}${suffix}`), `${ns}:${base}${suffix} (ar)`).toBe(true);
        }
      });

      it("keeps the same placeholders and leaves no text empty", () => {
        for (const [key, text] of arKeys) {
          expect(text.trim(), `${ns}:${key} (ar) is empty`).not.toBe("");
          const enText = enKeys.get(key) ?? enKeys.get(`${baseOf(key)}_other`) ?? "";
          // Arabic plural forms may drop {{count}} (the word says it: "دقيقتان"), and the one and
          // two forms the formatted count passed beside it ({{value}}, {{n}}): "عضوان", not
          // "2 عضوان". Nothing else.
          const said = (p: string | undefined) =>
            Boolean(pluralOf(key)) &&
            (p === "count" || (/_(one|two)$/.test(key) && (p === "value" || p === "n")));
          const wanted = placeholders(enText).filter((p) => !said(p));
          const got = placeholders(text).filter((p) => !said(p));
          expect(got, `${ns}:${key} placeholders`).toEqual(wanted);
        }
        for (const [key, text] of enKeys) expect(text.trim(), `${ns}:${key} (en) is empty`).not.toBe("");
      });

      it("names no <Trans> tag after a void HTML element (react-i18next would render it empty)", () => {
        const voidTag = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
        const bad = [...enKeys, ...arKeys].filter(([, text]) => voidTag.test(text)).map(([k]) => k);
        expect(bad).toEqual([]);
      });

      it("writes Arabic in Arabic script", () => {
        const latinOnly = [...arKeys].filter(([, text]) => {
          const withoutTokens = text.replace(/\{\{[^}]*\}\}|<[^>]+>|https?:\/\/\S+|\S+@\S+/g, "");
          return /[A-Za-z]{3}/.test(withoutTokens) && !/[\u0600-\u06FF]/.test(withoutTokens);
        });
        // Brand and product names alone are allowed ("Parley", "BENEFIT", "Mastercard").
        const names =
          /^(Parley|BENEFIT|Mastercard|Visa|English|JSON|CSV|PDF|DOCX|Markdown|TXT|BHD|OK|[A-Z]{2,})$/;
        expect(latinOnly.filter(([, t]) => !names.test(t.trim())).map(([k]) => k)).toEqual([]);
      });
    });
  }

  it("translates every server message code into Arabic, with the same placeholders", () => {
    // Issue #32: the Arabic is found by the message's code, so every code needs an entry (the
    // compiler checks the keys too: `Record<ServerMessageKey, string>`), and no entry is orphaned.
    const codes = Object.keys(serverCatalog);
    const arabicByCode = server as Record<string, string>;
    expect(
      codes.filter((code) => !Object.hasOwn(arabicByCode, code)),
      "codes with no Arabic",
    ).toEqual([]);
    expect(
      Object.keys(arabicByCode).filter((code) => !Object.hasOwn(serverCatalog, code)),
      "orphans",
    ).toEqual([]);
    for (const [code, english] of Object.entries(serverCatalog)) {
      const arabic = arabicByCode[code] ?? "";
      expect(arabic.trim(), code).not.toBe("");
      expect(arabic, code).toMatch(/[\u0600-\u06FF]/);
      expect(placeholders(arabic), code).toEqual(placeholders(english));
    }
  });

  it("gives server messages stable, readable codes and one code per English text", () => {
    for (const code of Object.keys(serverCatalog))
      expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
    const english = Object.values(serverCatalog) as string[];
    expect(english.length).toBe(new Set(english).size);
  });

  it("plural forms follow Intl.PluralRules in Arabic (six forms)", async () => {
    const forms = new Set([0, 1, 2, 3, 11, 100].map((n) => new Intl.PluralRules("ar").select(n)));
    expect(forms).toEqual(new Set(["zero", "one", "two", "few", "many", "other"]));
    const i18n = await createI18n("ar");
    i18n.addResourceBundle("ar", "test", {
      n_zero: "لا شيء",
      n_one: "واحد",
      n_two: "اثنان",
      n_few: "{{count}} قليلة",
      n_many: "{{count}} كثيرة",
      n_other: "{{count}} أخرى",
    });
    // biome-ignore lint/suspicious/noExplicitAny: an ad-hoc namespace outside the typed catalog
    const t = i18n.getFixedT("ar", "test" as any) as (k: string, o: object) => string;
    expect([0, 1, 2, 3, 11, 100].map((count) => t("n", { count }))).toEqual([
      "لا شيء",
      "واحد",
      "اثنان",
      "3 قليلة",
      "11 كثيرة",
      "100 أخرى",
    ]);
  });
});
