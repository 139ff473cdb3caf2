import type { AnalyticsQuery } from "@parley/contracts";

/** The figures' address; `csv`: the same figures for the same range and bot, as a CSV file. */
export function analyticsPath(query: AnalyticsQuery, format: "json" | "csv" = "json"): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.chatbotId) params.set("chatbotId", query.chatbotId);
  return `/api/analytics${format === "csv" ? ".csv" : ""}?${params.toString()}`;
}
