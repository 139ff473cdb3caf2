import { conversationPageSchema, usageSchema } from "@parley/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../app/api";
import { createBillingApi, loadSubscription, SUBSCRIPTION_RETRY } from "../billing/api-client";

/** Per user, so a second account in the same tab never sees the first one's numbers. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  user: (userId: string) => [...dashboardKeys.all, userId] as const,
  subscription: (userId: string) => [...dashboardKeys.user(userId), "subscription"] as const,
  usage: (userId: string) => [...dashboardKeys.user(userId), "usage"] as const,
  widgetActivity: (userId: string) => [...dashboardKeys.user(userId), "widget-activity"] as const,
};

export function useSubscriptionDetails(userId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.subscription(userId),
      enabled,
      queryFn: ({ signal }) => loadSubscription(createBillingApi(), userId, signal),
      staleTime: 15_000,
      retry: SUBSCRIPTION_RETRY,
    }),
  );
}

export function useUsage(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.usage(userId),
      queryFn: ({ signal }) => apiFetch("/api/usage", { schema: usageSchema, signal }),
      staleTime: 15_000,
    }),
  );
}

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
