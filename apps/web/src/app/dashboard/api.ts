import { conversationPageSchema } from "@parley/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "../../features/billing/public";
import { apiFetch } from "../../lib/api";

/**
 * Whether any visitor has chatted through the widget yet (the inbox lists widget conversations
 * only): the checklist's proof that the widget is on a site.
 */
export function useWidgetActivity(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.widgetActivity(userId),
      queryFn: async ({ signal }) => {
        const page = await apiFetch("/api/conversations?limit=1", { schema: conversationPageSchema, signal });
        return page.items.length > 0;
      },
      staleTime: 60_000,
    }),
  );
}
