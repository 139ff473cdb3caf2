import {
  type ConversationPage,
  type ConversationSummary,
  type Delivery,
  deliveryStatusSchema,
  type Transcript,
} from "@parley/contracts";
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { inboxKeys } from "../keys";
import type { TeamEvent, TeamMessage, TeamStatus } from "./live-events";

/**
 * Live events into TanStack Query's cache: the open transcript gains the message or the new state
 * at once (patched, no reload), the lists take the new state in place and then reload in the
 * background (their order and counts are the server's: waiting first, then by last message).
 */

type Pages = InfiniteData<ConversationPage, string | null>;
type TranscriptMessage = Transcript["messages"][number];

/** The later of two ISO times (they compare as text). */
const later = (a: string, b: string) => [a, b].sort()[1] ?? a;

/** A live message in the transcript's shape. */
export function toTranscriptMessage(message: TeamMessage): TranscriptMessage {
  return {
    _id: message._id,
    role: message.role,
    content: message.content,
    citations: message.citations,
    answered: message.answered,
    feedback: message.feedback,
    interrupted: false,
    author: message.author ? { id: message.author.id ?? "", name: message.author.name } : null,
    contentType: message.contentType,
    delivery: message.delivery,
    createdAt: message.createdAt,
  };
}

/**
 * The transcript with `message` in its place (by time), or the same transcript when it is already
 * there: an event and the reply's own response, or a resume and a reload, never show it twice.
 */
export function withMessage(transcript: Transcript, message: TeamMessage): Transcript {
  if (transcript.messages.some((m) => m._id === message._id)) return transcript;
  const added = toTranscriptMessage(message);
  const messages = [...transcript.messages];
  let at = messages.length;
  while (at > 0 && (messages[at - 1]?.createdAt ?? "") > added.createdAt) at -= 1;
  messages.splice(at, 0, added);
  return {
    ...transcript,
    messages,
    messageCount: transcript.messageCount + 1,
    lastMessageAt: later(added.createdAt, transcript.lastMessageAt),
  };
}

/** Who handles a conversation, in the inbox's shape (the team's events carry the member's id). */
const assigneeOf = (status: Pick<TeamStatus, "assignee">) =>
  status.assignee ? { id: status.assignee.id ?? "", name: status.assignee.name } : null;

/** A conversation (summary or transcript) in its new live state. */
export function withStatus<T extends Pick<ConversationSummary, "status" | "assignee" | "waitingSince">>(
  conversation: T,
  status: Omit<TeamStatus, "conversationId">,
): T {
  return {
    ...conversation,
    status: status.status,
    assignee: assigneeOf(status),
    waitingSince: status.waitingSince,
  };
}

/** Every loaded page of every list, with one conversation changed (the others untouched). */
export function patchPages(
  data: Pages | undefined,
  conversationId: string,
  change: (item: ConversationSummary) => ConversationSummary,
): Pages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item._id === conversationId)) return page;
    changed = true;
    return { ...page, items: page.items.map((item) => (item._id === conversationId ? change(item) : item)) };
  });
  return changed ? { ...data, pages } : data;
}

/** Where an event leaves the cache: what to patch now, what to reload. */
export interface CacheWork {
  /** Reload every conversation list (coalesced: a burst of events reloads once). */
  lists: boolean;
  /** Reload these queries too. */
  reload: QueryKey[];
}

/** Puts a message into the open transcript (and its time into the lists). */
export function addMessage(queryClient: QueryClient, conversationId: string, message: TeamMessage): void {
  queryClient.setQueryData<Transcript>(inboxKeys.transcript(conversationId), (t) =>
    t ? withMessage(t, message) : t,
  );
  queryClient.setQueriesData<Pages>({ queryKey: inboxKeys.lists() }, (data) =>
    patchPages(data, conversationId, (item) => ({
      ...item,
      lastMessageAt: later(message.createdAt, item.lastMessageAt),
    })),
  );
}

/** Puts a conversation's new state into the open transcript and every loaded list. */
export function applyStatus(queryClient: QueryClient, status: TeamStatus): void {
  const { conversationId, ...rest } = status;
  queryClient.setQueryData<Transcript>(inboxKeys.transcript(conversationId), (t) =>
    t ? withStatus(t, rest) : t,
  );
  queryClient.setQueriesData<Pages>({ queryKey: inboxKeys.lists() }, (data) =>
    patchPages(data, conversationId, (item) => withStatus(item, rest)),
  );
}

/**
 * A sent message's new delivery state in the open transcript. As on the server, a state only moves
 * on (a reload may already show `read` when an earlier `delivered` event is applied) and `failed`
 * is never left.
 */
export function withDelivery(transcript: Transcript, messageId: string, delivery: Delivery): Transcript {
  const at = transcript.messages.findIndex((m) => m._id === messageId);
  const current = at >= 0 ? transcript.messages[at] : undefined;
  if (!current) return transcript;
  const order = deliveryStatusSchema.options;
  if (current.delivery && order.indexOf(delivery.status) <= order.indexOf(current.delivery.status))
    return transcript;
  const messages = [...transcript.messages];
  messages[at] = { ...current, delivery };
  return { ...transcript, messages };
}

/**
 * Applies one (new, not a repeat) event to the cache and says what should reload. `ready` without
 * resume means events may have been missed: everything the inbox shows reloads.
 */
export function applyEvent(queryClient: QueryClient, event: TeamEvent): CacheWork {
  switch (event.type) {
    case "ready":
      return event.resumed ? { lists: false, reload: [] } : { lists: true, reload: [inboxKeys.all] };
    case "message":
      addMessage(queryClient, event.conversationId, event.message);
      return { lists: true, reload: [] };
    case "status":
      applyStatus(queryClient, event);
      return { lists: true, reload: [] };
    case "delivery":
      queryClient.setQueryData<Transcript>(inboxKeys.transcript(event.conversationId), (t) =>
        t ? withDelivery(t, event.messageId, event.delivery) : t,
      );
      return { lists: false, reload: [] };
    case "activity": {
      // A bot-mode exchange: the transcript is reloaded (the bot's answer carries its sources).
      const reload: QueryKey[] = [inboxKeys.transcript(event.conversationId)];
      if (event.kind === "lead") reload.push([...inboxKeys.all, "leads"]);
      if (event.kind === "message") reload.push([...inboxKeys.all, "unanswered"]);
      return { lists: true, reload };
    }
    default:
      return { lists: false, reload: [] };
  }
}

/**
 * Collects reloads for `delayMs` and runs them together: ten events in a second reload each list
 * once. Only queries on screen refetch; the others are marked stale for their next use.
 */
export function createReloader(
  queryClient: QueryClient,
  delayMs = 300,
  // Called as plain functions: a browser's setTimeout throws "Illegal invocation" as a method.
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (timer: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  },
) {
  let lists = false;
  const keys = new Map<string, QueryKey>();
  let timer: unknown = null;

  function flush() {
    timer = null;
    const work = [...keys.values()];
    keys.clear();
    if (lists) work.push(inboxKeys.lists());
    lists = false;
    for (const queryKey of work) void queryClient.invalidateQueries({ queryKey });
  }

  return {
    add(work: CacheWork) {
      if (!work.lists && work.reload.length === 0) return;
      lists ||= work.lists;
      for (const key of work.reload) keys.set(JSON.stringify(key), key);
      timer ??= timers.set(flush, delayMs);
    },
    flush() {
      if (timer !== null) timers.clear(timer);
      flush();
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      keys.clear();
      lists = false;
    },
  };
}
