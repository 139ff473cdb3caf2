import { z } from "zod";
import { safeText, stripBidiControls, withoutNul } from "../common/text";

export const sourceKindSchema = z.enum(["text", "qa", "file", "website"]);
export type SourceKind = z.infer<typeof sourceKindSchema>;
export const sourceStatusSchema = z.enum(["queued", "processing", "ready", "failed"]);
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/**
 * What one knowledge source may hold, by plan tier (Free, Starter, Pro, Business). The upload
 * size is checked before the file is read; the text and passage limits while it is read. A source
 * past a limit fails with a reason that names it.
 */
export const INGEST_LIMITS = [
  { fileMb: 5, textChars: 1_000_000, chunks: 1_500 },
  { fileMb: 10, textChars: 3_000_000, chunks: 4_000 },
  { fileMb: 25, textChars: 10_000_000, chunks: 12_000 },
  { fileMb: 50, textChars: 25_000_000, chunks: 30_000 },
] as const;
export type IngestLimits = (typeof INGEST_LIMITS)[number];

export function ingestLimits(tier: number | null | undefined): IngestLimits {
  const index = Math.max(0, Math.min(tier ?? 0, INGEST_LIMITS.length - 1));
  return INGEST_LIMITS[index] ?? INGEST_LIMITS[0];
}

/** The largest upload any plan accepts (the multipart parser's hard stop). */
export const MAX_UPLOAD_MB = Math.max(...INGEST_LIMITS.map((l) => l.fileMb));

export const FILE_NAME_MAX = 200;

/**
 * An uploaded file's name as we store and show it: the last path segment only, without control
 * or bidirectional-override characters (which can disguise an extension), at most 200 characters
 * with the extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = stripBidiControls(base.normalize("NFC"))
    .replace(/[\p{Cc}\u200e\u200f\ufeff]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...clean];
  if (chars.length === 0) return "document";
  if (chars.length <= FILE_NAME_MAX) return clean;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? "";
  return `${chars
    .slice(0, FILE_NAME_MAX - ext.length - 1)
    .join("")
    .trimEnd()}…${ext}`;
}
export const fileNameSchema = z.string().transform(cleanFileName);

/** A page a crawl did not learn from, and why (too large, timed out, 404, another site…). */
export const skippedPageSchema = z.object({ url: z.string(), reason: z.string() });
export type SkippedPage = z.infer<typeof skippedPageSchema>;

export const knowledgeSourceSchema = z.object({
  _id: z.string(),
  chatbotId: z.string(),
  kind: sourceKindSchema,
  title: z.string(),
  status: sourceStatusSchema,
  /** Work done of total, e.g. 12 of 40 pages or 300000 of 900000 bytes. */
  progress: z.object({ done: z.number(), total: z.number(), unit: z.enum(["pages", "bytes", "items"]) }),
  /** Why it failed, in plain words; null unless failed. */
  error: z.string().nullable(),
  chunkCount: z.number().int(),
  /** Website sources: pages that were skipped, with the reason (the first 100). */
  skippedPages: z.array(skippedPageSchema),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** For Q&A sources: the pair itself. */
  question: z.string().nullable(),
  answer: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /**
   * Semantic search for its passages (null: no embeddings endpoint). `failed` says why in
   * `error`; the source is still searched by its words.
   */
  embedding: z
    .object({
      status: z.enum(["queued", "running", "ready", "failed"]),
      model: z.string().nullable(),
      done: z.number().int(),
      total: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;
export const knowledgeSourceListSchema = z.array(knowledgeSourceSchema);

export const sourceCreateSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("text"),
    title: safeText().trim().min(1, "Give the text a title").max(200),
    content: safeText()
      .trim()
      .min(1, "The text is empty")
      .max(500_000, "Text sources are limited to 500,000 characters"),
  }),
  z.object({
    kind: z.literal("qa"),
    question: safeText().trim().min(3, "Write the question").max(500),
    answer: safeText().trim().min(1, "Write the answer").max(5000),
  }),
  z.object({
    kind: z.literal("website"),
    url: withoutNul(z.url("Enter a full address such as https://example.com")).refine(
      (u) => /^https?:\/\//i.test(u),
      "Only http and https sites can be crawled",
    ),
    maxPages: z.number().int().min(1).max(500).optional(),
  }),
]);
export type SourceCreate = z.infer<typeof sourceCreateSchema>;
