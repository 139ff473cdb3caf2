import { type AnalyticsQuery, analyticsSchema } from "@parley/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";
import { downloadFromApi } from "../../lib/download";
import { getAccessToken } from "../session/public";
import { analyticsPath } from "./paths";

export const analyticsKeys = {
  all: ["analytics"] as const,
  summary: (query: AnalyticsQuery) => [...analyticsKeys.all, query] as const,
};

/** Downloads the figures shown for `query`'s range (and bot) as CSV, with the signed-in token. */
export const downloadAnalyticsCsv = (query: AnalyticsQuery) =>
  downloadFromApi(
    analyticsPath(query, "csv"),
    `parley-analytics-${query.from}-to-${query.to}.csv`,
    getAccessToken,
  );

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
