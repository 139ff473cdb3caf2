import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider, useErrorText, useServerText } from "@parley/ui/i18n/react";
import ar from "@parley/ui/locales/ar/server";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";

// Issue #32: the web app shows a server error by its message's code (`messageKey`, `values`), the
// English sentence being no key: a server that rewords its English keeps its Arabic.

type Keyed = { messageKey?: string; values?: Record<string, string | number> };

function ErrorText({ error }: { error: ApiError }) {
  const text = useErrorText();
  return h("p", null, text(error));
}

function FieldText({ detail }: { detail: { message: string } & Keyed }) {
  const text = useServerText();
  return h("p", null, text(detail));
}

async function render(language: Language, element: ReturnType<typeof h>) {
  const i18n = await createI18n(language);
  const html = renderToStaticMarkup(
    h(LanguageProvider, { i18n } as Parameters<typeof LanguageProvider>[0], element),
  );
  return html.replace(/^<p>|<\/p>$/g, "");
}

const planLimit = (message: string, keyed: Keyed) =>
  new ApiError({ status: 403, code: "PLAN_LIMIT_REACHED", message, ...keyed });

describe("server errors by code in the web app", () => {
  it("shows the code's Arabic even when the English message is not the catalog's", async () => {
    const error = planLimit("Reworded: the Pro plan stops at 5 bots!", {
      messageKey: "plan.planIncludesChatbotsUpgradePlan",
      values: { plan: "Pro", count: 5 },
    });
    const shown = await render("ar", h(ErrorText, { error }));
    expect(shown).toBe(
      ar["plan.planIncludesChatbotsUpgradePlan"].replace("{{plan}}", "Pro").replace("{{count}}", "5"),
    );
    // English readers keep the server's own words.
    expect(await render("en", h(ErrorText, { error }))).toBe("Reworded: the Pro plan stops at 5 bots!");
  });

  it("translates a field problem by its code", async () => {
    const detail = { message: "Name it, please", messageKey: "chatbot.giveChatbotName" };
    expect(await render("ar", h(FieldText, { detail }))).toBe(ar["chatbot.giveChatbotName"]);
  });

  it("falls back to the error code's words for an unknown code or missing values, never English", async () => {
    const i18n = await createI18n("ar");
    const codeWords = i18n.t("codes.PLAN_LIMIT_REACHED", { ns: "errors" });
    for (const keyed of [
      { messageKey: "plan.noSuchCode" },
      { messageKey: "plan.planIncludesChatbotsUpgradePlan" },
      { messageKey: "plan.planIncludesChatbotsUpgradePlan", values: { plan: "Pro" } },
    ]) {
      const shown = await render("ar", h(ErrorText, { error: planLimit("Some English", keyed) }));
      expect(shown, JSON.stringify(keyed)).toBe(codeWords);
    }
  });

  it("renders values as text: no markup, no second filling", async () => {
    const error = new ApiError({
      status: 409,
      code: "CONFLICT",
      message: "x",
      messageKey: "liveChat.alreadyHandlingConversation",
      values: { name: '<img src=x onerror="alert(1)">{{name}}' },
    });
    const html = await render("ar", h(ErrorText, { error }));
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img");
    expect(html).toContain("{{name}}");
  });
});
