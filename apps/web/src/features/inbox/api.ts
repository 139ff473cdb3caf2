import {
  type ConversationPage,
  conversationPageSchema,
  leadListSchema,
  unansweredListSchema,
} from "@parley/contracts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";
import { downloadFromApi } from "../../lib/download";
import { analyticsKeys } from "../analytics/public";
import { getAccessToken } from "../session/public";
import { conversationsApiQuery, type InboxFilters } from "./filters";
import { inboxKeys } from "./keys";
import { transcriptQuery } from "./transcript-query";

export { inboxKeys };

const botQuery = (chatbotId?: string) => (chatbotId ? `?chatbotId=${encodeURIComponent(chatbotId)}` : "");

/**
 * Conversations matching the filters, a page (cursor) at a time: those waiting for a person first
 * (longest waiting first), then the others by their last message, newest first.
 */
export function useConversations(filters: InboxFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: inboxKeys.list(filters),
      queryFn: ({ pageParam, signal }) =>
        apiFetch(`/api/conversations${conversationsApiQuery(filters, pageParam)}`, {
          schema: conversationPageSchema,
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 15_000,
    }),
  );
}

export function useTranscript(id: string | null) {
  return useQuery({ ...transcriptQuery(id ?? ""), enabled: Boolean(id) });
}

export function useUnanswered(chatbotId?: string) {
  return useQuery(
    queryOptions({
      queryKey: inboxKeys.unanswered(chatbotId),
      queryFn: ({ signal }) =>
        apiFetch(`/api/insights/unanswered${botQuery(chatbotId)}`, { schema: unansweredListSchema, signal }),
      staleTime: 15_000,
    }),
  );
}

export function useLeads(chatbotId?: string) {
  return useQuery(
    queryOptions({
      queryKey: inboxKeys.leads(chatbotId),
      queryFn: ({ signal }) =>
        apiFetch(`/api/leads${botQuery(chatbotId)}`, { schema: leadListSchema, signal }),
      staleTime: 15_000,
    }),
  );
}

/** Everything derived from conversations (lists, insights, leads, analytics) is stale after a change. */
export function invalidateConversationData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
}

/** Erases one conversation (a visitor asked for it): messages and leads go with it. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: inboxKeys.transcript(id) });
      // Take it out of every loaded list at once, then let them refetch.
      queryClient.setQueriesData<InfiniteData<ConversationPage, string | null>>(
        { queryKey: inboxKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c._id !== id) })),
          },
      );
      invalidateConversationData(queryClient);
    },
  });
}

export const downloadLeadsCsv = (chatbotId?: string) =>
  downloadFromApi(`/api/leads.csv${botQuery(chatbotId)}`, "parley-leads.csv", getAccessToken);

export const downloadExport = () => downloadFromApi("/api/export", "parley-export.json", getAccessToken);
