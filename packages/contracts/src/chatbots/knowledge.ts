import { z } from "zod";
import { hasVisibleCharacter, nameText } from "../common/names";
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
/** A source's title (a text source's as typed; a file's name without its extension). */
export const SOURCE_TITLE_MAX = 200;

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
  // Nothing that shows (zero-width characters, the Hangul filler U+3164): a blank title otherwise.
  if (!hasVisibleCharacter(clean)) return "document";
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

/** How often a website source is re-synced by the scheduler (paid plans; `off` on every plan). */
export const resyncScheduleSchema = z.enum(["off", "daily", "weekly"]);
export type ResyncSchedule = z.infer<typeof resyncScheduleSchema>;

export const PATH_PATTERNS_MAX = 20;
/**
 * A path pattern of a website source: `/help/` keeps (or drops) every path that starts with it,
 * `*` matches any characters, a trailing `$` anchors the end.
 */
export const pathPatternSchema = withoutNul(z.string())
  .trim()
  .min(1, "Write a path such as /help/")
  .max(200, "Keep each path pattern under 200 characters")
  .refine((p) => p.startsWith("/"), "A path pattern starts with /, such as /help/");
const pathPatternsSchema = z
  .array(pathPatternSchema)
  .max(PATH_PATTERNS_MAX, `At most ${PATH_PATTERNS_MAX} path patterns`);

export const syncStatusSchema = z.enum(["running", "succeeded", "failed", "held"]);
export const syncPageOutcomeSchema = z.enum(["added", "changed", "removed", "unchanged", "failed"]);

/**
 * One sync of a website source: its counts and the pages behind them. `held`: a scheduled sync
 * would have removed more than a third of the pages, so the removals wait for a re-sync by hand.
 */
export const sourceSyncSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: syncStatusSchema,
  trigger: z.enum(["manual", "scheduled"]),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  pages: z.array(
    z.object({ url: z.string(), outcome: syncPageOutcomeSchema, reason: z.string().optional() }),
  ),
  /** How many pages each include pattern kept, and each exclude pattern turned away. */
  rules: z.array(
    z.object({ kind: z.enum(["include", "exclude"]), pattern: z.string(), pages: z.number().int() }),
  ),
  /** The sitemaps read (empty: pages were found by following links). */
  sitemaps: z.array(z.string()),
  /** Why it failed (the source keeps what it knew). */
  error: z.string().nullable(),
});
export type SourceSync = z.infer<typeof sourceSyncSchema>;
export const sourceSyncListSchema = z.array(sourceSyncSchema);

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
  /** Website sources: the path rules and the re-sync schedule (empty and `off` for the others). */
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  resync: resyncScheduleSchema,
  /** When the scheduler next re-syncs it: 03:00 of the bot's time zone (null: off). */
  nextSyncAt: z.string().nullable(),
  /**
   * The schedule is kept but does not run: the workspace is on the Free plan (it runs again once
   * the workspace pays). False when the schedule is off.
   */
  resyncPaused: z.boolean(),
  /** Website sources: the last finished sync's counts (null before the first). */
  lastSync: sourceSyncSchema
    .pick({
      status: true,
      finishedAt: true,
      added: true,
      changed: true,
      removed: true,
      unchanged: true,
      failed: true,
    })
    .nullable(),
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
    // Shown to visitors as the citation of an answer: the one rule for names people see.
    title: nameText({
      max: SOURCE_TITLE_MAX,
      tooLong: `Keep the title under ${SOURCE_TITLE_MAX} characters`,
      required: "Give the text a title",
    }),
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
    include: pathPatternsSchema.optional(),
    exclude: pathPatternsSchema.optional(),
    resync: resyncScheduleSchema.optional(),
  }),
]);
export type SourceCreate = z.infer<typeof sourceCreateSchema>;

/** What can change on a website source after it was added. */
export const sourcePatchSchema = z
  .object({
    include: pathPatternsSchema.optional(),
    exclude: pathPatternsSchema.optional(),
    resync: resyncScheduleSchema.optional(),
  })
  .strict();
export type SourcePatch = z.infer<typeof sourcePatchSchema>;
