import type { UnansweredGroup } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxKeys } from "./keys";

// The Unanswered view says why each question is listed: fallback replies, answers rated not
// helpful, and (issue #23) answers the built-in engine gave with low confidence.

const group = (reasons: UnansweredGroup["reasons"]): UnansweredGroup => ({
  key: `k-${reasons.fallback}-${reasons.thumbsDown}-${reasons.lowConfidence}`,
  chatbotId: "cb_1",
  chatbotName: "Acme Coffee assistant",
  question: "Do you sell espresso machines?",
  count: reasons.fallback + reasons.thumbsDown + reasons.lowConfidence,
  reasons,
  lastAskedAt: "2026-11-25T10:00:00.000Z",
  examples: [],
});

// The view's mutations import the signed-in app's session runtime, which reads document.cookie.
let UnansweredView: typeof import("./components/UnansweredView").UnansweredView;
let ToastProvider: typeof import("../chatbots/components/Toast").ToastProvider;
const hadDocument = "document" in globalThis;
beforeAll(async () => {
  if (!hadDocument)
    Object.assign(globalThis, {
      document: { cookie: "", location: { protocol: "http:" }, querySelector: () => null },
    });
  ({ UnansweredView } = await import("./components/UnansweredView"));
  ({ ToastProvider } = await import("../chatbots/components/Toast"));
});
afterAll(() => {
  if (!hadDocument) Reflect.deleteProperty(globalThis, "document");
});

async function render(language: Language, groups: UnansweredGroup[]): Promise<string> {
  const i18n = await createI18n(language);
  const client = new QueryClient();
  client.setQueryData(inboxKeys.unanswered(undefined), groups);
  const view = createElement(UnansweredView, { onChatbotChange: () => undefined });
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(
        QueryClientProvider,
        { client },
        createElement(MemoryRouter, null, createElement(ToastProvider, null, view)),
      ),
    }),
  ).replace(/<[^>]+>/g, " ");
}

describe("the Unanswered view's reasons", () => {
  it("counts low-confidence answers beside fallbacks and thumbs-down", async () => {
    const text = await render("en", [
      group({ fallback: 2, thumbsDown: 1, lowConfidence: 3 }),
      group({ fallback: 0, thumbsDown: 0, lowConfidence: 1 }),
    ]);
    expect(text).toContain("2 fallback replies");
    expect(text).toContain("1 answer rated not helpful");
    expect(text).toContain("3 answers given with low confidence");
    expect(text).toContain("1 answer given with low confidence");
  });

  it("says nothing of low confidence when there was none, and speaks Arabic", async () => {
    const en = await render("en", [group({ fallback: 1, thumbsDown: 0, lowConfidence: 0 })]);
    expect(en).not.toContain("given with low confidence");
    const ar = await render("ar", [group({ fallback: 0, thumbsDown: 0, lowConfidence: 2 })]);
    expect(ar).toContain("إجابتان بثقة منخفضة");
  });
});
