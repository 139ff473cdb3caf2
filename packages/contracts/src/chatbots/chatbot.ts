import { z } from "zod";
import { nameText } from "../common/names";
import { safeText, withoutNul } from "../common/text";
import { handoffSettingsSchema } from "../live/live";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #4f46e5");

/**
 * Characters that draw nothing: zero-width spaces and joiners, the direction marks, the word joiner,
 * the byte-order mark and the soft hyphen. Pasted from a document into a domain they would make a
 * different string of the same look, so they are removed before anything compares domains.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/g;

/**
 * An allowed domain as browsers send it in `Origin`: an internationalised name (مثال.البحرين,
 * bücher.de) becomes its punycode form (xn--mgbh0fb.xn--mgbcpq6gpa1a) through the WHATWG URL
 * parser's IDNA processing, which browsers and Node share. `*.` and `:port` are kept; anything
 * the parser refuses (a direction override, a space) is left as typed, for the pattern to refuse.
 */
export function toAsciiDomain(entry: string): string {
  const text = entry.replace(INVISIBLE, "").trim().toLowerCase();
  const parts = /^(\*\.)?([^:/?#@\s]+)(:\d{1,5})?$/u.exec(text);
  if (!parts?.[2] || /^[\x21-\x7e]*$/.test(parts[2])) return text;
  try {
    return `${parts[1] ?? ""}${new URL(`http://${parts[2]}`).hostname}${parts[3] ?? ""}`;
  } catch {
    return text;
  }
}

/** A host a bot may be embedded on: `example.com`, `shop.example.com`, `*.example.com`, or an IDN. */
export const allowedDomainSchema = z
  .string()
  .max(300, "Enter a domain such as example.com or *.example.com")
  .transform(toAsciiDomain)
  .pipe(
    z
      .string()
      .regex(
        /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/,
        "Enter a domain such as example.com or *.example.com",
      ),
  );

/**
 * How sure the built-in engine must be before it answers (its confidence, 0–1, against thresholds
 * fitted on the eval's dev halves): `answer_more` answers more and says "I don't know" less often,
 * `cautious` asks the visitor to rephrase (the fallback reply) more often. Default `balanced`.
 */
export const ANSWER_CAUTIONS = ["answer_more", "balanced", "cautious"] as const;
export const answerCautionSchema = z.enum(ANSWER_CAUTIONS);
export type AnswerCaution = z.infer<typeof answerCautionSchema>;
/**
 * The confidence an answer needs per caution setting, chosen on the eval's dev halves at 2 %, 5 %
 * and 10 % false abstention (written by apps/api/eval/fit-confidence.ts --write).
 */
export const CAUTION_THRESHOLDS: Record<AnswerCaution, number> = {
  answer_more: 0.277,
  balanced: 0.5,
  cautious: 0.709,
};
/**
 * An answer given below this confidence (one a cautious bot would hold back) is "low confidence":
 * marked in the Playground and the inbox, and listed with the unanswered questions.
 */
export const LOW_CONFIDENCE = CAUTION_THRESHOLDS.cautious;

export const modelSettingsSchema = z.object({
  /** `builtin`: the extractive answer engine (no AI key). `openai-compatible`: any /chat/completions endpoint. */
  provider: z.enum(["builtin", "openai-compatible"]),
  /** Model name for openai-compatible; null uses the server's LLM_MODEL. */
  model: safeText().trim().max(200).nullable(),
  /** Per-bot endpoint; null uses the server's LLM_BASE_URL. */
  baseUrl: withoutNul(z.url()).nullable(),
  temperature: z.number().min(0).max(2),
  /** Upper bound on an answer's length, in tokens. */
  maxAnswerTokens: z.number().int().min(50).max(4000),
  /** Built-in engine: how cautious it is (see answerCautionSchema). */
  caution: answerCautionSchema,
  /** Whether a per-bot API key is stored (the key itself is never sent back). */
  hasApiKey: z.boolean(),
  /**
   * The stored key's last four characters, for telling keys apart ("•••• abcd"); null when no key
   * is stored or the key is too short to show any of it. The key is encrypted at rest.
   */
  apiKeyLast4: z.string().nullable(),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

/**
 * Semantic search (an OpenAI-compatible `/embeddings` endpoint). Null fields use the server's
 * EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL; with neither, retrieval is full text only. Changing
 * them re-embeds the bot's sources in the background.
 */
export const embeddingSettingsSchema = z.object({
  model: safeText().trim().min(1).max(200).nullable(),
  baseUrl: withoutNul(z.url()).nullable(),
  /** Whether a per-bot key is stored (never sent back). */
  hasApiKey: z.boolean(),
});
export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>;

/**
 * "Test connection" for a bot's embeddings endpoint (`POST /api/chatbots/:id/embeddings/test`):
 * the values typed in the form, before they are saved. Null `baseUrl` / `model` use the server's
 * EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL. `apiKey`: a key typed now; null tests without a key;
 * omitted uses the key stored for the bot (or the server's, for the server's own endpoint).
 */
export const embeddingsTestSchema = z.object({
  baseUrl: withoutNul(z.url({ protocol: /^https?$/ }))
    .max(2000)
    .nullable(),
  model: safeText().trim().min(1).max(200).nullable(),
  apiKey: safeText().min(1).max(500).nullable().optional(),
});
export type EmbeddingsTestInput = z.infer<typeof embeddingsTestSchema>;

/**
 * Why a connection test failed, as a closed set the UI words in the reader's language:
 * `not_configured` nothing to test (no address or model, here or on the server);
 * `private_address` refused by the outbound guard (a private or local network);
 * `unreachable` no connection (DNS, refused, TLS); `timeout` no answer in time;
 * `unauthorized` 401/403 (the key); `http_error` any other non-2xx status;
 * `too_large` an answer far larger than one vector; `bad_response` 2xx but not a list of vectors.
 */
export const EMBEDDINGS_TEST_FAILURES = [
  "not_configured",
  "private_address",
  "unreachable",
  "timeout",
  "unauthorized",
  "http_error",
  "too_large",
  "bad_response",
] as const;
export const embeddingsTestFailureSchema = z.enum(EMBEDDINGS_TEST_FAILURES);
export type EmbeddingsTestFailure = z.infer<typeof embeddingsTestFailureSchema>;

export const embeddingsTestResultSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** The vector's length for the model tested. */
    dimensions: z.number().int().min(1),
    latencyMs: z.number().int().min(0),
  }),
  z.object({
    ok: z.literal(false),
    code: embeddingsTestFailureSchema,
    /** The endpoint's HTTP status, where it answered one. */
    status: z.number().int().nullable(),
    /** English, for logs and support: the UI words the code in the reader's language instead. */
    detail: z.string(),
    latencyMs: z.number().int().min(0),
  }),
]);
export type EmbeddingsTestResult = z.infer<typeof embeddingsTestResultSchema>;

