import { z } from "zod";
import { idText, isoDay, safeText } from "../common/text";
import {
  conversationMessageSchema,
  conversationStatusSchema,
  deliverySchema,
  messageContentTypeSchema,
} from "../live/live";
import { pageOf, pageQuerySchema } from "../paging/page";
import { planNamesSchema } from "../plans/plan";

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * Where a conversation happens: the website's widget, the public API, or WhatsApp. The inbox,
 * analytics, exports and webhooks name it.
 */
export const conversationChannelSchema = z.enum(["widget", "api", "whatsapp"]);
export type ConversationChannel = z.infer<typeof conversationChannelSchema>;

export const conversationFiltersSchema = z.object({
  chatbotId: idText().optional(),
  /** Only this channel's conversations. */
  channel: conversationChannelSchema.optional(),
  /** Inclusive day range (UTC) on the last message. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  rating: z.enum(["up", "down"]).optional(),
  unanswered: flag.optional(),
  hasLead: flag.optional(),
  /** Live chat: only conversations in this state (`waiting`: asked for a person, not yet claimed). */
  status: conversationStatusSchema.optional(),
  /** Live chat: only conversations this member handles (`me`). */
  assignee: z.literal("me").optional(),
  /** Words to find in any message of the conversation, or in the customer's name or e-mail. */
  q: safeText().trim().max(200).optional(),
  ...pageQuerySchema.shape,
});
export type ConversationFilters = z.infer<typeof conversationFiltersSchema>;
export type ConversationFiltersInput = z.input<typeof conversationFiltersSchema>;

export const leadSummarySchema = z.object({
  _id: z.string(),
  /** Left in the widget's form; null for a WhatsApp customer, reached by `phone`. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** A WhatsApp customer's number (digits, with the country code). */
  phone: z.string().nullable(),
  createdAt: z.string(),
});

export const conversationSummarySchema = z.object({
  _id: z.string(),
  chatbotId: z.string(),
  chatbotName: z.string(),
  channel: conversationChannelSchema,
  visitorId: z.string().nullable(),
  /**
   * A messaging channel's customer: their address (a WhatsApp number, digits) and the name they
   * gave themselves there; null on the widget and the API.
   */
  contact: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The language the customer writes in (detected on channels); null when not known. */
  language: z.enum(["en", "ar"]).nullable(),
  /**
   * WhatsApp: until when free-form replies may be sent (24 hours after the customer's last
   * message); past it, only a template reopens the conversation. Null on other channels.
   */
  replyWindowEndsAt: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  messageCount: z.number().int(),
  firstQuestion: z.string().nullable(),
  unansweredCount: z.number().int(),
  upCount: z.number().int(),
  downCount: z.number().int(),
  hasLead: z.boolean(),
  /** A customer the business vouched for (signed id); null for anonymous visitors. */
  customer: z
    .object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  /** Live chat: who answers now, who handles it, and since when the visitor waits for a person. */
  status: conversationStatusSchema,
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  waitingSince: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationPageSchema = pageOf(conversationSummarySchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** A message as the team's transcript shows it (see `conversationMessageSchema`). */
export const transcriptMessageSchema = conversationMessageSchema.extend({
  /** Built-in engine answers: its confidence, 0–1 (see streamDoneSchema); null otherwise. */
  confidence: z.number().nullable().optional(),
  interrupted: z.boolean(),
  /** Agent messages: the member who wrote it. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What a channel's customer sent (media is recorded with its caption), or a template sent to them. */
  contentType: messageContentTypeSchema,
  /** Outgoing on a channel: how far it got, and why it failed (the provider's code and words). */
  delivery: deliverySchema.nullable(),
});
export const transcriptSchema = conversationSummarySchema.extend({
  messages: z.array(transcriptMessageSchema),
  leads: z.array(leadSummarySchema),
});
export type Transcript = z.infer<typeof transcriptSchema>;

export const unansweredGroupSchema = z.object({
  /** Stable key of the group (its normalised words). */
  key: z.string(),
  chatbotId: z.string(),
  chatbotName: z.string(),
  question: z.string(),
  count: z.number().int(),
  /** Why: the fallback reply, a thumbs-down, or an answer given with low confidence. */
  reasons: z.object({
    fallback: z.number().int(),
    thumbsDown: z.number().int(),
    lowConfidence: z.number().int(),
  }),
  lastAskedAt: z.string(),
  examples: z.array(z.object({ question: z.string(), conversationId: z.string(), askedAt: z.string() })),
});
export type UnansweredGroup = z.infer<typeof unansweredGroupSchema>;
export const unansweredListSchema = z.array(unansweredGroupSchema);

export const leadRowSchema = leadSummarySchema.extend({
  chatbotId: z.string(),
  chatbotName: z.string(),
  conversationId: z.string(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;
export const leadListSchema = z.array(leadRowSchema);

export const analyticsQuerySchema = z.object({
  chatbotId: idText().optional(),
  channel: conversationChannelSchema.optional(),
  from: isoDay,
  to: isoDay,
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    conversations: z.number().int(),
    messages: z.number().int(),
    questions: z.number().int(),
    answered: z.number().int(),
    thumbsUp: z.number().int(),
    thumbsDown: z.number().int(),
    leads: z.number().int(),
  }),
  /** answered / questions, 0..1; null with no questions. */
  answeredShare: z.number().nullable(),
  /** up / (up + down), 0..1; null with no ratings. */
  satisfaction: z.number().nullable(),
  days: z.array(z.object({ date: z.string(), conversations: z.number().int(), messages: z.number().int() })),
  /** Visitor messages per hour of day (UTC), 24 entries. */
  busiestHours: z.array(z.object({ hour: z.number().int(), messages: z.number().int() })),
  topQuestions: z.array(z.object({ question: z.string(), count: z.number().int() })),
  /** Conversations started in the period per channel, most first (channels with none absent). */
  channels: z.array(z.object({ channel: conversationChannelSchema, conversations: z.number().int() })),
  /** Live chat over the period. */
  live: z.object({
    /** Conversations in which the visitor asked for a person / all conversations, 0..1; null with none. */
    handoffRate: z.number().nullable(),
    handoffs: z.number().int(),
    /** Seconds from the request to the first reply by a person (handoffs that got one). */
    firstHumanReplySeconds: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
    /** Conversations resolved without a person vs with a person's reply. */
    resolvedByBot: z.number().int(),
    resolvedByPerson: z.number().int(),
  }),
  usage: z.object({
    messagesThisMonth: z.number().int(),
    limit: z.number().int(),
    planName: z.string(),
    planNames: planNamesSchema,
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;
