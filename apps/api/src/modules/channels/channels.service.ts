import { randomBytes } from "node:crypto";
import {
  type Channel,
  templatePlaceholders,
  type WhatsappConnect,
  type WhatsappTemplate,
} from "@parley/contracts";
import type { ChannelRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { SealedBox } from "../../lib/secret-box";
import type { AuditService } from "../workspaces/audit.service";
import type { OpenChannel } from "./channel-adapter";
import type { ChannelsRepo } from "./channels.repo";
import { type GraphClient, GraphError } from "./whatsapp/graph-client";

export interface ChannelsDeps {
  repo: ChannelsRepo;
  graph: GraphClient;
  /** Channels' secrets at rest (bound to the channel's id and the field). */
  secrets: SealedBox;
  /** The bot, if it is the workspace's (throws NOT_FOUND otherwise). */
  ownBot: (workspaceId: string, chatbotId: string) => Promise<{ id: string; name: string }>;
  /** Whether the workspace's plan includes messaging channels (the API's plans: Pro and Business). */
  plan: (workspaceId: string) => Promise<{ included: boolean; name: string }>;
  audit: Pick<AuditService, "record">;
  /** The app's public address: Meta calls the webhook there. */
  publicUrl: string;
  now: () => Date;
  /** A channel turned to `needs_attention`: its workspace's owners are told (e-mail). */
  onNeedsAttention?: (channel: ChannelRow, reason: string) => Promise<void>;
}

export interface Actor {
  userId: string;
  email: string | null;
}

/** What Meta's refusal means for the person connecting a number, in words they can act on. */
function connectError(err: unknown): AppError {
  if (!(err instanceof GraphError)) throw err;
  const said = err.message ? ` Meta said: "${err.message}"` : "";
  switch (err.kind) {
    case "revoked":
      return new AppError(
        "CHANNEL_REFUSED",
        `Meta did not accept the access token (error ${err.code}). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired.${said}`,
      );
    case "rate_limited":
    case "unavailable":
      return new AppError(
        "CHANNEL_UNAVAILABLE",
        `Meta could not be reached to check the number right now. Try again in a minute.${said}`,
      );
    default:
      return new AppError(
        "CHANNEL_REFUSED",
        `Meta does not know this phone number ID, or it does not belong to this token (error ${err.code}). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself.${said}`,
      );
  }
}

/**
 * Messaging channels of a workspace's bots (issue #31): connecting a WhatsApp Business number
 * (checked against the Graph API first), listing and disconnecting them, the business's
 * templates, and the credentials for the sender and the webhook. Owners and admins only (the
 * routes check the role); paid plans, like the API.
 */
const TOUCH_EVERY_MS = 10_000;

export function createChannelsService(deps: ChannelsDeps) {
  const { repo, graph, secrets, now } = deps;
  /** When this process last noted a channel's webhook (see touchWebhook). */
  const touched = new Map<string, number>();
  const seal = (value: string, channelId: string, field: string) =>
    secrets.seal(value, `${channelId}:${field}`);
  const unseal = (sealed: string, channelId: string, field: string) =>
    secrets.open(sealed, `${channelId}:${field}`);

  const callbackUrl = (id: string) =>
    `${deps.publicUrl.replace(/\/+$/, "")}/api/channels/whatsapp/${id}/webhook`;

  const toChannel = (row: ChannelRow): Channel => ({
    _id: row.id,
    chatbotId: row.chatbotId,
    kind: row.kind,
    status: row.status,
    statusReason: row.statusReason,
    phoneNumberId: row.phoneNumberId,
    businessAccountId: row.businessAccountId,
    displayPhoneNumber: row.displayPhoneNumber,
    verifiedName: row.verifiedName,
    qualityRating: row.qualityRating,
    callbackUrl: callbackUrl(row.id),
    verifyToken: unseal(row.verifyTokenSealed, row.id, "verify"),
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  async function requirePlan(workspaceId: string) {
    const plan = await deps.plan(workspaceId);
    if (!plan.included)
      throw new AppError(
        "PLAN_LIMIT_REACHED",
        `Your ${plan.name} plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.`,
      );
  }

  /**
   * Channels' credentials as last opened here, by channel, with the sealed values they came from:
   * every webhook delivery and every send opens its channel, and unsealing both (a key derivation
   * and two decryptions) was a few percent of the server's time under load. A reconnected number
   * has new sealed values, and is opened again.
   */
  const opened = new Map<string, { sealed: string; accessToken: string; appSecret: string }>();
  const OPENED_MAX = 1_000;

  function open(row: ChannelRow): OpenChannel {
    const sealed = `${row.accessTokenSealed}\u0000${row.appSecretSealed}`;
    const known = opened.get(row.id);
    if (known?.sealed === sealed) return { row, accessToken: known.accessToken, appSecret: known.appSecret };
    const accessToken = unseal(row.accessTokenSealed, row.id, "token");
    const appSecret = unseal(row.appSecretSealed, row.id, "app-secret");
    opened.delete(row.id);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
    opened.set(row.id, { sealed, accessToken, appSecret });
    return { row, accessToken, appSecret };
  }

  async function owned(workspaceId: string, id: string) {
    const row = await repo.owned(workspaceId, id);
    if (!row) throw AppError.of("NOT_FOUND", "channels.channelNotFound");
    return row;
  }

  /**
   * Meta refused the channel's credentials: sending stops until the owner connects the number
   * again, and they are told (once, when it changes).
   */
  async function needsAttention(row: ChannelRow, err: GraphError) {
    const reason = `Meta refused the access token (error ${err.code}): ${err.message}`.slice(0, 500);
    if (!(await repo.needsAttention(row.id, reason, now()))) return;
    await deps.audit.record({
      workspaceId: row.workspaceId,
      action: "channel.needs_attention",
      actorId: null,
      actorEmail: null,
      target: row.id,
      details: { chatbotId: row.chatbotId, number: row.displayPhoneNumber, reason },
    });
    await deps.onNeedsAttention?.(row, reason);
  }

  return {
    open,
    toChannel,

    /** Connects a WhatsApp number to a bot, once Meta confirmed the token and the number. */
    async connectWhatsapp(workspaceId: string, chatbotId: string, input: WhatsappConnect, actor: Actor) {
      const bot = await deps.ownBot(workspaceId, chatbotId);
      await requirePlan(workspaceId);
      const taken = await repo.byPhoneNumber(input.phoneNumberId);
      if (taken)
        throw new AppError(
          "CONFLICT",
          taken.workspaceId === workspaceId
            ? "This number is already connected to one of your chatbots. Disconnect it there first."
            : "This number is already connected to a Parley chatbot of another workspace.",
        );
      const info = await graph.phoneNumber(input.accessToken, input.phoneNumberId).catch((err) => {
        throw connectError(err);
      });
      // The templates call checks the WhatsApp Business Account ID with the same token.
      await graph.templates(input.accessToken, input.businessAccountId).catch((err) => {
        if (err instanceof GraphError && err.kind === "refused")
          throw new AppError(
            "CHANNEL_REFUSED",
            `Meta does not know WhatsApp Business Account ID ${input.businessAccountId}, or it does not belong to this token (error ${err.code}). Copy it from WhatsApp → API Setup in your Meta app. Meta said: "${err.message}"`,
          );
        throw connectError(err);
      });
      const id = newId("chn");
      const at = now();
      const verifyToken = randomBytes(24).toString("base64url");
      const row = await repo
        .insert({
          id,
          workspaceId,
          chatbotId: bot.id,
          kind: "whatsapp",
          phoneNumberId: input.phoneNumberId,
          businessAccountId: input.businessAccountId,
          displayPhoneNumber: info.displayPhoneNumber,
          verifiedName: info.verifiedName,
          qualityRating: info.qualityRating,
          accessTokenSealed: seal(input.accessToken, id, "token"),
          appSecretSealed: seal(input.appSecret, id, "app-secret"),
          verifyTokenSealed: seal(verifyToken, id, "verify"),
          createdAt: at,
          updatedAt: at,
        })
        .catch((err: unknown) => {
          // Two connects of the same number at once: the unique index lets one in.
          if (
            (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
            (err as { cause?: { code?: string } }).cause?.code === "23505"
          )
            throw AppError.of("CONFLICT", "channels.numberWasJustConnectedTo");
          throw err;
        });
      await deps.audit.record({
        workspaceId,
        action: "channel.connected",
        actorId: actor.userId,
        actorEmail: actor.email,
        target: id,
        details: {
          chatbotId: bot.id,
          chatbotName: bot.name,
          number: info.displayPhoneNumber,
          kind: "whatsapp",
        },
      });
      return toChannel(row);
    },

    async list(workspaceId: string, chatbotId: string): Promise<Channel[]> {
      await deps.ownBot(workspaceId, chatbotId);
      return (await repo.forBot(workspaceId, chatbotId)).map(toChannel);
    },

    async disconnect(workspaceId: string, id: string, actor: Actor) {
      const row = await owned(workspaceId, id);
      await repo.remove(workspaceId, id);
      opened.delete(id);
      await deps.audit.record({
        workspaceId,
        action: "channel.disconnected",
        actorId: actor.userId,
        actorEmail: actor.email,
        target: id,
        details: { chatbotId: row.chatbotId, number: row.displayPhoneNumber, kind: row.kind },
      });
    },

    /**
     * The channel for an inbound request (its id is in the callback URL Meta calls); undefined
     * when there is none, so the route answers like any unknown address.
     */
    async forWebhook(id: string): Promise<OpenChannel | undefined> {
      const row = await repo.byId(id);
      return row ? open(row) : undefined;
    },

    /** The verify token Meta's handshake must send for this channel. */
    verifyTokenOf: (row: ChannelRow) => unseal(row.verifyTokenSealed, row.id, "verify"),

    /** The business's approved templates, as the inbox offers them (a conversation's channel). */
    async templates(workspaceId: string, channelId: string): Promise<WhatsappTemplate[]> {
      const channel = open(await owned(workspaceId, channelId));
      const all = await graph.templates(channel.accessToken, channel.row.businessAccountId).catch((err) => {
        if (err instanceof GraphError && err.kind === "revoked") void needsAttention(channel.row, err);
        throw connectError(err);
      });
      return all
        .filter((t) => t.status === "APPROVED")
        .map((t) => {
          const body = t.components.find((c) => c.type.toUpperCase() === "BODY")?.text ?? "";
          return {
            name: t.name,
            language: t.language,
            category: t.category,
            body,
            parameterCount: templatePlaceholders(body).length,
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
    },

    needsAttention,
    /**
     * Notes that Meta called (the Settings card's "last message from Meta"). At most every 10 s
     * per channel and process: under load every delivery would otherwise update the one row, each
     * waiting for the last one's lock.
     */
    async touchWebhook(id: string) {
      const at = now();
      const last = touched.get(id);
      if (last !== undefined && Math.abs(at.getTime() - last) < TOUCH_EVERY_MS) return;
      touched.set(id, at.getTime());
      if (touched.size > 10_000) touched.clear();
      await repo.touchWebhook(id, at);
    },
    /** Forgets receipts older than eight days (the provider stops retrying in seven). */
    pruneReceipts: () => repo.pruneReceipts(new Date(now().getTime() - 8 * 86_400_000)),
    erase: repo.eraseWorkspace,
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
