import type { Chatbot, KnowledgeSource } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorNotice } from "../../components/ErrorNotice";
import { FileDrop } from "./components/FileDrop";
import { AnswerView } from "./components/playground/AnswerView";
import { SourceForm } from "./components/SourceForm";
import { BuilderSection, SuggestedQuestionsField, TextField } from "./components/settings/fields";
import { GreetingBubbleFields } from "./components/settings/GreetingBubbleFields";
import { ModelFields } from "./components/settings/ModelFields";
import { ThemeFields } from "./components/settings/ThemeFields";
import { embeddingsValuesFromBot } from "./embeddings-form";
import type { AssistantMessage } from "./playground";
import type { SettingsFormValues } from "./settings-form";

// The builder's screens render in both languages from the catalog: the spec's English word for
// word, and Arabic with nothing left in English but names, code and what the user typed.

function source(overrides: Partial<KnowledgeSource>): KnowledgeSource {
  return {
    _id: "src_1",
    chatbotId: "cb_1",
    kind: "text",
    title: "Returns policy",
    status: "ready",
    progress: { done: 1, total: 1, unit: "items" },
    error: null,
    chunkCount: 3,
    skippedPages: [],
    url: null,
    fileName: null,
    mimeType: null,
    sizeBytes: null,
    question: null,
    answer: null,
    lastSyncedAt: "2026-11-21T10:00:00.000Z",
    include: [],
    exclude: [],
    resync: "off",
    nextSyncAt: null,
    resyncPaused: false,
    lastSync: null,
    embedding: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

const answer = (overrides: Partial<AssistantMessage>): AssistantMessage => ({
  id: "a1",
  role: "assistant",
  question: "Warranty?",
  text: "Three years [1]",
  status: "done",
  citations: [{ sourceId: "src_1", title: "Handbook", kind: "file", url: null, snippet: "3-year warranty" }],
  answered: true,
  confidence: null,
  error: null,
  ...overrides,
});

const bot = {
  _id: "cb_1",
  embeddings: { model: null, baseUrl: null, hasApiKey: false },
} as unknown as Chatbot;

const values = {
  name: "Acme Support",
  instructions: "",
  greeting: "",
  suggestedQuestions: [{ value: "" }],
  fallbackReply: "Sorry",
  provider: "openai-compatible",
  modelName: "",
  baseUrl: "",
  apiKeyAction: "keep",
  apiKey: "",
  temperature: 0.3,
  maxAnswerTokens: 600,
  primaryColor: "#4f46e5",
  position: "bottom-right",
  launcherText: "",
  bubbleEnabled: true,
  bubbleText: "",
  bubbleDelay: 5,
  leadCapture: false,
  retentionDays: 90,
  published: false,
} as unknown as SettingsFormValues;

function SettingsHost({
  children,
  with: extra,
}: {
  children?: ReactNode;
  with?: Partial<SettingsFormValues>;
}) {
  const form = useForm<SettingsFormValues>({ defaultValues: { ...values, ...extra } });
  return createElement(FormProvider<SettingsFormValues>, { ...form, children });
}

const noop = () => undefined;

// SourceList's mutations import the signed-in app's session runtime, which reads document.cookie
// when it loads: a stand-in document for that import only.
let SourceList: typeof import("./components/SourceList").SourceList;
let SyncEntry: typeof import("./components/SyncHistory").SyncEntry;
let EmbeddingsFields: typeof import("./components/settings/EmbeddingsFields").EmbeddingsFields;
const hadDocument = "document" in globalThis;
beforeAll(async () => {
  if (!hadDocument)
    Object.assign(globalThis, {
      document: { cookie: "", location: { protocol: "http:" }, querySelector: () => null },
    });
  ({ SourceList } = await import("./components/SourceList"));
  ({ SyncEntry } = await import("./components/SyncHistory"));
  ({ EmbeddingsFields } = await import("./components/settings/EmbeddingsFields"));
});
afterAll(() => {
  if (!hadDocument) Reflect.deleteProperty(globalThis, "document");
});

const screens = (): ReactElement[] => [
  // The built-in engine's confidence: an answer, a low one, and the answer a fallback held back.
  ...[
    answer({ confidence: 0.82 }),
    answer({ confidence: 0.45 }),
    answer({ answered: false, confidence: 0.3 }),
  ].map((message) =>
    createElement(AnswerView, { message, provider: "builtin", onRetry: noop, canRetry: true }),
  ),
  createElement(AnswerView, {
    message: answer({ searchedFor: "Do you rent the tent?" }),
    provider: "builtin",
    onRetry: noop,
    onAddKnowledge: noop,
    canRetry: true,
  }),
  createElement(AnswerView, {
    message: answer({ text: "Sorry.", citations: [], answered: false }),
    provider: "builtin",
    onRetry: noop,
    onAddKnowledge: noop,
    canRetry: true,
  }),
  createElement(AnswerView, {
    message: answer({ text: "", status: "error", error: { code: "NETWORK_ERROR", message: "x" } }),
    provider: "builtin",
    onRetry: noop,
    onAddKnowledge: noop,
    canRetry: true,
  }),
  createElement(AnswerView, {
    message: answer({ text: "", status: "stopped", citations: [] }),
    provider: "builtin",
    onRetry: noop,
    onAddKnowledge: noop,
    canRetry: true,
  }),
  createElement(FileDrop, { file: null, onFile: noop, limitMb: 5, error: null }),
  createElement(SourceForm, {
    idPrefix: "t",
    onSubmit: async () => undefined,
    fileLimitMb: 5,
    submitLabel: "",
  }),
  createElement(ErrorNotice, { error: 42 }),
  createElement(SourceList, {
    chatbotId: "cb_1",
    canEdit: true,
    sources: [
      source({}),
      source({
        _id: "src_2",
        kind: "website",
        title: "Help centre",
        url: "https://example.com/help",
        progress: { done: 2, total: 2, unit: "pages" },
        chunkCount: 14,
        skippedPages: [{ url: "https://example.com/old", reason: "The page answered 404 Not Found." }],
      }),
      source({
        _id: "src_5",
        kind: "website",
        title: "Help centre",
        url: "https://example.com/help",
        progress: { done: 9, total: 9, unit: "pages" },
        chunkCount: 30,
        lastSync: {
          status: "succeeded",
          finishedAt: "2026-11-22T03:01:00.000Z",
          added: 0,
          changed: 3,
          removed: 1,
          unchanged: 5,
          failed: 0,
        },
      }),
      source({
        _id: "src_6",
        kind: "website",
        title: "Menu",
        url: "https://example.com/sitemap.xml",
        progress: { done: 6, total: 6, unit: "pages" },
        exclude: ["/blog/"],
        resync: "weekly",
        nextSyncAt: "2026-11-28T03:00:00.000Z",
        lastSync: {
          status: "succeeded",
          finishedAt: "2026-11-21T10:01:00.000Z",
          added: 6,
          changed: 0,
          removed: 0,
          unchanged: 0,
          failed: 0,
        },
      }),
      // A workspace back on Free: its kept schedule is paused, not promised.
      source({
        _id: "src_7",
        kind: "website",
        title: "Offers",
        url: "https://example.com/offers",
        resync: "daily",
        nextSyncAt: "2026-11-28T03:00:00.000Z",
        resyncPaused: true,
      }),
      source({ _id: "src_3", status: "processing", progress: { done: 12, total: 40, unit: "pages" } }),
      source({ _id: "src_4", status: "failed", kind: "file", fileName: "a.pdf", sizeBytes: 2048 }),
    ],
  }),
  // A website source's sync history: a scheduled sync with its pages, a held one, a failed one.
  createElement(
    "ol",
    null,
    createElement(SyncEntry, {
      key: "done",
      sourceUrl: "https://example.com/sitemap.xml",
      sync: {
        startedAt: "2026-11-28T03:00:00.000Z",
        finishedAt: "2026-11-28T03:01:00.000Z",
        status: "succeeded",
        trigger: "scheduled",
        added: 0,
        changed: 4,
        removed: 1,
        unchanged: 2,
        failed: 1,
        pages: [
          { url: "https://example.com/menu", outcome: "changed" },
          { url: "https://example.com/hours", outcome: "changed" },
          { url: "https://example.com/faq", outcome: "removed" },
          { url: "https://example.com/old", outcome: "failed", reason: "The page answered 404 Not Found." },
        ],
        rules: [],
        sitemaps: [],
        error: null,
      },
    }),
    createElement(SyncEntry, {
      key: "held",
      sourceUrl: "https://example.com/",
      sync: {
        startedAt: "2026-11-27T03:00:00.000Z",
        finishedAt: "2026-11-27T03:01:00.000Z",
        status: "held",
        trigger: "scheduled",
        added: 0,
        changed: 0,
        removed: 4,
        unchanged: 2,
        failed: 0,
        pages: [{ url: "https://example.com/help", outcome: "removed" }],
        rules: [],
        sitemaps: [],
        error: null,
      },
    }),
    createElement(SyncEntry, {
      key: "failed",
      sourceUrl: "https://example.com/",
      sync: {
        startedAt: "2026-11-26T09:00:00.000Z",
        finishedAt: "2026-11-26T09:00:05.000Z",
        status: "failed",
        trigger: "manual",
        added: 0,
        changed: 0,
        removed: 0,
        unchanged: 0,
        failed: 0,
        pages: [],
        rules: [],
        sitemaps: [],
        error: "Something went wrong while reading this source. Try re-syncing it.",
      },
    }),
  ),
  createElement(
    SettingsHost,
    null,
    createElement(BuilderSection, {
      title: "",
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: [
        createElement(SuggestedQuestionsField, { key: "q" }),
        createElement(TextField, { key: "g", name: "greeting", label: "" }),
        createElement(ModelFields, { key: "m", hasApiKey: true, apiKeyLast4: "c0de" }),
        createElement(ThemeFields, { key: "t" }),
        createElement(GreetingBubbleFields, { key: "b" }),
      ],
    }),
  ),
  // The built-in engine's caution, and the bot's own embeddings endpoint.
  createElement(
    SettingsHost,
    { with: { provider: "builtin", caution: "balanced", ...embeddingsValuesFromBot(bot) } },
    createElement(ModelFields, { hasApiKey: false, apiKeyLast4: null }),
    createElement(EmbeddingsFields, { bot, readOnly: false }),
  ),
];

async function render(language: Language): Promise<string> {
  const i18n = await createI18n(language);
  const client = new QueryClient();
  return screens()
    .map((screen) =>
      renderToStaticMarkup(
        createElement(LanguageProvider, {
          i18n,
          // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
          children: createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, screen)),
        }),
      ),
    )
    .join("\n")
    .replace(/<(input|textarea)[^>]*>/g, (tag) => ` ${/placeholder="([^"]*)"/.exec(tag)?.[1] ?? ""} `)
    .replace(/<[^>]+ aria-label="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("builder screens", () => {
  it("say the spec's English", async () => {
    const text = await render("en");
    for (const expected of [
      "Read as a follow-up; searched for: “Do you rent the tent?”",
      "Not answered from your knowledge",
      "We couldn't reach Parley. Check your connection.",
      "You stopped the answer before it began.",
      "Drop a file here or choose one",
      "PDF, Word (.docx), Markdown or plain text, up to 5 MB on your plan.",
      "Kind of knowledge",
      "Opening hours and delivery",
      "Something went wrong. Please try again.",
      "3 passages · updated Nov 21, 2026",
      "14 passages from 2 pages",
      "30 passages from 9 pages · updated Nov 21, 2026, 10:00 AM · last sync: 3 changed, 1 removed",
      "1 page skipped",
      "3 passages from 6 pages · updated Nov 21, 2026, 10:00 AM · last sync: 6 added",
      "Re-synced every week · next Nov 28, 2026, 3:00 AM",
      "Scheduled re-sync is paused on the Free plan. It resumes when you upgrade.",
      "Sync history",
      "Edit the sync settings of Menu",
      "Nov 28, 2026, 3:00 AM Scheduled Done",
      "4 changed, 1 removed, 1 could not be read",
      "Changed /menu Changed /hours Removed /faq Could not be read /old The page answered 404 Not Found. and 2 more pages",
      "Scheduled Removals held back nothing changed Pages of this sync Seems gone, kept for now /help and 3 more pages",
      "By hand Failed Something went wrong while reading this source. Try re-syncing it.",
      "Only these paths",
      "Never these paths",
      "A start page, or the site's sitemap (such as https://example.com/sitemap.xml).",
      "12 of 40 pages",
      "Couldn't read this source. Something went wrong. Try re-syncing it.",
      "Suggested questions 1 of 6",
      "Key stored: •••• c0de It's encrypted and never shown again.",
      "0.3 · Precise",
      "Greet visitors with a bubble",
      "Confidence 82%",
      "Low confidence 45%",
      "Held back an answer · confidence 30%",
      "wasn't sure enough of what it found",
      "When the built-in engine isn't sure",
      "Answer more often",
      "Balanced (recommended)",
      "Ask to rephrase more often",
      "Embeddings base URL",
      "Test connection",
    ])
      expect(text).toContain(expected);
    // A paused schedule promises no next run.
    expect(text).not.toContain("Re-synced every night");
  });

  it("leave no English in Arabic but names, code and addresses", async () => {
    const text = await render("ar");
    // What the test gave (titles, the question, a snippet), names and code stay as they are.
    const kept =
      /^(Parley|PDF|Word|docx|Markdown|OpenAI|OpenRouter|Ollama|vLLM|LM|Studio|API|Base|URL|chat|completions|gpt|mini|robots|txt|BHD|pdf|Do|you|rent|the|tent|year|warranty|Three|years|Handbook|Sorry|Returns|policy|Help|centre|c0de|Not|Found|text|embedding|small|sk|help|blog|Menu|Offers|menu|hours|faq|old)$/;
    const english = (text.replace(/https?:\/\/\S+|c0de/g, "").match(/[A-Za-z]{2,}/g) ?? []).filter(
      (word) => !kept.test(word),
    );
    expect([...new Set(english)]).toEqual([]);
    expect(text).toContain("نوفمبر");
    expect(text).toContain("المزامنة المجدولة متوقفة في الباقة المجانية");
  });
});
