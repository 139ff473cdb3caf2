import type { InboxFilters } from "./filters";

/** The inbox's query keys (apart from its hooks, so the live stream's cache updates stay light). */
export const inboxKeys = {
  all: ["inbox"] as const,
  conversations: () => [...inboxKeys.all, "conversations"] as const,
  lists: () => [...inboxKeys.conversations(), "list"] as const,
  list: (filters: InboxFilters) => [...inboxKeys.lists(), filters] as const,
  transcript: (id: string) => [...inboxKeys.conversations(), "transcript", id] as const,
  templates: (id: string) => [...inboxKeys.conversations(), "templates", id] as const,
  unanswered: (chatbotId?: string) => [...inboxKeys.all, "unanswered", chatbotId ?? "all"] as const,
  leads: (chatbotId?: string) => [...inboxKeys.all, "leads", chatbotId ?? "all"] as const,
};
