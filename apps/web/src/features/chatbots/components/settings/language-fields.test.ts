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

function Host({ children }: { children: ReactNode }) {
  const form = useForm<SettingsFormValues>({ defaultValues: values });
  return createElement(FormProvider<SettingsFormValues>, { ...form, children });
}

async function render(): Promise<string> {
  const i18n = await createI18n("en");
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(Host, null, createElement(LanguagesSection)),
    }),
  );
}

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
