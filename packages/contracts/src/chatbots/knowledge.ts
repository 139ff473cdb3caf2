import { z } from "zod";

export const sourceKindSchema = z.enum(["text", "qa", "file", "website"]);
export type SourceKind = z.infer<typeof sourceKindSchema>;
export const sourceStatusSchema = z.enum(["queued", "processing", "ready", "failed"]);
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

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
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** For Q&A sources: the pair itself. */
  question: z.string().nullable(),
  answer: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;
export const knowledgeSourceListSchema = z.array(knowledgeSourceSchema);

export const sourceCreateSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("text"),
    title: z.string().trim().min(1, "Give the text a title").max(200),
    content: z
      .string()
      .trim()
      .min(1, "The text is empty")
      .max(500_000, "Text sources are limited to 500,000 characters"),
  }),
  z.object({
    kind: z.literal("qa"),
    question: z.string().trim().min(3, "Write the question").max(500),
    answer: z.string().trim().min(1, "Write the answer").max(5000),
  }),
  z.object({
    kind: z.literal("website"),
    url: z
      .url("Enter a full address such as https://example.com")
      .refine((u) => /^https?:\/\//i.test(u), "Only http and https sites can be crawled"),
    maxPages: z.number().int().min(1).max(500).optional(),
  }),
]);
export type SourceCreate = z.infer<typeof sourceCreateSchema>;
