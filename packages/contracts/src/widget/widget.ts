import { z } from "zod";
import { askSchema } from "../chatbots/chat";
import { botLanguageSchema, widgetThemeSchema } from "../chatbots/chatbot";
import { cleanName } from "../common/names";
import { safeText, stripBidiControls } from "../common/text";
import { conversationMessageSchema, conversationStatusSchema, messageAuthorSchema } from "../live/live";

/**
 * Public widget API (no sign-in). Every call after config carries the visitor's id in the
 * `x-parley-visitor` header: a random id that embed.js keeps in the host page's own storage (the
 * chat page's own storage when opened directly) and hands to the chat frame by postMessage. An
 * anonymous conversation can only be read or continued with the visitor id that started it.
 *
 * A business may vouch for its signed-in customer: `x-parley-customer` carries the customer's id,
 * e-mail and name with an HMAC-SHA256 of the id made with the bot's identity secret (see
 * `widgetCustomerSchema`). A conversation of a verified customer can only be read or continued
 * with that customer's valid signature, on any device, and never by visitor id alone.
 */
export const VISITOR_HEADER = "x-parley-visitor";
export const CUSTOMER_HEADER = "x-parley-customer";
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Invalid visitor id");

/** No NUL or other control characters (line breaks included): these values are ids and labels. */
const plainText = (s: string) => !/\p{Cc}/u.test(s);

/**
 * A signed-in customer as the business's page describes them. `userHash` is the lowercase hex
 * HMAC-SHA256 of `userId` (its UTF-8 bytes, exactly as given) keyed with the bot's identity secret.
 * E-mail and name are not signed: they label the verified id in the inbox.
 */
export const widgetCustomerSchema = z.object({
  userId: z
    .string()
    .min(1, "userId is empty")
    .max(256, "userId is longer than 256 characters")
    .refine(plainText, "userId contains control characters"),
  userHash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "userHash must be the 64-character hex HMAC-SHA256 of userId")
    .transform((h) => h.toLowerCase()),
  email: z.email("email is not a valid e-mail address").max(254).optional(),
  name: z
    .string()
    .trim()
    .max(120, "name is longer than 120 characters")
    .refine(plainText, "name contains control characters")
    .optional(),
});
export type WidgetCustomer = z.infer<typeof widgetCustomerSchema>;
export type WidgetCustomerInput = z.input<typeof widgetCustomerSchema>;
/** The customer header's most characters (base64url of the JSON); longer is refused unread. */
export const MAX_CUSTOMER_HEADER = 2048;

/**
 * The language the widget is asked for (`?lang=` on /config and /launcher): the visitor's browser
 * language, or the site's `data-lang`. Anything but a language the bot speaks gets its default.
 */
export const widgetLanguageQuerySchema = z.object({
  lang: z
    .string()
    .optional()
    .transform((v) => {
      // Whatever a page wrote in data-lang: unknown or malformed is simply not a language we speak.
      const base = v?.slice(0, 35).trim().toLowerCase().split(/[-_]/)[0];
      return base === "en" || base === "ar" ? base : undefined;
    }),
});

/**
 * `GET /config?lang=`: the chat page's texts in `language` (the asked-for language when the bot
 * speaks it, else the bot's default): greeting, suggested questions, launcher and bubble texts.
 */
export const widgetConfigSchema = z.object({
  _id: z.string(),
  name: z.string(),
  language: botLanguageSchema,
  greeting: z.string(),
  suggestedQuestions: z.array(z.string()),
  theme: widgetThemeSchema,
  leadCapture: z.boolean(),
  /** Free plan bots show "Powered by Parley". */
  showBranding: z.boolean(),
  /** The proactive greeting beside the closed launcher; null when the bot has none. */
  greetingBubble: z.object({ text: z.string(), delaySeconds: z.number().int() }).nullable(),
  /** Live chat: whether visitors may ask for a person, and whether someone is in now (office hours). */
  handoff: z
    .object({
      enabled: z.boolean(),
      withinHours: z.boolean(),
      /** Seconds of waiting for a person before the contact form is offered. */
      waitSeconds: z.number().int().default(60),
    })
    .default({ enabled: false, withinHours: false, waitSeconds: 60 }),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

/**
 * `GET /launcher`: embed.js's one question before it draws anything — may this bot run on the
 * calling site, and how does its launcher look? A "no" is an answer, not an error: `reason` is
 * the console line the site owner reads (what to publish, or which domain to allow).
 */
export const launcherStatusSchema = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    /** `launcherText` in `lang` (see widgetLanguageQuerySchema). */
    theme: widgetThemeSchema,
    lang: botLanguageSchema,
    dir: z.enum(["ltr", "rtl"]),
    /** The launcher's own words in `lang`, so embed.js carries none: close, dismiss, unread ("{n} new"), frame title. */
    labels: z.object({ close: z.string(), dismiss: z.string(), unread: z.string(), title: z.string() }),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type LauncherStatus = z.infer<typeof launcherStatusSchema>;

/** A message as the visitor's widget sees it (see `conversationMessageSchema`). */
export const widgetMessageSchema = conversationMessageSchema.extend({
  /** Agent messages: who replied (name only, shown with a "Team" badge); null otherwise. */
  author: messageAuthorSchema.nullable().default(null),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const widgetConversationSchema = z.object({
  _id: z.string(),
  chatbotId: z.string(),
  messages: z.array(widgetMessageSchema),
  leadCaptured: z.boolean(),
  /** Who answers now: the bot, or the team (waiting for or handled by a person). */
  status: conversationStatusSchema.default("bot"),
  /** The member handling it (name only), when claimed. */
  agent: messageAuthorSchema.nullable().default(null),
  /** The conversation's last live event number: the event stream resumes after it (`Last-Event-ID`). */
  lastEventId: z.number().int().default(0),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

/**
 * `POST /session`: who the chat page talks to, and the conversation to resume (the customer's
 * latest when verified, else this visitor's latest anonymous one). `identity.message` says, for
 * the site owner's console, why an identity was refused.
 */
export const widgetSessionSchema = z.object({
  identity: z.object({
    status: z.enum(["anonymous", "verified", "refused"]),
    message: z.string().nullable(),
  }),
  conversation: widgetConversationSchema.nullable(),
});
export type WidgetSession = z.infer<typeof widgetSessionSchema>;

/** A visitor's message: its text and the language the widget speaks to them in. */
export const widgetAskSchema = askSchema
  .pick({ content: true })
  .extend({ language: botLanguageSchema.optional() });

export const feedbackSchema = z.object({ value: z.enum(["up", "down"]).nullable() });
export type Feedback = z.infer<typeof feedbackSchema>;

export const leadSchema = z.object({
  email: z.email("Please enter a valid email address").max(254),
  /**
   * Shown in the inbox and the leads export. Direction controls are dropped rather than refused:
   * a visitor's contact details are not lost over an invisible character.
   */
  name: safeText()
    .overwrite(stripBidiControls)
    .trim()
    .max(120)
    // One line, and nothing at all when nothing visible is left (the inbox shows the address then).
    .overwrite((v) => cleanName(v, 120))
    .optional(),
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
  sessionsPerIpPerMinute: 120,
  /** Reads (launcher, config, a conversation): a page view makes one or two, an office shares an IP. */
  readsPerIpPerMinute: 600,
  feedbackPerVisitorPerMinute: 30,
  leadsPerVisitorPerHour: 5,
  leadsPerIpPerHour: 60,
  maxMessagesPerConversation: 200,
  historyTurns: 12,
} as const;
