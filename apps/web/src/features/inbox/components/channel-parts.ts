import { type ConversationSummary, WHATSAPP_WINDOW_MS } from "@parley/contracts";

/**
 * How the inbox names a channel's customer and the state of what was sent to them. No React: the
 * components in ChannelParts.tsx draw it; the rules are tested on their own.
 */

/** A WhatsApp customer: the name they gave themselves there, else their number with its "+". */
export function contactLabel(contact: NonNullable<ConversationSummary["contact"]>): string {
  const name = contact.name?.trim();
  return name || `+${contact.id}`;
}

/** Where a reply may go now: free text, only a template (the 24-hour window closed), or no limit. */
export type ReplyWindow =
  | { kind: "none" }
  | { kind: "open"; endsAt: Date; minutesLeft: number }
  | { kind: "closed"; endedAt: Date | null };

/**
 * WhatsApp allows free-form replies for 24 hours after the customer's last message; then only an
 * approved template. Widget and API conversations have no window. A WhatsApp conversation whose
 * customer never wrote (null) is closed: only a template may start it.
 */
export function replyWindow(
  conversation: Pick<ConversationSummary, "channel" | "replyWindowEndsAt">,
  now: number,
): ReplyWindow {
  if (conversation.channel !== "whatsapp") return { kind: "none" };
  const ends = conversation.replyWindowEndsAt ? new Date(conversation.replyWindowEndsAt) : null;
  if (!ends || Number.isNaN(ends.getTime())) return { kind: "closed", endedAt: null };
  const left = ends.getTime() - now;
  if (left <= 0) return { kind: "closed", endedAt: ends };
  // Never more than the window itself: `now` may be up to a minute old (the minute clock), and a
  // message that just arrived must not read "24 h 1 min".
  const minutesLeft = Math.min(Math.ceil(left / 60_000), WHATSAPP_WINDOW_MS / 60_000);
  return { kind: "open", endsAt: ends, minutesLeft };
}

/** "3 h 20 min", "45 min": what is left of the window, in hours and minutes. */
export function windowLeft(minutes: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.ceil(minutes));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/** Whether the reply box should warn that the window closes soon (under an hour left). */
export const closingSoon = (window: ReplyWindow) => window.kind === "open" && window.minutesLeft <= 60;
