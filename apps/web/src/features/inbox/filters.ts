import type { ConversationChannel, ConversationFiltersInput, ConversationStatus } from "@parley/contracts";
import { isIsoDay } from "../analytics/public";

/**
 * The inbox's filters as the page holds them. They live in the address bar (so a reload, a
 * shared link or Back keeps them) under the same names the API takes.
 */
export interface InboxFilters {
  chatbotId?: string;
  /** Only one channel's conversations (the website's widget, the API, WhatsApp). */
  channel?: ConversationChannel;
  /** Inclusive UTC day range on the last message, YYYY-MM-DD. */
  from?: string;
  to?: string;
  rating?: "up" | "down";
  unanswered?: boolean;
  hasLead?: boolean;
  /** Words to find in any message. */
  q?: string;
  /** Live chat: only conversations in this state (`waiting`: asked for a person). */
  status?: ConversationStatus;
  /** Live chat: only conversations the signed-in member handles. */
  assignee?: "me";
}

export const SEARCH_MAX_LENGTH = 200;
export const PAGE_SIZE = 25;

/**
 * The order parameters are written in, so equal filters always give the same URL; each is a
 * parameter of the API's filter schema.
 */
const KEYS = [
  "chatbotId",
  "channel",
  "from",
  "to",
  "rating",
  "unanswered",
  "hasLead",
  "q",
  "status",
  "assignee",
] as const satisfies readonly (keyof ConversationFiltersInput)[];

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim().replace(/\s+/g, " ");
  return trimmed ? trimmed.slice(0, max) : undefined;
}

export const CHANNELS = ["widget", "whatsapp", "api"] as const satisfies readonly ConversationChannel[];

const STATUSES = ["bot", "waiting", "claimed", "closed"] as const satisfies readonly ConversationStatus[];

/**
 * Reads the filters from a query string, dropping anything malformed rather than failing: a
 * hand-edited or outdated link still opens the inbox. A reversed date range is put right.
 */
export function filtersFromSearch(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  const chatbotId = text(params.get("chatbotId"), 100);
  if (chatbotId) filters.chatbotId = chatbotId;
  const channel = params.get("channel");
  if (channel && (CHANNELS as readonly string[]).includes(channel))
    filters.channel = channel as ConversationChannel;
  let from = params.get("from") ?? "";
  let to = params.get("to") ?? "";
  if (isIsoDay(from) && isIsoDay(to) && from > to) [from, to] = [to, from];
  if (isIsoDay(from)) filters.from = from;
  if (isIsoDay(to)) filters.to = to;
  const rating = params.get("rating");
  if (rating === "up" || rating === "down") filters.rating = rating;
  if (params.get("unanswered") === "true") filters.unanswered = true;
  if (params.get("hasLead") === "true") filters.hasLead = true;
  const q = text(params.get("q"), SEARCH_MAX_LENGTH);
  if (q) filters.q = q;
  // The live-chat view: one of the four the switch offers (status=bot alone is not one: all).
  const status = params.get("status");
  const view = statusViewOf({
    ...(status && (STATUSES as readonly string[]).includes(status)
      ? { status: status as ConversationStatus }
      : {}),
    ...(params.get("assignee") === "me" ? { assignee: "me" as const } : {}),
  });
  return withStatusView(filters, view);
}

/** The filters as query parameters; unset ones are left out. */
export function filtersToSearch(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value === undefined || value === false || value === "") continue;
    params.set(key, String(value));
  }
  return params;
}

/** "?chatbotId=…&q=…" or "" with no filters: for links that must keep the filters. */
export function filtersQueryString(filters: InboxFilters): string {
  const search = filtersToSearch(filters).toString();
  return search ? `?${search}` : "";
}

/** The query of `GET /api/conversations` for one page. */
export function conversationsApiQuery(
  filters: InboxFilters,
  cursor: string | null,
  limit: number = PAGE_SIZE,
): string {
  const params = filtersToSearch(filters);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return `?${params.toString()}`;
}

/**
 * How many filters narrow the list (the search box counts as one). The live-chat view (status,
 * assignee) is not one of them: it has its own switch above the list (`statusViewOf`).
 */
export function activeFilterCount(
  filters: InboxFilters,
  ignore: readonly (keyof InboxFilters)[] = [],
): number {
  const dates = filters.from || filters.to ? 1 : 0;
  return (
    dates +
    (["chatbotId", "channel", "rating", "unanswered", "hasLead", "q"] as const).filter(
      (key) => !ignore.includes(key) && filters[key] !== undefined && filters[key] !== false,
    ).length
  );
}

/** A copy with one filter changed; `undefined`, `false` and "" remove it. */
export function withFilter<K extends keyof InboxFilters>(
  filters: InboxFilters,
  key: K,
  value: InboxFilters[K] | undefined,
): InboxFilters {
  const next: InboxFilters = { ...filters };
  if (value === undefined || value === false || value === "") delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The live-chat views of the list: everything, those waiting for a person, those the signed-in
 * member handles, and the closed ones. Each is a combination of the API's `status` and
 * `assignee=me` filters.
 */
export const STATUS_VIEWS = ["all", "waiting", "mine", "closed"] as const;
export type StatusView = (typeof STATUS_VIEWS)[number];

/** Which view the filters show. */
export function statusViewOf(filters: InboxFilters): StatusView {
  if (filters.assignee === "me") return "mine";
  if (filters.status === "waiting") return "waiting";
  if (filters.status === "closed") return "closed";
  return "all";
}

/** A copy showing `view`; the other filters stay. "Mine" is what the member handles now (claimed). */
export function withStatusView(filters: InboxFilters, view: StatusView): InboxFilters {
  const next: InboxFilters = { ...filters };
  delete next.status;
  delete next.assignee;
  if (view === "waiting") next.status = "waiting";
  else if (view === "closed") next.status = "closed";
  else if (view === "mine") {
    next.status = "claimed";
    next.assignee = "me";
  }
  return next;
}

/** Only the live-chat view of the filters (what "Clear filters" keeps). */
export function statusViewOnly(filters: InboxFilters): InboxFilters {
  return withStatusView({}, statusViewOf(filters));
}

/** What an inbox address shows: `/inbox`, `/inbox/:conversationId`, `/inbox/unanswered`, `/inbox/leads`. */
export type InboxView =
  | { kind: "conversations"; conversationId: string | null }
  | { kind: "unanswered" }
  | { kind: "leads" };

/** The view for the part of the path after `/inbox/`. */
export function inboxViewOf(splat: string): InboxView {
  const path = splat.replace(/^\/+|\/+$/g, "");
  if (path === "unanswered") return { kind: "unanswered" };
  if (path === "leads") return { kind: "leads" };
  if (!path) return { kind: "conversations", conversationId: null };
  let id = path;
  try {
    id = decodeURIComponent(path);
  } catch {
    // A malformed escape: look the raw text up; the API answers "not found".
  }
  return { kind: "conversations", conversationId: id };
}
