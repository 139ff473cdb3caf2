import { z } from "zod";
import { askSchema, citationSchema } from "../chatbots/chat";
import { botLanguageSchema, chatbotListItemSchema } from "../chatbots/chatbot";
import { knowledgeSourceSchema } from "../chatbots/knowledge";
import { nameText } from "../common/names";
import { idText } from "../common/text";
import { conversationFiltersSchema, leadRowSchema, transcriptMessageSchema } from "../inbox/inbox";
import { pageOf, pageQuerySchema } from "../paging/page";
import { planNamesSchema } from "../plans/plan";
import type { WorkspaceCapability } from "../workspaces/workspace";

/**
 * Workspace API keys (issue #24). A key acts for its workspace, never for a person: it reaches
 * only `/api/v1/...` (never billing, members, the account or another workspace), within its
 * scopes:
 * - `read`: list and read bots, sources, conversations and leads;
 * - `write`: create and change bots and knowledge sources;
 * - `chat`: ask a bot (`POST /api/v1/chatbots/:id/ask`).
 */
export const apiKeyScopeSchema = z.enum(["chat", "read", "write"]);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;
export const API_KEY_SCOPES = apiKeyScopeSchema.options;

/**
 * The scope a key needs for what a member needs a capability for: the one route layer asks for a
 * capability, and a key holds it through this scope. A capability missing here (billing, members,
 * keys, webhooks, channels, deleting, exporting…) no key can ever hold.
 */
export const API_KEY_SCOPE_FOR = {
  "bots:read": "read",
  "knowledge:read": "read",
  "inbox:read": "read",
  "bots:write": "write",
  "knowledge:write": "write",
  /** Asking a bot: what the Playground lets a member do, and `chat` a key. */
  "playground:use": "chat",
} as const satisfies Partial<Record<WorkspaceCapability, ApiKeyScope>>;

/** Every key starts so (a secret scanner can find leaked ones); 32 random bytes follow, base64url. */
export const API_KEY_PREFIX = "prly_";
/** The whole key's shape: anything else is refused before any lookup. */
export const API_KEY_PATTERN = /^prly_[A-Za-z0-9_-]{43}$/;
/** How many of the key's first characters the list shows (the prefix and four more). */
export const API_KEY_SHOWN_START = API_KEY_PREFIX.length + 4;

/**
 * Which plans include the public API: Pro (tier 2) and Business (tier 3). A Free or Starter
 * workspace cannot create keys, and its keys (from before a downgrade) are refused.
 */
export const API_ACCESS_MIN_TIER = 2;
export const planIncludesApiAccess = (tier: number) => tier >= API_ACCESS_MIN_TIER;
/** Requests per key per minute, by plan tier (the one rate limiter counts them). */
export function apiRequestsPerMinute(tier: number): number {
  return tier >= 3 ? 600 : 120;
}
/** Keys a workspace may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;
export const API_KEY_NAME_MAX = 80;

export const apiKeyCreateSchema = z.object({
  name: nameText({
    max: API_KEY_NAME_MAX,
    tooLong: `Keep the name under ${API_KEY_NAME_MAX} characters`,
    required: "Give the key a name",
  }),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, "Choose at least one scope")
    .max(3)
    .transform((s) => [...new Set(s)].sort()),
  /** When the key stops working (ISO 8601, in the future); null or omitted: never. */
  expiresAt: z.iso.datetime({ offset: true, message: "Enter a date and time" }).nullable().optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `prly_a1b2`. */
  prefix: z.string(),
  last4: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  expiresAt: z.string().nullable(),
  /** When it was last used (to the minute); null: never. */
  lastUsedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  createdAt: z.string(),
  /** `expired`: past its expiry (it is refused; revoke it to tidy the list). */
  status: z.enum(["active", "expired"]),
  /** This calendar month (UTC): requests made and messages answered through the key. */
  thisMonth: z.object({ requests: z.number().int(), messages: z.number().int() }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** `POST /api/api-keys`: the key itself, shown this once and never again. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  /** Whether the workspace's plan includes the API (if not, keys cannot be created or used). */
  planIncludesApi: z.boolean(),
  planName: z.string(),
  planNames: planNamesSchema,
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

// ----- The public API (/api/v1) ---------------------------------------------------------------

export const API_V1_PREFIX = "/api/v1";

/** `POST /api/v1/chatbots/:id/ask`. */
export const apiAskSchema = askSchema.pick({ content: true }).extend({
  /** Continue this conversation (one the API started for this workspace); omitted: a new one. */
  conversationId: idText().optional(),
  /** The language to answer in, when the bot speaks it. */
  language: botLanguageSchema.optional(),
});
export type ApiAsk = z.infer<typeof apiAskSchema>;

export const apiAnswerSchema = z.object({
  conversationId: z.string(),
  /** The question as stored. */
  questionId: z.string(),
  answer: z.object({
    /** Null when nothing was stored (the team holds the conversation). */
    messageId: z.string().nullable(),
    text: z.string(),
    answered: z.boolean(),
    /**
     * The bot had no answer in its knowledge and abstained: `text` is its fallback reply (the
     * default one only asks to rephrase; through the API it never offers a person or the e-mail
     * form, which only the widget has). Show your own next step, e.g. your support contact.
     */
    fallback: z.boolean(),
    citations: z.array(citationSchema),
    engine: z.enum(["builtin", "openai-compatible"]),
  }),
  /** The conversation is with the team (handed off): the bot did not answer. */
  heldForTeam: z.boolean(),
});
export type ApiAnswer = z.infer<typeof apiAnswerSchema>;

/** `GET /api/v1/chatbots`: newest first, a page at a time (like every list of the API). */
export const apiChatbotQuerySchema = pageQuerySchema;
export type ApiChatbotQuery = z.infer<typeof apiChatbotQuerySchema>;
export const apiChatbotPageSchema = pageOf(chatbotListItemSchema);
export type ApiChatbotPage = z.infer<typeof apiChatbotPageSchema>;

/** `GET /api/v1/chatbots/:id/sources`: newest first, a page at a time (like every list of the API). */
export const apiSourceQuerySchema = pageQuerySchema;
export type ApiSourceQuery = z.infer<typeof apiSourceQuerySchema>;
export const apiSourcePageSchema = pageOf(knowledgeSourceSchema);
export type ApiSourcePage = z.infer<typeof apiSourcePageSchema>;

/** The inbox's filters, less `assignee=me` (a key is nobody). */
export const apiConversationQuerySchema = conversationFiltersSchema.omit({ assignee: true });
export type ApiConversationQuery = z.infer<typeof apiConversationQuerySchema>;

/** `GET /api/v1/conversations/:id/messages`: oldest first, a page at a time. */
export const apiMessageQuerySchema = pageQuerySchema;
export type ApiMessageQuery = z.infer<typeof apiMessageQuerySchema>;
export const apiMessagePageSchema = pageOf(transcriptMessageSchema);
export type ApiMessagePage = z.infer<typeof apiMessagePageSchema>;

export const apiLeadQuerySchema = z.object({
  chatbotId: idText().optional(),
  ...pageQuerySchema.shape,
});
export type ApiLeadQuery = z.infer<typeof apiLeadQuerySchema>;
export const apiLeadPageSchema = pageOf(leadRowSchema);
export type ApiLeadPage = z.infer<typeof apiLeadPageSchema>;
