import { type AnalyticsQuery, analyticsSchema } from "@parley/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../app/api";

export const analyticsKeys = {
  all: ["analytics"] as const,
  summary: (query: AnalyticsQuery) => [...analyticsKeys.all, query] as const,
};

export function analyticsPath(query: AnalyticsQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.chatbotId) params.set("chatbotId", query.chatbotId);
  return `/api/analytics?${params.toString()}`;
}

/** The figures for a range; the previous range's stay on screen while the next one loads. */
export function useAnalytics(query: AnalyticsQuery) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.summary(query),
      queryFn: ({ signal }) => apiFetch(analyticsPath(query), { schema: analyticsSchema, signal }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
}
