import {
  type Citation,
  ingestLimits,
  type KnowledgeSource,
  parseWebUrl,
  type SourceKind,
  type SourceStatus,
} from "@parley/contracts";

import { ENGLISH, type Words } from "./words";

/**
 * Pure helpers for the chatbot builder (unit-tested in chatbots.test.ts). Those that return text
 * take the reader's `Words` (`useWords()`); without them they answer in English.
 */

export function kindLabel(kind: SourceKind, w: Words = ENGLISH): string {
  return w.t(`kinds.${kind}`);
}

export function statusLabel(status: SourceStatus, w: Words = ENGLISH): string {
  return w.t(`statuses.${status}`);
}

export function isInProgress(source: Pick<KnowledgeSource, "status">): boolean {
  return source.status === "queued" || source.status === "processing";
}

/** While any source is still being read, the list is polled (every second). */
export function anyInProgress(sources: readonly Pick<KnowledgeSource, "status">[] | undefined): boolean {
  return Boolean(sources?.some(isInProgress));
}

const MB = 1024 * 1024;
const KB = 1024;

const oneDecimal = { maximumFractionDigits: 1 } as const;
const wholeNumber = { maximumFractionDigits: 0 } as const;

/** "3.4 MB", "120 KB", "512 bytes". */
export function formatBytes(bytes: number, w: Words = ENGLISH): string {
  if (bytes >= MB) return w.t("units.mb", { size: w.number(bytes / MB, oneDecimal) });
  if (bytes >= KB) return w.t("units.kb", { size: w.number(bytes / KB, wholeNumber) });
  return w.t("units.bytes", { count: bytes });
}

/** Both numbers in the total's unit, so "1.2 of 3.4 MB" reads at a glance. */
function bytesPair(done: number, total: number, w: Words): string {
  if (total >= MB)
    return w.t("units.mbPair", {
      done: w.number(done / MB, oneDecimal),
      total: w.number(total / MB, oneDecimal),
    });
  if (total >= KB)
    return w.t("units.kbPair", {
      done: w.number(done / KB, wholeNumber),
      total: w.number(total / KB, wholeNumber),
    });
  return w.t("units.bytesPair", { done: w.number(done, wholeNumber), total: w.number(total, wholeNumber) });
}

export interface ProgressView {
  /** 0 to 100, or null when the amount of work is unknown (an indeterminate bar). */
  percent: number | null;
  /** "12 of 40 pages", "1.2 of 3.4 MB", "Waiting to start…" */
  label: string;
}

/** What the progress bar of a queued or processing source shows. */
export function progressView(
  source: Pick<KnowledgeSource, "status" | "progress">,
  w: Words = ENGLISH,
): ProgressView {
  const { done, total, unit } = source.progress;
  if (source.status === "queued") return { percent: null, label: w.t("progress.waiting") };
  // Text and Q&A are one item: a "0 of 1 items" counter would say nothing useful.
  if (unit === "items" || total <= 0) return { percent: null, label: w.t("progress.reading") };
  const clamped = Math.min(Math.max(done, 0), total);
  const percent = Math.floor((clamped / total) * 100);
  if (unit === "bytes") return { percent, label: bytesPair(clamped, total, w) };
  return {
    percent,
    label: w.t("units.pagesPair", {
      count: total,
      done: w.number(clamped, wholeNumber),
      total: w.number(total, wholeNumber),
    }),
  };
}

/** "14 passages" under a ready source: how many pieces the bot can now quote from. */
export function chunkLabel(count: number, w: Words = ENGLISH): string {
  return w.t("units.passages", { count, n: w.number(count, wholeNumber) });
}

