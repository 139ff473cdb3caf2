import { z } from "zod";
import { askSchema, citationSchema } from "../chatbots/chat";
import { idText, safeText } from "../common/text";

/**
 * Live chat: a person takes over a conversation from the bot.
 *
 * A conversation's `status` is a small state machine the API's conversations module owns:
 *   bot ──(visitor asks for a person, within office hours)──▶ waiting ──(claim)──▶ claimed
 *   waiting | claimed ──(release)──▶ bot          any ──(close)──▶ closed
 *   bot | waiting ──(an agent claims or replies)──▶ claimed
 *   closed ──(the visitor writes again)──▶ bot (the bot answers; a closed conversation is resolved)
 * While it is `waiting` or `claimed` the bot stays silent: visitor messages wait for the team.
 * An agent's reply to a `closed` conversation is refused (`CONFLICT`): the visitor reopens it.
 */
export const conversationStatusSchema = z.enum(["bot", "waiting", "claimed", "closed"]);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Words that ask for a person (lower-cased, matched as whole words or phrases; EN and AR). */
export const HANDOFF_PHRASES = {
  en: [
    "human",
    "a human",
    "real person",
    "a person",
    "agent",
    "live agent",
    "speak to someone",
    "talk to someone",
    "speak to a person",
    "talk to a person",
    "customer service",
    "representative",
    "operator",
  ],
  ar: [
    "موظف",
    "الموظف",
    "انسان",
    "إنسان",
    "شخص حقيقي",
    "خدمة العملاء",
    "أكلم شخص",
    "اكلم شخص",
    "التحدث مع شخص",
    "التحدث إلى شخص",
    "التحدث مع موظف",
    "ممثل خدمة",
    "وكيل",
  ],
} as const;

/**
 * Whether a visitor's message asks for a person. Short messages only (a question that merely
 * mentions "agent" in a sentence about something else is the bot's to answer): up to 8 words.
 */
export function asksForPerson(text: string): boolean {
  const norm = text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[\u064b-\u065f\u0640]/g, "") // Arabic diacritics and tatweel
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!norm || norm.split(" ").length > 8) return false;
  const padded = ` ${norm} `;
  return [...HANDOFF_PHRASES.en, ...HANDOFF_PHRASES.ar].some((p) => padded.includes(` ${p} `));
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 09:00");

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** One day's opening hours (close after open; "24:00" is not a time: use 23:59). */
export const openingSchema = z
  .object({ open: hhmm, close: hhmm })
  .refine((d) => d.open < d.close, { message: "Closing time must be after opening time", path: ["close"] });

/**
 * When a person can answer. `days[0]` is Sunday … `days[6]` Saturday (a Gulf week starts on
 * Sunday); null is closed all day. Times are the time zone's wall clock.
 */
export const officeHoursSchema = z.object({
  timeZone: z.string().max(64).refine(validTimeZone, "Choose a time zone from the list"),
  days: z.array(openingSchema.nullable()).length(7),
});
export type OfficeHours = z.infer<typeof officeHoursSchema>;

/** A bot's live-chat settings (texts per language live with its other texts). */
export const handoffSettingsSchema = z.object({
  /** Visitors may ask for a person ("Talk to a person", phrasing, the offer after a fallback). */
  enabled: z.boolean(),
  /** Null: a person may be asked for at any time. */
  officeHours: officeHoursSchema.nullable(),
  /**
   * How long a visitor waits for a person before the chat offers the contact form (and a WhatsApp
   * customer is told the team will answer there). Unset: HANDOFF_WAIT_SECONDS.
   */
  waitSeconds: z
    .number()
    .int()
    .min(15, "Wait at least 15 seconds before offering the contact form")
    .max(3600, "Wait at most an hour (3600 seconds) before offering the contact form")
    .optional(),
});
export type HandoffSettings = z.infer<typeof handoffSettingsSchema>;
export const DEFAULT_HANDOFF: HandoffSettings = { enabled: false, officeHours: null };
/** A visitor waits this long for a person before the contact form is offered (issue #31: 60 s). */
export const HANDOFF_WAIT_SECONDS = 60;

/** Whether `at` falls within the office hours (always, with none). */
export function withinOfficeHours(hours: OfficeHours | null, at: Date): boolean {
  if (!hours) return true;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: hours.timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  const time = `${get("hour")}:${get("minute")}`;
  const opening = hours.days[day];
  return Boolean(opening && time >= opening.open && time < opening.close);
}

export const messageContentTypeSchema = z.enum([
  "text",
  "image",
  "document",
  "audio",
  "video",
  "sticker",
  "location",
  "template",
  "other",
]);
export type MessageContentType = z.infer<typeof messageContentTypeSchema>;

