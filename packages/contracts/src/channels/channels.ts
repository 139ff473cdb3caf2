import { z } from "zod";
import { safeText } from "../common/text";

/**
 * Messaging channels (issue #31): a bot answers customers where they write, today WhatsApp
 * Business through Meta's Cloud API. A connection belongs to one bot; its credentials are kept
 * sealed and never shown again; the inbox holds its conversations beside the widget's.
 */

/** The Graph API version every call names (one place to move it). */
export const WHATSAPP_GRAPH_VERSION = "v23.0";
/** The longest text one WhatsApp message carries; a longer answer is sent in parts. */
export const WHATSAPP_TEXT_MAX = 4096;
/** A message with reply buttons holds at most this much text. */
export const WHATSAPP_BUTTON_BODY_MAX = 1024;
/** How long after the customer's last message free-form replies are allowed. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

/**
 * Meta's ids are digits (phone number id, WhatsApp Business Account id). Anything else is refused
 * here, so it never reaches a URL we call. Each field's messages are written out whole, so each
 * has its own translation.
 */
const DIGITS = /^\d+$/;
/** A secret pasted from Meta's settings: printable ASCII, one line. */
const PRINTABLE = /^[\x21-\x7e]+$/;

/** `POST /api/chatbots/:id/channels/whatsapp`. */
export const whatsappConnectSchema = z.object({
  phoneNumberId: safeText()
    .trim()
    .min(1, "Enter the phone number ID")
    .max(32, "The phone number ID is a number of at most 32 digits")
    .regex(DIGITS, "The phone number ID is a number (digits only), as Meta's app settings show it"),
  businessAccountId: safeText()
    .trim()
    .min(1, "Enter the WhatsApp Business Account ID")
    .max(32, "The WhatsApp Business Account ID is a number of at most 32 digits")
    .regex(
      DIGITS,
      "The WhatsApp Business Account ID is a number (digits only), as Meta's app settings show it",
    ),
  accessToken: safeText()
    .trim()
    .min(1, "Enter the access token")
    .max(1024, "The access token is at most 1024 characters")
    .regex(PRINTABLE, "The access token has no spaces or line breaks: paste it as Meta shows it"),
  appSecret: safeText()
    .trim()
    .min(1, "Enter the app secret")
    .max(128, "The app secret is at most 128 characters")
    .regex(PRINTABLE, "The app secret has no spaces or line breaks: paste it as Meta shows it"),
});
export type WhatsappConnect = z.infer<typeof whatsappConnectSchema>;

export const channelStatusSchema = z.enum(["connected", "needs_attention"]);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** A connected channel as its owners and admins see it (the secrets are never sent back). */
export const channelSchema = z.object({
  _id: z.string(),
  chatbotId: z.string(),
  kind: z.literal("whatsapp"),
  status: channelStatusSchema,
  /** Why it needs attention, in the provider's words. */
  statusReason: z.string().nullable(),
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  /** As Meta reported them when the token was checked. */
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  /** Meta's quality rating of the number: GREEN, YELLOW, RED or UNKNOWN. */
  qualityRating: z.string(),
  /** The address to paste into Meta's app settings (Webhooks → Callback URL). */
  callbackUrl: z.string(),
  /** The verify token to paste beside it. */
  verifyToken: z.string(),
  lastWebhookAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
export const channelListSchema = z.array(channelSchema);

/** An approved message template of the business, as the inbox offers it. */
export const whatsappTemplateSchema = z.object({
  name: z.string(),
  /** Meta's language code (en, en_US, ar…). */
  language: z.string(),
  category: z.string(),
  /** The body's text with its placeholders ({{1}}, {{2}}…). */
  body: z.string(),
  /** How many values its placeholders take, in order. */
  parameterCount: z.number().int(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;
export const whatsappTemplateListSchema = z.array(whatsappTemplateSchema);

/** Values for a template's placeholders: one line each, as WhatsApp requires. */
export const TEMPLATE_PARAMETER_MAX = 1024;
export const templateSendSchema = z.object({
  name: safeText()
    .min(1)
    .max(512)
    .regex(/^[a-z0-9_]+$/, "A template name has lower-case letters, digits and underscores"),
  language: safeText()
    .min(2)
    .max(16)
    .regex(/^[A-Za-z_]+$/, "A language code such as en or en_US"),
  parameters: z
    .array(
      safeText()
        .trim()
        .min(1, "Fill in every value")
        .max(TEMPLATE_PARAMETER_MAX, `A value is at most ${TEMPLATE_PARAMETER_MAX} characters`)
        .refine(
          (v) => !/[\r\n\t]/.test(v) && !/ {5,}/.test(v),
          "A value is one line, without tabs or runs of spaces",
        ),
    )
    .max(20),
});
export type TemplateSend = z.infer<typeof templateSendSchema>;

/** The placeholders of a template's text, in order of their numbers ({{1}}, {{2}}…). */
export function templatePlaceholders(body: string): number[] {
  return [...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))].sort(
    (a, b) => a - b,
  );
}

/** A template's text with its values in place of {{1}}, {{2}}… (as the customer reads it). */
export function fillTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n) => parameters[Number(n) - 1] ?? whole);
}
