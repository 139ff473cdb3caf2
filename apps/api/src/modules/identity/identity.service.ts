import {
  type IdentitySecretCreated,
  type IdentitySecretInfo,
  MAX_CUSTOMER_HEADER,
  type WidgetCustomer,
  widgetCustomerSchema,
} from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import { customerHashMatches, newIdentitySecret, type SecretBox } from "./identity-crypto";

/** What a request's customer header amounts to for one bot. */
export type CustomerIdentity =
  | { status: "anonymous" }
  | { status: "verified"; customer: WidgetCustomer }
  | { status: "refused"; message: string };

export interface IdentityDeps {
  /** The chatbots module stores the secret on the bot's row. */
  setSecret: ChatbotsService["setIdentitySecret"];
  /** Who made the secret, by user id (undefined when the user is gone). */
  findUser: (userId: string) => Promise<{ name: string; email: string } | undefined>;
  box: SecretBox;
  /** The caller's bot, or NOT_FOUND (someone else's bot looks missing). */
  ownBot: (workspaceId: string, chatbotId: string) => Promise<ChatbotRow>;
  now: () => Date;
  /** After the bot's identity secret changed (the widget's bot cache drops it). */
  onChange?: (chatbotId: string) => void;
}

/** `x-parley-customer`: base64url of the customer JSON (any UTF-8 survives an HTTP header that way). */
export function decodeCustomerHeader(
  raw: string | string[] | undefined,
): { ok: true; value: WidgetCustomer | null } | { ok: false; message: string } {
  if (raw === undefined || raw === "") return { ok: true, value: null };
  if (typeof raw !== "string") return { ok: false, message: "send one customer identity, not several" };
  if (raw.length > MAX_CUSTOMER_HEADER) return { ok: false, message: "the customer identity is too long" };
  let json: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error("not base64url");
    json = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return { ok: false, message: "the customer identity is not readable" };
  }
  const parsed = widgetCustomerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "identity";
    const message = issue?.message ?? "invalid";
    return { ok: false, message: message.startsWith(field) ? message : `${field}: ${message}` };
  }
  return { ok: true, value: parsed.data };
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

export function createIdentityService(deps: IdentityDeps) {
  const { box, now } = deps;

  async function infoOf(bot: ChatbotRow): Promise<IdentitySecretInfo> {
    if (!bot.identitySecret) {
      return { enabled: false, hint: null, createdAt: null, createdBy: null, usable: false };
    }
    const user = bot.identitySecretCreatedBy ? await deps.findUser(bot.identitySecretCreatedBy) : undefined;
    const creator = user ? { name: user.name, email: user.email } : undefined;
    return {
      enabled: true,
      hint: bot.identitySecretHint,
      createdAt: bot.identitySecretCreatedAt?.toISOString() ?? null,
      createdBy: creator ?? null,
      usable: box.open(bot.identitySecret, bot.id) !== null,
    };
  }

  return {
    async info(workspaceId: string, chatbotId: string): Promise<IdentitySecretInfo> {
      return infoOf(await deps.ownBot(workspaceId, chatbotId));
    },

    /**
     * A new secret replaces the old one at once (a rotation is usually because the old one
     * leaked): customers signed with the old secret chat anonymously until the business's server
     * signs with the new one. The full secret is in this answer only.
     */
    async rotate(workspaceId: string, chatbotId: string, byUserId: string): Promise<IdentitySecretCreated> {
      const bot = await deps.ownBot(workspaceId, chatbotId);
      const secret = newIdentitySecret();
      const row = await deps.setSecret(bot.id, {
        identitySecret: box.seal(secret, bot.id),
        identitySecretHint: secret.slice(-4),
        identitySecretCreatedAt: now(),
        identitySecretCreatedBy: byUserId,
      });
      deps.onChange?.(bot.id);
      return { ...(await infoOf(row ?? bot)), secret };
    },

    /** Turns verification off: every customer id is refused until a new secret is made. */
    async disable(workspaceId: string, chatbotId: string): Promise<IdentitySecretInfo> {
      const bot = await deps.ownBot(workspaceId, chatbotId);
      const row = await deps.setSecret(bot.id, {
        identitySecret: null,
        identitySecretHint: null,
        identitySecretCreatedAt: null,
        identitySecretCreatedBy: null,
      });
      deps.onChange?.(bot.id);
      return infoOf(row ?? bot);
    },

    /**
     * Checks a request's customer header against the bot's secret. Anything short of a valid
     * signature leaves the visitor anonymous; the message tells the site owner why.
     */
    verify(bot: ChatbotRow, header: string | string[] | undefined): CustomerIdentity {
      const decoded = decodeCustomerHeader(header);
      if (!decoded.ok)
        return { status: "refused", message: `customer identity refused: ${decoded.message}.` };
      const customer = decoded.value;
      if (!customer) return { status: "anonymous" };
      if (!bot.identitySecret) {
        return {
          status: "refused",
          message: `customer identity refused: identity verification is not set up for chatbot ${bot.id}. Create an identity secret in its Embed tab.`,
        };
      }
      const secret = box.open(bot.identitySecret, bot.id);
      if (secret === null) {
        return {
          status: "refused",
          message: `customer identity refused: this server can no longer read the identity secret of chatbot ${bot.id}. Rotate it in the Embed tab.`,
        };
      }
      if (!customerHashMatches(secret, customer.userId, customer.userHash)) {
        return {
          status: "refused",
          message: `customer identity refused: userHash is not the signature of userId "${clip(customer.userId)}" with the identity secret of chatbot ${bot.id} (hex HMAC-SHA256 of the id).`,
        };
      }
      return { status: "verified", customer };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