/** Delivery states of a message sent on a channel, in the order they happen (`failed` ends it). */
export const deliveryStatusSchema = z.enum(["queued", "sent", "delivered", "read", "failed"]);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;
export const deliverySchema = z.object({
  status: deliveryStatusSchema,
  /** Failed: the provider's code and what it said, and what it means for the team. */
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
  at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** Who replies for the team, as visitors see them: the name only, with the "Team" badge. */
export const messageAuthorSchema = z.object({ name: z.string() });

/** `POST /api/widget/:chatbotId/conversations/:id/handoff`. */
export const handoffResultSchema = z.object({
  status: conversationStatusSchema,
  /** False outside office hours: nobody was asked; the reply offers the lead form instead. */
  withinHours: z.boolean(),
  /** The bot's reply to the request (stored in the conversation), null when it was already with the team. */
  reply: z.object({ _id: z.string(), content: z.string(), createdAt: z.string() }).nullable(),
  /** Offer the contact form (outside office hours, when the bot collects contact details). */
  offerLead: z.boolean(),
});
export type HandoffResult = z.infer<typeof handoffResultSchema>;

/**
 * A conversation's message: the one contract of a message, which each reader sees with its own
 * additions (the visitor's widget: `widgetMessageSchema`; live events: `liveMessageSchema`; the
 * team's transcript: `transcriptMessageSchema`). A field every reader has is added here.
 */
export const conversationMessageSchema = z.object({
  _id: z.string(),
  /** `agent`: a member of the business's team replied. */
  role: z.enum(["user", "assistant", "agent"]),
  content: z.string(),
  citations: z.array(citationSchema),
  /** Assistant messages: false when the bot gave its fallback reply. */
  answered: z.boolean().nullable(),
  feedback: z.enum(["up", "down"]).nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A message as live events carry it (the widget's and the inbox's message shape, with its author). */
export const liveMessageSchema = conversationMessageSchema.extend({
  /** Agent messages: who wrote it (name only). */
  author: messageAuthorSchema.nullable(),
  /** On a channel: what the customer sent (media with its caption), or a template. */
  contentType: messageContentTypeSchema.default("text"),
  /** Outgoing on a channel: how far it got (the team's inbox only). */
  delivery: deliverySchema.nullable().default(null),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/**
 * Events of a conversation (the visitor's stream, `GET …/conversations/:id/events`, and the
 * team's, `GET /api/events`). Stored before they are published: each has an `id`, the stream's
 * `id:` line, and a reconnecting client sends the last one it saw (`Last-Event-ID`) to get what it
 * missed, in order, once. Ephemeral events (`typing`, `activity`) have no id and are not replayed.
 * - `message`: a message the other side should see at once (visitor, agent, or a bot reply given
 *   while the team holds the conversation).
 * - `status`: the conversation changed hands; `assignee` is the member handling it.
 * - `typing` (ephemeral): the other side is typing.
 * - `activity` (team only, ephemeral): a bot-mode conversation changed (new, or a question and
 *   its answer); the inbox refreshes its list.
 * - `ready`: sent first on every (re)connect; `resumed` says whether `Last-Event-ID` was honoured
 *   (false: too old or unknown; the client reloads the conversation instead).
 */
export const liveStatusSchema = z.object({
  conversationId: z.string(),
  status: conversationStatusSchema,
  assignee: z.object({ id: z.string().optional(), name: z.string() }).nullable(),
  /** When the visitor asked for a person (null unless waiting or claimed). */
  waitingSince: z.string().nullable(),
});
export type LiveStatus = z.infer<typeof liveStatusSchema>;

export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), conversationId: z.string(), message: liveMessageSchema }),
  z.object({ type: z.literal("status"), ...liveStatusSchema.shape }),
  // A message sent on a channel moved on (sent, delivered, read, failed): the team's inbox only.
  z.object({
    type: z.literal("delivery"),
    conversationId: z.string(),
    messageId: z.string(),
    delivery: deliverySchema,
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const typingEventSchema = z.object({
  conversationId: z.string(),
  /** Agent typing: the agent's name; visitor typing: null. */
  name: z.string().nullable(),
});
export const activityEventSchema = z.object({
  conversationId: z.string(),
  chatbotId: z.string(),
  kind: z.enum(["created", "message", "lead"]),
});
export const readyEventSchema = z.object({ resumed: z.boolean() });

/** A member's reply from the inbox (same size limits as a visitor's message). */
export const agentReplySchema = askSchema.pick({ content: true });
export type AgentReply = z.infer<typeof agentReplySchema>;

/** `GET /api/events` and the visitor stream: `?lastEventId=` where a header cannot be sent. */
export const eventStreamQuerySchema = z.object({
  lastEventId: safeText().max(40).optional(),
});

/** Limits of the live routes (enforced by the API; shown when hit). */
export const LIVE_LIMITS = {
  /** Open event streams per visitor id, per API process (tabs of the host site). */
  streamsPerVisitor: 6,
  /** Open event streams per IP, per API process (an office shares an IP). */
  streamsPerIp: 100,
  /** Open event streams per member, per API process (dashboard tabs). */
  streamsPerMember: 10,
  /** Bytes a slow reader may leave unread before its stream is closed (it resumes from the database). */
  maxBufferedBytes: 256 * 1024,
  /** A heartbeat comment this often keeps idle connections open through proxies (nginx: 60 s). */
  heartbeatMs: 20_000,
  /** Events replayed on resume; an older Last-Event-ID gets `ready {resumed:false}`. */
  maxReplay: 500,
  handoffsPerVisitorPerHour: 10,
  agentMessagesPerMemberPerMinute: 60,
  typingPerMinute: 60,
} as const;

/** Per-member e-mail notifications for handoff requests and new leads. */
export const notificationModeSchema = z.enum(["each", "hourly", "none"]);
export type NotificationMode = z.infer<typeof notificationModeSchema>;
export const notificationPrefsSchema = z.object({ email: notificationModeSchema });
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const conversationIdParams = z.object({ id: idText() });