/** The second line of a source row: where it came from. */
export function sourceDetail(source: KnowledgeSource, w: Words = ENGLISH): string | null {
  switch (source.kind) {
    case "website":
      return source.url;
    case "file":
      return [source.fileName, source.sizeBytes === null ? null : formatBytes(source.sizeBytes, w)]
        .filter(Boolean)
        .join(" · ");
    case "qa":
      return source.answer ? truncate(source.answer, 140) : null;
    case "text":
      return null;
  }
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** "3 of 4 sources ready", "No knowledge yet". */
export function sourcesSummary(ready: number, total: number, w: Words = ENGLISH): string {
  if (total === 0) return w.t("summary.none");
  if (ready === total) return w.t("summary.allReady", { count: total });
  return w.t("summary.someReady", { ready: w.number(ready), total: w.number(total) });
}

// ---------- Files ----------

/** What the server reads (it checks the bytes, not the name; this only helps the picker). */
export const ACCEPTED_FILE_TYPES = [
  ".pdf",
  ".docx",
  ".md",
  ".markdown",
  ".txt",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/markdown",
  "text/plain",
].join(",");

/** "PDF, Word (.docx), Markdown or plain text". */
export function acceptedFileHint(w: Words = ENGLISH): string {
  return w.t("files.hint");
}

/** Upload limit of a plan tier in MB: the API's own table (contracts). */
export function fileLimitMb(tier: number | null | undefined): number {
  return ingestLimits(tier).fileMb;
}

/** "3 pages skipped" — the heading of a crawl's skipped-pages list. */
export function skippedLabel(count: number, w: Words = ENGLISH): string {
  return w.t("units.skipped", { count });
}

/**
 * A first check before uploading (the server decides by content): an empty file, an obviously
 * wrong type, or one over the plan's limit gets a clear message without a wasted upload.
 */
export function checkFile(
  file: { name: string; size: number; type: string },
  limitMb: number,
  w: Words = ENGLISH,
): string | null {
  if (file.size === 0) return w.t("files.empty");
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const knownExt = ["pdf", "docx", "md", "markdown", "txt"].includes(ext);
  const knownType =
    file.type === "" ||
    file.type.startsWith("text/") ||
    file.type === "application/pdf" ||
    file.type === "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  if (!knownExt && !knownType) return w.t("files.unsupported", { types: acceptedFileHint(w) });
  if (file.size > limitMb * MB)
    return w.t("files.tooLarge", { size: formatBytes(file.size, w), limit: w.number(limitMb) });
  return null;
}

// ---------- Website addresses ----------

/** "example.com/help" → "https://example.com/help": people rarely type the scheme. */
export function normalizeSiteUrl(input: string): string {
  const value = input.trim();
  if (!value) return value;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

// ---------- Answers ----------

export type AnswerPiece = { type: "text"; text: string } | { type: "cite"; n: number };

/**
 * Splits an answer into paragraphs of text and `[n]` citation markers, rendered as React text
 * nodes so an answer can never inject HTML. A marker that points at a real citation becomes a
 * citation. One past the list is dropped when the answer has citations: the built-in engine numbers
 * passages while the citations are one per source, so two passages of one document give "[2]"
 * with a single source listed (reported to the API owner). Without citations the text stays as is.
 */
export function answerParagraphs(text: string, citationCount: number): AnswerPiece[][] {
  return text
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => {
      const pieces: AnswerPiece[] = [];
      let last = 0;
      const pushText = (chunk: string) => {
        if (!chunk) return;
        const previous = pieces.at(-1);
        if (previous?.type === "text") previous.text += chunk;
        else pieces.push({ type: "text", text: chunk });
      };
      for (const match of para.matchAll(/\s?\[(\d{1,2})\]/g)) {
        const n = Number(match[1]);
        const index = match.index ?? 0;
        if (n >= 1 && n <= citationCount) {
          pushText(para.slice(last, index) + (match[0].startsWith("[") ? "" : " "));
          pieces.push({ type: "cite", n });
        } else if (citationCount > 0) {
          pushText(para.slice(last, index));
        } else {
          continue;
        }
        last = index + match[0].length;
      }
      pushText(para.slice(last));
      return pieces;
    })
    .filter((pieces) => pieces.length > 0);
}

/** Only http(s) links are rendered as links; a citation URL is data from crawled pages. */
export function safeLink(url: string | null): string | null {
  return parseWebUrl(url)?.toString() ?? null;
}

export function citationSubtitle(citation: Citation, w: Words = ENGLISH): string {
  if (citation.kind === "website" && citation.url) {
    try {
      const u = new URL(citation.url);
      return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
    } catch {
      return citation.url;
    }
  }
  return kindLabel(citation.kind, w);
}

// ---------- Colours ----------

/** Text colour for a background: white on dark colours, near-black on light ones (WCAG luminance). */
export function readableOn(hex: string): "#ffffff" | "#111522" {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return "#ffffff";
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Where white and near-black give the same contrast; above it, dark text reads better.
  return luminance > 0.179 ? "#111522" : "#ffffff";
}

// ---------- Embed ----------

/**
 * The tag a business pastes. The launcher's colour, side and label come from the bot's settings
 * when the page loads (embed.js asks the API once), so a theme change needs no new tag.
 */
export function embedSnippet(origin: string, chatbotId: string): string {
  return `<script src="${origin}/embed.js" data-chatbot-id="${chatbotId}" async></script>`;
}

// ---------- Tabs ----------

export const BUILDER_TABS = ["settings", "knowledge", "playground", "embed", "conversations"] as const;
export type BuilderTab = (typeof BUILDER_TABS)[number];

export function parseTab(value: string | null): BuilderTab {
  return BUILDER_TABS.find((tab) => tab === value) ?? "settings";
}
