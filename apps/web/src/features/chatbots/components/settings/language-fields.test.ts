import { DEFAULT_BOT_TEXTS, defaultFallbackReply } from "@parley/contracts";
import { createI18n } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { SettingsFormValues } from "../../settings-form";
import { LanguagesSection } from "./LanguageFields";

// A bot that speaks English by default and Arabic too: both columns, side by side.
const values = {
  defaultLanguage: "en",
  bilingual: true,
  other: {
    greeting: "مرحبًا",
    questions: "هل توصلون؟",
    fallbackReply: "عذرًا",
    launcherText: "تحدث معنا",
    bubbleText: "",
    handoffReply: "سأحوّلك إلى الفريق",
    offHoursReply: "نحن مغلقون الآن",
  },
  greeting: "Hello",
  suggestedQuestions: [{ value: "Do you deliver?" }],
  fallbackReply: "Sorry",
  launcherText: "Chat with us",
  bubbleText: "",
  handoffReply: "Connecting you to the team",
  offHoursReply: "We're closed now",
} as unknown as SettingsFormValues;

function Host({ children, with: given }: { children?: ReactNode; with: SettingsFormValues }) {
  const form = useForm<SettingsFormValues>({ defaultValues: given });
  return createElement(FormProvider<SettingsFormValues>, { ...form, children });
}

async function render(given: SettingsFormValues = values, language: "en" | "ar" = "en"): Promise<string> {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(Host, { with: given }, createElement(LanguagesSection)),
    }),
  );
}

/** The text React renders for `s` (apostrophes and quotes escaped). */
const escaped = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("the Languages section, both languages on", () => {
  it("edits each language's seven texts in its own direction, with the contract's limits", async () => {
    const html = await render();
    const fields = [...html.matchAll(/<(input|textarea)\b[^>]*>/g)].map((m) => m[0]);
    const ofLanguage = (lang: string) => fields.filter((f) => f.includes(`lang="${lang}"`));
    expect(ofLanguage("en")).toHaveLength(7);
    expect(ofLanguage("ar")).toHaveLength(7);
    for (const f of ofLanguage("ar")) expect(f).toContain('dir="rtl"');
    for (const f of ofLanguage("en")) expect(f).toContain('dir="ltr"');
    const limits = (lang: string) => ofLanguage(lang).map((f) => Number(/maxLength="(\d+)"/i.exec(f)?.[1]));
    // Greeting, questions, fallback reply, launcher text, greeting bubble, then live chat's reply
    // when a person is asked for and outside office hours: the same in both columns.
    expect(limits("en")).toEqual([500, 1300, 1000, 40, 140, 500, 500]);
    expect(limits("ar")).toEqual([500, 1300, 1000, 40, 140, 500, 500]);
    // The default column is controlled (its fields also show in other sections): its values render.
    expect(html).toContain("Hello");
    expect(html).toContain("Chat with us");
    expect(html).toContain("Connecting you to the team");
    expect(html).toContain("Reply when a person is asked for");
    expect(html).toContain("Reply outside office hours");
    // Every field has its own label.
    const ids = [...ofLanguage("en"), ...ofLanguage("ar")].map((f) => /id="([^"]+)"/.exec(f)?.[1]);
    expect(new Set(ids).size).toBe(14);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
  });
});

describe("the fallback reply's default, matched to what the bot offers", () => {
  // The old default (it asked for an e-mail) in English, the new one in Arabic; live chat on, no form.
  const atDefaults = {
    ...values,
    fallbackReply:
      "I'm sorry, I don't have an answer to that yet. Could you rephrase, or leave your e-mail so our team can get back to you?",
    other: {
      ...(values as unknown as { other: object }).other,
      fallbackReply: DEFAULT_BOT_TEXTS.ar.fallbackReply,
    },
    leadCapture: false,
    handoffEnabled: true,
  } as unknown as SettingsFormValues;
  const offers = { leadCapture: false, liveChat: true };

  it("says, under each column's default reply, what the bot says instead (in English and Arabic)", async () => {
    for (const ui of ["en", "ar"] as const) {
      const html = await render(atDefaults, ui);
      const note = ui === "en" ? "This is the default reply" : "هذا هو الرد الافتراضي";
      expect(html.split(note)).toHaveLength(3); // once per column
      expect(html).toContain(`<q lang="en" dir="ltr">${escaped(defaultFallbackReply("en", offers))}</q>`);
      expect(html).toContain(`<q lang="ar" dir="rtl">${escaped(defaultFallbackReply("ar", offers))}</q>`);
      // …and as the placeholder of the fields, should they be emptied.
      expect(html).toContain(`placeholder="${escaped(defaultFallbackReply("ar", offers))}"`);
    }
  });

  it("says nothing over an owner's own words (hostile: a default with a word added)", async () => {
    const own = {
      ...atDefaults,
      fallbackReply: `${defaultFallbackReply("en", offers)} Thanks!`,
      other: { ...(atDefaults as unknown as { other: object }).other, fallbackReply: "عذرًا، لا أعرف." },
    } as unknown as SettingsFormValues;
    const html = await render(own);
    expect(html).not.toContain("This is the default reply");
    expect(html).not.toContain("<q ");
  });
});