/** Connection tests reach out to an address an owner typed: a few a minute per workspace. */
export const EMBEDDINGS_TEST_LIMITS = { perWorkspacePerMinute: 10 } as const;

export const widgetThemeSchema = z.object({
  primaryColor: hexColor,
  position: z.enum(["bottom-right", "bottom-left"]),
  launcherText: safeText().trim().max(40),
});
export type WidgetTheme = z.infer<typeof widgetThemeSchema>;

/**
 * The optional proactive greeting: a speech bubble beside the closed launcher, `delaySeconds`
 * after the page loads. A visitor who dismisses it (or opens the chat) does not see it again.
 */
export const greetingBubbleSchema = z.object({
  enabled: z.boolean(),
  text: z
    .string()
    .trim()
    .max(140, "Keep the greeting bubble under 140 characters")
    .refine((s) => !/\p{Cc}/u.test(s), "Remove control characters from the greeting bubble"),
  delaySeconds: z
    .number({ error: "Enter a number of seconds" })
    .int("Use a whole number of seconds")
    .min(0, "At least 0 seconds")
    .max(300, "At most 300 seconds (5 minutes)"),
});
export type GreetingBubble = z.infer<typeof greetingBubbleSchema>;

/** The languages a bot (and its widget) can speak. */
export const BOT_LANGUAGES = ["en", "ar"] as const;
export const botLanguageSchema = z.enum(BOT_LANGUAGES);
export type BotLanguage = z.infer<typeof botLanguageSchema>;

/**
 * A bot's visitor-facing texts in one language other than its default (the top-level `greeting`,
 * `suggestedQuestions`, `fallbackReply`, `theme.launcherText` and `greetingBubble.text` are the
 * default language's).
 */
