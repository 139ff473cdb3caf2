import type { IncomingHttpHeaders } from "node:http";
import type { BotLanguage, MessageContentType } from "@parley/contracts";
import type { ChannelRow, DeliveryPart, SentTemplate, StoredCitation } from "../../db/schema";

/** A channel with its secrets opened, for the one request that needs them. */
export interface OpenChannel {
  row: ChannelRow;
  accessToken: string;
  appSecret: string;
}

/** A customer's message as a channel delivered it (see InboundMessage in the turn service). */
export interface ChannelMessage {
  /** The provider's id of the message: the same on every delivery of it. */
  externalId: string;
  /** The customer's address on the channel (a WhatsApp number). */
  contactId: string;
  contactName: string | null;
  at: Date;
  contentType: MessageContentType;
  text: string;
  /** The provider's id of the message the customer replied to or whose button they tapped. */
  replyToExternalId: string | null;
  asksForPerson: boolean;
}

/** What the provider says happened to a message we sent. */
export interface DeliveryReport {
  /** The provider's id of the part it is about. */
  externalId: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  /** Our message id and part, as we gave it when sending (`<messageId>:<part>`). */
  callbackData: string | null;
  error: { code: number; message: string } | null;
}

/** An outgoing message as a channel sends it. */
export interface OutgoingMessage {
  id: string;
  role: "assistant" | "agent";
  content: string;
  contentType: MessageContentType;
  template: SentTemplate | null;
  citations: StoredCitation[];
  language: BotLanguage;
  /** The provider's id of the customer's message this answers (shown quoted), if any. */
  replyToExternalId: string | null;
  /** Offer "Talk to a person" with it (an answer the bot could not give, a person reachable now). */
  offerHandoff: boolean;
}

/**
 * One messaging channel, in one shape (issue #31): verify an inbound request, parse it, send a
 * message, and the reports of how far sent messages got. The conversations module does the rest
 * (who answers, the turn, storing); channels.service.ts and channel-jobs.ts drive the adapters.
 */
export interface ChannelAdapter {
  kind: ChannelRow["kind"];
  /** Whether the request is the provider's: its signature over the raw body, checked in constant time. */
  verify(channel: OpenChannel, rawBody: Buffer, headers: IncomingHttpHeaders): boolean;
  /** A verified request's messages and delivery reports; null when it is not a delivery at all. */
  parse(
    channel: OpenChannel,
    body: unknown,
  ): { messages: ChannelMessage[]; reports: DeliveryReport[] } | null;
  /**
   * Sends what is left of `message` (a long one goes in parts; `parts` are those already sent, by
   * an earlier attempt). Calls `sent` after each part the provider accepted; throws the provider's
   * refusal for the part it stopped at.
   */
  send(
    channel: OpenChannel,
    to: string,
    message: OutgoingMessage,
    parts: readonly DeliveryPart[],
    sent: (index: number, externalId: string, total: number) => Promise<void>,
    /** Called (and awaited) before each part goes to the provider: recorded, so a crash is known. */
    attempt?: (index: number, total: number) => Promise<void>,
  ): Promise<void>;
}
