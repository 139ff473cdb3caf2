import { usageSchema } from "@parley/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";
import { createBillingApi, loadSubscription, SUBSCRIPTION_RETRY } from "./api-client";

/**
 * The plan and the usage against its limits, as the dashboard's cards and the chatbot builder's
 * limits read them. Cached under "dashboard", per user, so a second account in the same tab never
 * sees the first one's numbers (the dashboard's own queries share the prefix).
 */
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