export const botTextsSchema = z.object({
  greeting: z.string(),
  suggestedQuestions: z.array(z.string()),
  fallbackReply: z.string(),
  launcherText: z.string(),
  greetingBubbleText: z.string(),
  /** Live chat: the bot's words when a visitor asks for a person (within office hours). */
  handoffReply: z.string(),
  /** Live chat: the bot's words outside office hours (the lead form is offered after it). */
  offHoursReply: z.string(),
});
export type BotTexts = z.infer<typeof botTextsSchema>;

/**
 * What a new bot says in each language until its owner writes its own (bot content in that
 * language, whatever the reader's language; the builder offers them when a language is added).
 */
export const DEFAULT_BOT_TEXTS: Record<BotLanguage, BotTexts> = {
  en: {
    greeting: "Hi! 👋 How can I help you today?",
    suggestedQuestions: [],
    // Offers nothing (a new bot has no lead form and no live chat); see `defaultFallbackReply`.
    fallbackReply: "I'm sorry, I don't have an answer to that yet. Could you rephrase your question?",
    launcherText: "Chat with us",
    greetingBubbleText: "",
    handoffReply: "I'm connecting you with a member of our team. They'll reply here shortly.",
    offHoursReply:
      "Our team is away right now. Leave your e-mail and we'll get back to you as soon as we're in.",
  },
  ar: {
    greeting: "مرحبًا! 👋 كيف يمكنني مساعدتك اليوم؟",
    suggestedQuestions: [],
    fallbackReply: "عذرًا، لا تتوفر لديّ إجابة عن هذا السؤال حتى الآن. هل يمكنك إعادة صياغته؟",
    launcherText: "تحدّث معنا",
    greetingBubbleText: "",
    handoffReply: "سأحوّلك إلى أحد أعضاء فريقنا. سيردّ عليك هنا بعد قليل.",
    offHoursReply: "فريقنا غير متاح الآن. اترك بريدك الإلكتروني وسنتواصل معك فور عودتنا.",
  },
};

/** What a bot offers a visitor it could not answer (its fallback reply should say so, and no more). */
export interface FallbackOffers {
  /** The e-mail form (`leadCapture`). */
  leadCapture: boolean;
  /** A person from the team (live chat, `handoff.enabled`). */
  liveChat: boolean;
}

/** The default fallback reply's apology (`FALLBACK_INVITATIONS` follows it). */
const FALLBACK_APOLOGY: Record<BotLanguage, string> = {
  en: "I'm sorry, I don't have an answer to that yet.",
  ar: "عذرًا، لا تتوفر لديّ إجابة عن هذا السؤال حتى الآن.",
};

/**
 * What the default fallback reply invites the visitor to do, by what the bot offers. With live
 * chat the widget offers "Talk to a person" after the reply; the e-mail form then comes when the
 * team is away (outside office hours), hence "if no one is available" when both are on.
 */
const FALLBACK_INVITATIONS: Record<BotLanguage, Record<"neither" | "lead" | "person" | "both", string>> = {
  en: {
    neither: "Could you rephrase your question?",
    lead: "Could you rephrase, or leave your e-mail so our team can get back to you?",
    person: "Could you rephrase your question? You can also talk to a person from our team.",
    both: "Could you rephrase your question? You can also talk to a person from our team; if no one is available, leave your e-mail so they can get back to you.",
  },
  ar: {
    neither: "هل يمكنك إعادة صياغته؟",
    lead: "هل يمكنك إعادة صياغته، أو ترك بريدك الإلكتروني ليتواصل معك فريقنا؟",
    person: "هل يمكنك إعادة صياغته؟ يمكنك أيضًا التحدث إلى أحد أعضاء فريقنا.",
    both: "هل يمكنك إعادة صياغته؟ يمكنك أيضًا التحدث إلى أحد أعضاء فريقنا، وإن لم يكن أحد متاحًا فاترك بريدك الإلكتروني ليتواصلوا معك.",
  },
};

const offerKind = (offers: FallbackOffers) =>
  offers.leadCapture ? (offers.liveChat ? "both" : "lead") : offers.liveChat ? "person" : "neither";

