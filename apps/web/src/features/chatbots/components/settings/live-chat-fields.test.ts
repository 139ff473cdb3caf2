import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { SettingsFormValues } from "../../settings-form";
import { LiveChatSection } from "./LiveChatFields";

const open = (from = "09:00", to = "17:00") => ({ open: true, from, to });
const closed = { open: false, from: "09:00", to: "17:00" };

// Live chat on, office hours in Bahrain, Sunday to Thursday; an English-only bot.
const values = {
  handoffEnabled: true,
  handoffHours: "hours",
  handoffTimeZone: "Asia/Bahrain",
  handoffDays: [open(), open(), open(), open(), open("10:00", "14:00"), closed, closed],
  handoffReply: "Connecting you to the team",
  offHoursReply: "We're closed now",
  bilingual: false,
} as unknown as SettingsFormValues;

function Host({ children, overrides }: { children?: ReactNode; overrides: Partial<SettingsFormValues> }) {
  const form = useForm<SettingsFormValues>({ defaultValues: { ...values, ...overrides } });
  return createElement(FormProvider<SettingsFormValues>, { ...form, children });
}

async function render(language: Language = "en", overrides: Partial<SettingsFormValues> = {}) {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(Host, { overrides }, createElement(LiveChatSection)),
    }),
  );
}

const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);

describe("the Live chat section", () => {
  it("has a labelled switch, the office-hours choice, a time zone and each weekday in order", async () => {
    const html = await render();
    expect(html).toContain("Live chat");
    const [toggle] = tags(html, "input").filter((t) => t.includes('role="switch"'));
    expect(toggle).toBeDefined();
    const toggleId = /id="([^"]+)"/.exec(toggle ?? "")?.[1];
    expect(html).toMatch(new RegExp(`for="${toggleId}"[^>]*>Let visitors talk to a person`));

    // Fieldsets with legends: when someone can answer, and the week.
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>When someone can answer<\/legend>/);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Office hours<\/legend>/);
    const radios = tags(html, "input").filter((t) => t.includes('type="radio"'));
    expect(radios.map((r) => /value="([^"]+)"/.exec(r)?.[1])).toEqual(["always", "hours"]);

    // The time zone: a labelled select, the Gulf zones offered first, the stored one selected.
    expect(html).toContain('for="settings-handoffTimeZone"');
    const select =
      /<select[^>]*id="settings-handoffTimeZone"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    for (const zone of [
      "Asia/Bahrain",
      "Asia/Riyadh",
      "Asia/Dubai",
      "Asia/Kuwait",
      "Asia/Qatar",
      "Africa/Cairo",
      "Europe/London",
      "UTC",
    ])
      expect(select).toContain(`value="${zone}"`);
    expect(select).toMatch(/<option value="Asia\/Bahrain">Asia\/Bahrain \(GMT\+3\)<\/option>/);

    // Sunday first; each open day has two labelled times, each closed day says so.
    const names = [...html.matchAll(/<label class="week-day-name"><input[^>]*>([^<]+)<\/label>/g)].map(
      (m) => m[1],
    );
    expect(names).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    const times = tags(html, "input").filter((t) => t.includes('type="time"'));
    expect(times).toHaveLength(10);
    expect(times[0]).toContain('aria-label="Sunday: opens at"');
    expect(times[9]).toContain('aria-label="Thursday: closes at"');
    expect(html.match(/>Closed</g)).toHaveLength(2);

    // The default language's texts, here (one language).
    expect(html).toContain('for="settings-handoffReply"');
    expect(html).toContain('for="settings-offHoursReply"');
  });

  it("hides the details while off, the hours when 'Always', the texts when both languages are on", async () => {
    const off = await render("en", { handoffEnabled: false });
    expect(off).toContain("Let visitors talk to a person");
    expect(off).not.toContain("When someone can answer");

    const always = await render("en", { handoffHours: "always" });
    expect(always).toContain("When someone can answer");
    expect(always).not.toContain("settings-handoffTimeZone");
    expect(always).not.toContain('type="time"');

    const bilingual = await render("en", { bilingual: true } as Partial<SettingsFormValues>);
    expect(bilingual).not.toContain("settings-handoffReply");
    expect(bilingual).toContain("under Languages");
  });

  it("speaks Arabic: weekday names from the language, labels from the catalog", async () => {
    const html = await render("ar");
    const names = [...html.matchAll(/<label class="week-day-name"><input[^>]*>([^<]+)<\/label>/g)].map(
      (m) => m[1],
    );
    expect(names).toEqual(["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"]);
    expect(html).toContain("المحادثة المباشرة");
    // Nothing left in English but the zone names and what the user typed.
    const text = html
      .replace(/<select[\s\S]*?<\/select>/g, " ")
      .replace(/<(input|textarea)[^>]*>[^<]*(<\/textarea>)?/g, " ")
      .replace(/<[^>]+ aria-label="([^"]*)"[^>]*>/g, " $1 ")
      .replace(/<[^>]+>/g, " ");
    expect(text.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
  });
});
