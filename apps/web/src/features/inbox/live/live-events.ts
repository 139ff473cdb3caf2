import {
  activityEventSchema,
  type ConversationStatus,
  conversationStatusSchema,
  type Delivery,
  deliverySchema,
  liveMessageSchema,
  readyEventSchema,
  typingEventSchema,
} from "@parley/contracts";
import { z } from "zod";
import type { SseEvent } from "../../../lib/sse";

/**
 * The team's live stream (`GET /api/events`) as the inbox reads it: what each event means, which
 * ones were already seen, and how long to wait before connecting again. No React, no network:
 * `live-connection.ts` runs the stream, `live-cache.ts` applies the events to the query cache.
 */

/** Reconnecting: the first wait is about a second, each failure doubles it, never over 30 s. */
export const BACKOFF = { initialMs: 1_000, maxMs: 30_000, jitter: 0.3 } as const;

/**
 * How long to wait before connection attempt number `attempt + 1` (0 after the first failure).
 * Jittered downwards by up to 30 %, so tabs cut off together (a deploy, a proxy restart) come back
 * spread out instead of all at once; never more than `BACKOFF.maxMs`.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const steps = Number.isNaN(attempt) ? 0 : Math.max(0, Math.min(Math.floor(attempt), 30));
  const base = Math.min(BACKOFF.maxMs, BACKOFF.initialMs * 2 ** steps);
  const drawn = random();
  const r = Number.isNaN(drawn) ? 1 : Math.min(Math.max(drawn, 0), 1);
  return Math.round(base * (1 - BACKOFF.jitter * r));
}

/** A message as the team's stream carries it: the author with their member id. */
const teamMessageSchema = liveMessageSchema.extend({
  author: z.object({ id: z.string().optional(), name: z.string() }).nullable(),
});
export type TeamMessage = z.infer<typeof teamMessageSchema>;

const messageEventSchema = z.object({ conversationId: z.string(), message: teamMessageSchema });
const statusEventSchema = z.object({
  conversationId: z.string(),
  status: conversationStatusSchema,
  assignee: z.object({ id: z.string().optional(), name: z.string() }).nullable(),
  waitingSince: z.string().nullable(),
});
export type TeamStatus = z.infer<typeof statusEventSchema>;
const deliveryEventSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  delivery: deliverySchema,
});

/** One event of the team's stream, understood. Events with an `id` can be replayed on resume. */
export type TeamEvent =
  | { type: "ready"; resumed: boolean }
  | { type: "message"; id: number | null; conversationId: string; message: TeamMessage }
  | ({ type: "status"; id: number | null } & TeamStatus)
  | { type: "delivery"; id: number | null; conversationId: string; messageId: string; delivery: Delivery }
  | { type: "typing"; conversationId: string }
  | { type: "activity"; conversationId: string; chatbotId: string; kind: "created" | "message" | "lead" }
  | { type: "gone" };

function json(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The event's `id:` as a number, or null (ephemeral events have none). */
function eventId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * What a server-sent event means to the inbox, or null for one it does not know or cannot read
 * (a newer server's event, a malformed payload): those are skipped, never fatal.
 */
export function parseTeamEvent(event: SseEvent): TeamEvent | null {
  const data = json(event.data);
  switch (event.event) {
    case "ready": {
      const parsed = readyEventSchema.safeParse(data);
      return parsed.success ? { type: "ready", resumed: parsed.data.resumed } : null;
    }
    case "message": {
      const parsed = messageEventSchema.safeParse(data);
      return parsed.success ? { type: "message", id: eventId(event.id), ...parsed.data } : null;
    }
    case "status": {
      const parsed = statusEventSchema.safeParse(data);
      return parsed.success ? { type: "status", id: eventId(event.id), ...parsed.data } : null;
    }
    case "delivery": {
      const parsed = deliveryEventSchema.safeParse(data);
      return parsed.success ? { type: "delivery", id: eventId(event.id), ...parsed.data } : null;
    }
    case "typing": {
      const parsed = typingEventSchema.safeParse(data);
      return parsed.success ? { type: "typing", conversationId: parsed.data.conversationId } : null;
    }
    case "activity": {
      const parsed = activityEventSchema.safeParse(data);
      return parsed.success ? { type: "activity", ...parsed.data } : null;
    }
    case "gone":
      return { type: "gone" };
    default:
      return null;
  }
}

/**
 * Which numbered events this tab has seen: an event delivered twice (a resume overlapping what
 * arrived just before the cut) is applied once, and the newest id is what `Last-Event-ID` sends.
 * Remembers the last `capacity` ids; an id at or below the oldest one forgotten counts as seen.
 */
export function createEventTracker(capacity = 1000) {
  const seen = new Set<number>();
  const order: number[] = [];
  let floor = -1;
  let last: number | null = null;
  return {
    /** True the first time an id is offered, false for a repeat. */
    accept(id: number): boolean {
      if (id <= floor || seen.has(id)) return false;
      seen.add(id);
      order.push(id);
      if (order.length > capacity) {
        const dropped = order.shift() as number;
        seen.delete(dropped);
        floor = Math.max(floor, dropped);
      }
      if (last === null || id > last) last = id;
      return true;
    },
    /** The id to resume after (`Last-Event-ID`), null before any. */
    lastId(): number | null {
      return last;
    },
    /**
     * The server did not resume from our id (too old, or a server that never knew it): it starts
     * afresh, and its ids are no longer comparable with the ones remembered.
     */
    reset(): void {
      seen.clear();
      order.length = 0;
      floor = -1;
      last = null;
    },
  };
}
export type EventTracker = ReturnType<typeof createEventTracker>;

/**
 * Whether a status event should raise a desktop notification: someone is now waiting for a person,
 * and the tab is not being looked at (a visible tab shows it in the list already).
 */
export function shouldNotify(
  event: { status: ConversationStatus },
  page: { hidden: boolean; permission: NotificationPermission | "unsupported" },
): boolean {
  return event.status === "waiting" && page.hidden && page.permission === "granted";
}

/** How long someone has been waiting, in the largest whole unit the list shows. */
export function waitedFor(
  waitingSince: string,
  now: number,
): { unit: "justNow" | "minutes" | "hours" | "days"; count: number } | null {
  const since = Date.parse(waitingSince);
  if (Number.isNaN(since)) return null;
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return { unit: "justNow", count: 0 };
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}

/**
 * Lets a function run at most once per `intervalMs` (typing signals while the agent types: the
 * visitor sees "typing…" for a few seconds after each).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** True when the call may go now (and counts it). */
    take(): boolean {
      const at = now();
      if (at - lastAt < intervalMs) return false;
      lastAt = at;
      return true;
    },
    /** Next `take()` goes at once (after a message was sent, typing starts afresh). */
    reset(): void {
      lastAt = Number.NEGATIVE_INFINITY;
    },
  };
}
