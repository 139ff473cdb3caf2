import { planListSchema } from "@parley/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../app/api";

export const planKeys = {
  all: ["plans"] as const,
  list: () => [...planKeys.all, "list"] as const,
};

export function plansQueryOptions() {
  return queryOptions({
    queryKey: planKeys.list(),
    queryFn: ({ signal }) => apiFetch("/api/plans", { schema: planListSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
