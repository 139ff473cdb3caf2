import { subscriptionDetailsSchema, usageSchema } from "@parley/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../app/api";

/** Per user, so a second account in the same tab never sees the first one's numbers. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  user: (userId: string) => [...dashboardKeys.all, userId] as const,
  subscription: (userId: string) => [...dashboardKeys.user(userId), "subscription"] as const,
  usage: (userId: string) => [...dashboardKeys.user(userId), "usage"] as const,
};

export function useSubscriptionDetails(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.subscription(userId),
      queryFn: ({ signal }) =>
        apiFetch(`/api/subscription/details/${encodeURIComponent(userId)}`, {
          schema: subscriptionDetailsSchema,
          signal,
        }),
      staleTime: 15_000,
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