/** The sentence inviting the visitor to rephrase, and to use what the bot offers (the e-mail form, a person). */
export function fallbackInvitation(language: BotLanguage, offers: FallbackOffers): string {
  return FALLBACK_INVITATIONS[language][offerKind(offers)];
}

/**
 * The default fallback reply in `language` for a bot offering `offers`: it never asks for an
 * e-mail without the form, nor promises a person without live chat.
 */
export function defaultFallbackReply(language: BotLanguage, offers: FallbackOffers): string {
  return `${FALLBACK_APOLOGY[language]} ${fallbackInvitation(language, offers)}`;
}

/**
 * Whether `text` is one of the default fallback replies in `language`, or empty (the owner has
 * not written their own). The "lead" one is also the default every bot got before the reply matched the offers.
 */
export function isDefaultFallbackReply(text: string, language: BotLanguage): boolean {
  const trimmed = text.trim();
  // An empty one (never written) is said as the default too: a bot never answers with nothing.
  if (trimmed === "") return true;
  return Object.values(FALLBACK_INVITATIONS[language]).some(
    (invitation) => trimmed === `${FALLBACK_APOLOGY[language]} ${invitation}`,
  );
}

/**
 * The fallback reply a bot says: the owner's words as written, or, while it is a default, the
 * default matching what the bot offers now (so turning lead capture or live chat on or off
 * changes it, and bots created before keep no promise of a form they do not show).
 */
export function effectiveFallbackReply(
  stored: string,
  language: BotLanguage,
  offers: FallbackOffers,
): string {
  return isDefaultFallbackReply(stored, language) ? defaultFallbackReply(language, offers) : stored;
}

