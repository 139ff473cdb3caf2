import { z } from "zod";
import { citationSchema } from "../chatbots/chat";
import { widgetThemeSchema } from "../chatbots/chatbot";

/**
 * Public widget API (no sign-in). Every call after config carries the visitor's id in the
 * `x-parley-visitor` header (a random id the chat page keeps in local storage); a conversation can
 * only be read or continued by the visitor who started it.
 */
export const VISITOR_HEADER = "x-parley-visitor";
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Invalid visitor id");

export const widgetConfigSchema = z.object({
  _id: z.string(),
  name: z.string(),
  greeting: z.string(),
  suggestedQuestions: z.array(z.string()),
  theme: widgetThemeSchema,
  leadCapture: z.boolean(),
  /** Free plan bots show "Powered by Parley". */
  showBranding: z.boolean(),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const widgetMessageSchema = z.object({
  _id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  citations: z.array(citationSchema),
  /** Assistant messages: false when the bot gave its fallback reply. */
  answered: z.boolean().nullable(),
  feedback: z.enum(["up", "down"]).nullable(),
  createdAt: z.string(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const widgetConversationSchema = z.object({
  _id: z.string(),
  chatbotId: z.string(),
  messages: z.array(widgetMessageSchema),
  leadCaptured: z.boolean(),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

export const feedbackSchema = z.object({ value: z.enum(["up", "down"]).nullable() });
export type Feedback = z.infer<typeof feedbackSchema>;

export const leadSchema = z.object({
  email: z.email("Please enter a valid email address").max(254),
  name: z.string().trim().max(120).optional(),
});
export type LeadInput = z.infer<typeof leadSchema>;

/**
 * Limits the public endpoints enforce (also shown to visitors when hit). The stream's `done` event
 * is `streamDoneSchema` from chat.ts, with `messageId` set; `start` carries the user message id.
 */
export const WIDGET_LIMITS = {
  messagesPerVisitorPerMinute: 10,
  messagesPerIpPerMinute: 30,
  conversationsPerIpPerHour: 20,
  maxMessagesPerConversation: 200,
  historyTurns: 12,
} as const;
