import { z } from "zod";
import { safeText, stripBidiControls } from "../common/text";

/** A passage an answer used, as shown under the answer. */
export const citationSchema = z.object({
  sourceId: z.string(),
  title: z.string(),
  kind: z.enum(["text", "qa", "file", "website"]),
  url: z.string().nullable(),
  snippet: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatTurnSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: safeText().max(8000),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const MAX_MESSAGE_LENGTH = 2000;
export const askSchema = z.object({
  /** Stored and shown to the team as sent, so the invisible direction controls are dropped first. */
  content: safeText()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, "Type a message")
    .max(
      MAX_MESSAGE_LENGTH,
      `Messages are limited to ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters`,
    ),
  /** Playground only: the conversation so far (the widget keeps history on the server). */
  history: z.array(chatTurnSchema).max(20).optional(),
});
export type Ask = z.infer<typeof askSchema>;

/**
 * Server-sent events of one streamed reply (`text/event-stream`):
 * `start` {messageId?} → `delta` {text}* → `done` {answered, citations, messageId?} | `error` {message, code}.
 */
export const streamStartSchema = z.object({ messageId: z.string().nullable() });
export const streamDeltaSchema = z.object({ text: z.string() });
export const streamDoneSchema = z.object({
  messageId: z.string().nullable(),
  answered: z.boolean(),
  citations: z.array(citationSchema),
  engine: z.enum(["builtin", "openai-compatible"]),
  /**
   * Built-in engine: its confidence in the answer, 0–1 (when it fell back, in the answer it held
   * back); null for an AI model and for replies that are not answers (quota notice, live chat).
   */
  confidence: z.number().min(0).max(1).nullable().optional(),
  /** Playground only: what retrieval searched for when a follow-up was read with the question before it. */
  searchedFor: z.string().optional(),
});
export type StreamDone = z.infer<typeof streamDoneSchema>;
export const streamErrorSchema = z.object({ message: z.string(), code: z.string() });
