/**
 * The WhatsApp simulator's rules, apart from React: the customer's phone number, what the composer
 * may send, the ticks of a business message, what a webhook delivery's status means, and how the
 * thread is laid out (by day, then by runs of one side). The page (`WhatsAppSimulatorPage`) shows
 * them; the stand-in of Meta's Graph API (`/dev/whatsapp-graph/__standin`, outside production)
 * answers it.
 */

/** Where the API serves the stand-in's control routes (same origin as the web app). */
export const STAND_IN_BASE = "/dev/whatsapp-graph/__standin";

/** What the customer can send besides text (the "Send instead" menu). */
export const MEDIA_TYPES = ["image", "document", "audio", "location", "sticker"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export type ComposerType = "text" | MediaType;
export type InboundType = ComposerType | "button_reply";

/** The failures the stand-in can play on Parley's next sends, as Meta's API fails. */
export const FAULTS = ["rate_limit", "server_error", "revoked", "undeliverable", "timeout"] as const;
export type Fault = (typeof FAULTS)[number];
export const FAULT_COUNT_MAX = 100;

/** Meta's limit on a text message (WHATSAPP_TEXT_MAX in the contracts). */
export const TEXT_MAX = 4096;

/** A number the simulator suggests for the customer (Bahrain, as the demo's business). */
export const DEFAULT_CUSTOMER_PHONE = "97333123456";

// ----- The customer's phone number -------------------------------------------------------------

/** The digits of what was typed, without the spaces, dashes, dots, brackets and "+" people add. */
export function phoneDigits(input: string): string {
  return input.replace(/[\s\-.()+\u00a0]/g, "");
}

export type PhoneProblem = "empty" | "notDigits" | "length";

/** Why a typed phone number can't be a WhatsApp id (6 to 20 digits, country code first), or null. */
export function phoneProblem(input: string): PhoneProblem | null {
  const digits = phoneDigits(input);
  if (!digits) return "empty";
  if (!/^\d+$/.test(digits)) return "notDigits";
  if (digits.length < 6 || digits.length > 20) return "length";
  return null;
}

// ----- The composer ----------------------------------------------------------------------------

export type ComposerProblem = "empty" | "tooLong";

/** Text needs words; media may go without a caption; nothing may pass Meta's length limit. */
export function composerProblem(type: ComposerType, text: string): ComposerProblem | null {
  if (text.length > TEXT_MAX) return "tooLong";
  if (type === "text" && !text.trim()) return "empty";
  return null;
}

// ----- Ticks -----------------------------------------------------------------------------------

export type Tick = "pending" | "sent" | "delivered" | "read" | "failed";

/**
 * A business message's ticks: the clock until Meta reports it sent, ✓ sent, ✓✓ delivered, blue ✓✓
 * read, or failed. Customers' own messages have none (null).
 */
export function tickOf(item: { from: "customer" | "business"; status?: string | null }): Tick | null {
  if (item.from !== "business") return null;
  switch (item.status) {
    case "sent":
    case "delivered":
    case "read":
    case "failed":
      return item.status;
    default:
      return "pending";
  }
}

// ----- Webhook deliveries ----------------------------------------------------------------------

export type DeliveryOutcome =
  | { kind: "delivered" }
  /** The number's webhook isn't subscribed: nothing was sent to Parley. */
  | { kind: "notSubscribed" }
  /** Parley could not be reached (no answer, a refused connection). */
  | { kind: "unreachable" }
  /** Parley answered with an error status (a bad signature, a number it doesn't know, an outage). */
  | { kind: "refused"; status: number };

/**
 * What the stand-in's `delivered` list (one HTTP status per delivery; 0 when nothing answered or no
 * webhook is subscribed) means for the customer's message: the first failed delivery tells.
 */
export function deliveryOutcome(delivered: readonly number[], subscribed: boolean): DeliveryOutcome {
  if (delivered.length === 0) return subscribed ? { kind: "unreachable" } : { kind: "notSubscribed" };
  for (const status of delivered) {
    if (status === 0) return subscribed ? { kind: "unreachable" } : { kind: "notSubscribed" };
    if (status < 200 || status >= 300) return { kind: "refused", status };
  }
  return { kind: "delivered" };
}

// ----- The thread ------------------------------------------------------------------------------

export interface ChatButton {
  id: string;
  title: string;
}

export interface ChatItem {
  id: string;
  from: "customer" | "business";
  type: string;
  text: string;
  buttons?: ChatButton[];
  status?: string | null;
  error?: { code: number; title: string } | null;
  replyTo?: string | null;
  at: string;
}

export interface ThreadRun {
  from: ChatItem["from"];
  items: ChatItem[];
}

export interface ThreadDay {
  /** The day's key (e.g. "2026-03-14", in the reader's time zone). */
  day: string;
  /** When the day's first message came: what its separator shows. */
  at: string;
  runs: ThreadRun[];
}

/** The calendar day of an instant in the reader's time zone, as "yyyy-mm-dd". */
export function localDay(at: string): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The thread as WhatsApp lays it out: oldest first, under a separator per day, and consecutive
 * messages of one side as a run (only a run's first bubble has the tail).
 */
export function groupThread(
  items: readonly ChatItem[],
  dayOf: (at: string) => string = localDay,
): ThreadDay[] {
  const sorted = [...items].sort((a, b) => a.at.localeCompare(b.at));
  const days: ThreadDay[] = [];
  for (const item of sorted) {
    const day = dayOf(item.at);
    let current = days.at(-1);
    if (!current || current.day !== day) {
      current = { day, at: item.at, runs: [] };
      days.push(current);
    }
    const run = current.runs.at(-1);
    if (run && run.from === item.from) run.items.push(item);
    else current.runs.push({ from: item.from, items: [item] });
  }
  return days;
}

/** The message a business message answers (shown quoted above it), if it is in the thread. */
export function quotedItem(items: readonly ChatItem[], replyTo: string | null | undefined): ChatItem | null {
  if (!replyTo) return null;
  return items.find((m) => m.id === replyTo) ?? null;
}

/** A one-line excerpt of a message for a quote. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Buttons can be tapped on a message that reached the phone (not one that failed, nor a pending one). */
export function buttonsUsable(item: ChatItem): boolean {
  const tick = tickOf(item);
  return tick !== "failed" && tick !== "pending";
}