export const chatbotSchema = z.object({
  _id: z.string(),
  name: z.string(),
  instructions: z.string(),
  greeting: z.string(),
  suggestedQuestions: z.array(z.string()),
  fallbackReply: z.string(),
  /** Live chat texts in the default language (see botTextsSchema). */
  handoffReply: z.string(),
  offHoursReply: z.string(),
  /** Live chat: whether visitors may ask for a person, and when someone is in. */
  handoff: handoffSettingsSchema,
  /** The language of the top-level texts, and the widget's language for visitors it cannot serve. */
  defaultLanguage: botLanguageSchema,
  /** The languages the widget speaks (always includes `defaultLanguage`). */
  languages: z.array(botLanguageSchema),
  /** Texts for each supported language other than the default (kept when a language is turned off). */
  translations: z.object({ en: botTextsSchema.optional(), ar: botTextsSchema.optional() }),
  model: modelSettingsSchema,
  embeddings: embeddingSettingsSchema,
  theme: widgetThemeSchema,
  greetingBubble: greetingBubbleSchema,
  allowedDomains: z.array(z.string()),
  leadCapture: z.boolean(),
  retentionDays: z.number().int(),
  published: z.boolean(),
  /**
   * Switched off by Parley's staff (the operator's console), with their reason: visitors are told
   * the assistant is unavailable. Null when it answers as usual.
   */
  suspended: z.object({ at: z.string(), reason: z.string() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;
/** A bot as the lists show it: with how many knowledge sources it has, and how many are ready. */
export const chatbotListItemSchema = chatbotSchema.extend({
  sourceCount: z.number().int(),
  readySourceCount: z.number().int(),
});
export type ChatbotListItem = z.infer<typeof chatbotListItemSchema>;
export const chatbotListSchema = z.array(chatbotListItemSchema);

/** The widget shows the name to visitors: the one rule for names people see (`nameText`). */
const name = nameText({
  max: 80,
  tooLong: "Keep the name under 80 characters",
  required: "Give your chatbot a name",
});
/**
 * The bidi embedding and override controls (U+202A–U+202E). An override (U+202E) shows the
 * characters after it in reverse order, so a visitor-facing text could show one address while
 * holding another ("moc.knab" read as "bank.com"). Texts that mix Arabic and Latin need none of
 * them (the isolates U+2066–U+2069 and the marks U+200E/U+200F stay allowed).
 */
export const BIDI_OVERRIDE = /[\u202A-\u202E]/;
const noBidiOverride = <T extends z.ZodType<string>>(schema: T): T =>
  schema.refine(
    (s) => !BIDI_OVERRIDE.test(s),
    "Remove the invisible text-direction override characters (U+202A to U+202E)",
  );
const greeting = noBidiOverride(safeText().trim().max(500, "Keep the greeting under 500 characters"));
const suggestedQuestions = z
  .array(noBidiOverride(safeText().trim().min(1).max(200)))
  .max(6, "Up to 6 suggested questions");
const fallbackReply = noBidiOverride(
  safeText().trim().min(1, "The fallback reply cannot be empty").max(1000),
);
const launcherText = noBidiOverride(safeText().trim().max(40));
const greetingBubbleText = noBidiOverride(
  z
    .string()
    .trim()
    .max(140, "Keep the greeting bubble under 140 characters")
    .refine((s) => !/\p{Cc}/u.test(s), "Remove control characters from the greeting bubble"),
);
const handoffReply = noBidiOverride(
  safeText()
    .trim()
    .min(1, "Write what the bot says when it hands over")
    .max(500, "Keep it under 500 characters"),
);
const offHoursReply = noBidiOverride(
  safeText()
    .trim()
    .min(1, "Write what the bot says outside office hours")
    .max(500, "Keep it under 500 characters"),
);
/** One language's texts in an edit: each field optional (what is sent replaces what is stored). */
export const botTextsInputSchema = z
  .object({
    greeting,
    suggestedQuestions,
    fallbackReply,
    launcherText,
    greetingBubbleText,
    handoffReply,
    offHoursReply,
  })
  .partial();
export type BotTextsInput = z.infer<typeof botTextsInputSchema>;

const editable = {
  name,
  instructions: safeText().max(8000, "Keep instructions under 8,000 characters"),
  greeting,
  suggestedQuestions,
  fallbackReply,
  handoffReply,
  offHoursReply,
  handoff: handoffSettingsSchema.partial(),
  defaultLanguage: botLanguageSchema,
  /** The set (order and repeats do not matter); must include the default language. */
  languages: z
    .array(botLanguageSchema)
    .min(1, "Choose at least one language")
    .max(BOT_LANGUAGES.length * 4),
  /** Per language other than the default; an unknown language is refused, not dropped. */
  translations: z.strictObject({ en: botTextsInputSchema.optional(), ar: botTextsInputSchema.optional() }),
  model: modelSettingsSchema
    .omit({ hasApiKey: true, apiKeyLast4: true })
    .extend({
      /** Write-only: a new key, or null to remove the stored one; omitted keeps it. */
      apiKey: safeText().min(1).max(500).nullable().optional(),
    })
    .partial(),
  embeddings: embeddingSettingsSchema
    .omit({ hasApiKey: true })
    .extend({
      /** Write-only: a new key, or null to remove the stored one; omitted keeps it. */
      apiKey: safeText().min(1).max(500).nullable().optional(),
    })
    .partial(),
  theme: widgetThemeSchema.extend({ launcherText }).partial(),
  greetingBubble: greetingBubbleSchema
    .extend({ text: greetingBubbleText })
    .partial()
    .refine((b) => !b.enabled || b.text === undefined || b.text.length > 0, {
      path: ["text"],
      message: "Write the greeting, or turn the bubble off",
    }),
  allowedDomains: z.array(allowedDomainSchema).max(50),
  leadCapture: z.boolean(),
  retentionDays: z.number().int().min(1, "Keep conversations for at least 1 day").max(3650),
  published: z.boolean(),
};

/** Both given: the supported set must hold the default (with one of them alone, the server checks). */
const languagesHoldDefault = (v: { defaultLanguage?: BotLanguage; languages?: BotLanguage[] }) =>
  !v.defaultLanguage || !v.languages || v.languages.includes(v.defaultLanguage);
const holdDefault = {
  path: ["languages"],
  message: "The supported languages must include the default language",
};

export const chatbotCreateSchema = z
  .object(editable)
  .partial()
  .extend({ name })
  .refine(languagesHoldDefault, holdDefault);
export type ChatbotCreate = z.infer<typeof chatbotCreateSchema>;
export type ChatbotCreateInput = z.input<typeof chatbotCreateSchema>;
export const chatbotUpdateSchema = z.object(editable).partial().refine(languagesHoldDefault, holdDefault);
export type ChatbotUpdate = z.infer<typeof chatbotUpdateSchema>;
export type ChatbotUpdateInput = z.input<typeof chatbotUpdateSchema>;
