import type { KnowledgeSource } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  answerParagraphs,
  anyInProgress,
  checkFile,
  embedSnippet,
  fileLimitMb,
  formatBytes,
  normalizeSiteUrl,
  parseTab,
  progressView,
  readableOn,
  safeLink,
  skippedLabel,
  sourceDetail,
  sourcesSummary,
} from "./chatbots";

const MB = 1024 * 1024;

function source(overrides: Partial<KnowledgeSource>): KnowledgeSource {
  return {
    _id: "src_1",
    chatbotId: "cb_1",
    kind: "text",
    title: "Opening hours",
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
    lastSyncedAt: null,
    include: [],
    exclude: [],
    resync: "off",
    nextSyncAt: null,
    resyncPaused: false,
    lastSync: null,
    embedding: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("progressView", () => {
  it("counts pages for a crawl", () => {
    expect(
      progressView(source({ status: "processing", progress: { done: 12, total: 40, unit: "pages" } })),
    ).toEqual({ percent: 30, label: "12 of 40 pages" });
    expect(
      progressView(source({ status: "processing", progress: { done: 0, total: 1, unit: "pages" } })),
    ).toEqual({ percent: 0, label: "0 of 1 page" });
  });

  it("shows bytes in the total's unit", () => {
    expect(
      progressView(
        source({ status: "processing", progress: { done: 1.2 * MB, total: 3.4 * MB, unit: "bytes" } }),
      ),
    ).toEqual({ percent: 35, label: "1.2 of 3.4 MB" });
    expect(
      progressView(
        source({ status: "processing", progress: { done: 100 * 1024, total: 300 * 1024, unit: "bytes" } }),
      ).label,
    ).toBe("100 of 300 KB");
  });

  it("is indeterminate while queued, for single items and for unknown totals", () => {
    expect(
      progressView(source({ status: "queued", progress: { done: 0, total: 40, unit: "pages" } })),
    ).toEqual({
      percent: null,
      label: "Waiting to start…",
    });
    expect(
      progressView(source({ status: "processing", progress: { done: 0, total: 1, unit: "items" } })).percent,
    ).toBe(null);
    expect(
      progressView(source({ status: "processing", progress: { done: 0, total: 0, unit: "pages" } })).percent,
    ).toBe(null);
  });

  it("never shows more done than total", () => {
    expect(
      progressView(source({ status: "processing", progress: { done: 55, total: 50, unit: "pages" } })),
    ).toEqual({
      percent: 100,
      label: "50 of 50 pages",
    });
  });
});

describe("small formatters", () => {
  it("formats sizes", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(5.25 * MB)).toBe("5.3 MB");
  });

  it("summarises sources", () => {
    expect(sourcesSummary(0, 0)).toBe("No knowledge yet");
    expect(sourcesSummary(1, 1)).toBe("1 source ready");
    expect(sourcesSummary(4, 4)).toBe("4 sources ready");
    expect(sourcesSummary(2, 5)).toBe("2 of 5 sources ready");
  });

  it("polls only while something is queued or processing", () => {
    expect(anyInProgress(undefined)).toBe(false);
    expect(anyInProgress([{ status: "ready" }, { status: "failed" }])).toBe(false);
    expect(anyInProgress([{ status: "ready" }, { status: "queued" }])).toBe(true);
    expect(anyInProgress([{ status: "processing" }])).toBe(true);
  });

  it("describes where a source came from", () => {
    expect(sourceDetail(source({ kind: "file", fileName: "handbook.pdf", sizeBytes: 2 * MB }))).toBe(
      "handbook.pdf · 2 MB",
    );
    expect(sourceDetail(source({ kind: "website", url: "https://example.com/" }))).toBe(
      "https://example.com/",
    );
    expect(sourceDetail(source({ kind: "qa", answer: "Yes,\n\nwe   do." }))).toBe("Yes, we do.");
    expect(sourceDetail(source({ kind: "text" }))).toBeNull();
  });

  it("reads the tab from the URL, defaulting to settings", () => {
    expect(parseTab("knowledge")).toBe("knowledge");
    expect(parseTab("playground")).toBe("playground");
    expect(parseTab(null)).toBe("settings");
    expect(parseTab("billing")).toBe("settings");
  });

  it("builds the embed tag", () => {
    expect(embedSnippet("https://app.parley.bh", "cb_abc")).toBe(
      '<script src="https://app.parley.bh/embed.js" data-chatbot-id="cb_abc" async></script>',
    );
  });

  it("picks readable text on a brand colour", () => {
    expect(readableOn("#4f46e5")).toBe("#ffffff");
    expect(readableOn("#111111")).toBe("#ffffff");
    expect(readableOn("#fde047")).toBe("#111522");
    expect(readableOn("#ffffff")).toBe("#111522");
    expect(readableOn("not a colour")).toBe("#ffffff");
  });
});

