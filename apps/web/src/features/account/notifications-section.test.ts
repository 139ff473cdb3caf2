import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NotificationsForm, type NotificationsFormProps } from "./components/NotificationsForm";

const base: NotificationsFormProps = {
  workspaceName: "Ada's <b>shop</b>",
  current: "hourly",
  loadFailed: false,
  onRetry: () => {},
  saving: false,
  saved: false,
  error: null,
  onChange: () => {},
  onSave: () => {},
};

async function render(language: Language, props: Partial<NotificationsFormProps> = {}): Promise<string> {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(NotificationsForm, { ...base, ...props }),
    }),
  );
}

const radios = (html: string) => [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);

describe("Account → Notifications", () => {
  it("offers the three choices with the saved one checked, for the named workspace", async () => {
    const html = await render("en");
    expect(radios(html).map((r) => /value="(\w+)"/.exec(r)?.[1])).toEqual(["each", "hourly", "none"]);
    expect(radios(html).filter((r) => r.includes("checked"))).toEqual([
      expect.stringContaining('value="hourly"'),
    ]);
    for (const text of ["E-mail me each request", "One e-mail per hour", "No e-mails", "Notifications"])
      expect(html).toContain(text);
    // The workspace's name is text, isolated in its own direction (never markup).
    expect(html).toContain("<bdi>Ada&#x27;s &lt;b&gt;shop&lt;/b&gt;</bdi>");
    // Nothing changed yet: nothing to save.
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
  });

  it("says when it was saved, and when it could not load", async () => {
    expect(await render("en", { saved: true })).toContain("Your notification setting was saved.");
    const failed = await render("en", { loadFailed: true });
    expect(failed).toContain("We couldn&#x27;t load your notification setting.");
    expect(radios(failed)).toEqual([]);
  });

  it("waits for the saved choice before it can be changed", async () => {
    const html = await render("en", { current: undefined, workspaceName: undefined });
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toContain("this workspace");
  });

  it("reads in Arabic", async () => {
    const html = await render("ar");
    for (const text of ["الإشعارات", "راسلني عند كل طلب", "رسالة واحدة كل ساعة", "بلا رسائل", "حفظ"])
      expect(html).toContain(text);
    expect(html).not.toMatch(/E-mail me|per hour|No e-mails/);
  });
});