describe("files", () => {
  it("knows the upload limit per plan tier", () => {
    expect([0, 1, 2, 3, 9].map(fileLimitMb)).toEqual([5, 10, 25, 50, 50]);
    expect(fileLimitMb(undefined)).toBe(5);
    expect(fileLimitMb(null)).toBe(5);
  });

  it("labels a crawl's skipped pages", () => {
    expect(skippedLabel(1)).toBe("1 page skipped");
    expect(skippedLabel(7)).toBe("7 pages skipped");
  });

  it("catches empty, unsupported and oversized files before uploading", () => {
    expect(checkFile({ name: "a.pdf", size: 0, type: "application/pdf" }, 5)).toBe("This file is empty.");
    expect(checkFile({ name: "photo.png", size: 100, type: "image/png" }, 5)).toMatch(/isn't supported/);
    expect(checkFile({ name: "big.pdf", size: 6 * MB, type: "application/pdf" }, 5)).toBe(
      "This file is 6 MB. Files are limited to 5 MB on your plan.",
    );
    expect(checkFile({ name: "notes.md", size: 100, type: "" }, 5)).toBeNull();
    expect(checkFile({ name: "Handbook.PDF", size: 100, type: "application/pdf" }, 5)).toBeNull();
    expect(
      checkFile(
        {
          name: "policies.docx",
          size: 100,
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        },
        5,
      ),
    ).toBeNull();
  });
});

describe("addresses and links", () => {
  it("adds https:// when the scheme is missing", () => {
    expect(normalizeSiteUrl("example.com/help")).toBe("https://example.com/help");
    expect(normalizeSiteUrl("  http://127.0.0.1:8080/ ")).toBe("http://127.0.0.1:8080/");
    expect(normalizeSiteUrl("")).toBe("");
  });

  it("links only http and https", () => {
    expect(safeLink("https://example.com/a")).toBe("https://example.com/a");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("data:text/html,<b>x</b>")).toBeNull();
    expect(safeLink("not a url")).toBeNull();
    expect(safeLink(null)).toBeNull();
  });
});

describe("answerParagraphs", () => {
  it("splits paragraphs and turns valid [n] markers into citations", () => {
    expect(answerParagraphs("Kettles have a 3-year warranty. [1]\n\nReturns take 30 days [2].", 2)).toEqual([
      [
        { type: "text", text: "Kettles have a 3-year warranty. " },
        { type: "cite", n: 1 },
      ],
      [
        { type: "text", text: "Returns take 30 days " },
        { type: "cite", n: 2 },
        { type: "text", text: "." },
      ],
    ]);
  });

  it("drops markers past the citations, and keeps HTML as text", () => {
    // Two passages of one document: "[2]" but one source listed.
    expect(answerParagraphs("Warranty: 3 years. [1]\n\nDescale monthly. [2]", 1)).toEqual([
      [
        { type: "text", text: "Warranty: 3 years. " },
        { type: "cite", n: 1 },
      ],
      [{ type: "text", text: "Descale monthly." }],
    ]);
    expect(answerParagraphs("See [3] and <img src=x onerror=alert(1)>", 1)).toEqual([
      [{ type: "text", text: "See and <img src=x onerror=alert(1)>" }],
    ]);
    // No citations at all (a fallback, a model that cites nothing): the text is left alone.
    expect(answerParagraphs("Rule [3] applies.", 0)).toEqual([[{ type: "text", text: "Rule [3] applies." }]]);
    expect(answerParagraphs("", 0)).toEqual([]);
  });
});
