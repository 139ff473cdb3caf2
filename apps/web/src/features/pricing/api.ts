import { planListSchema } from "@parley/contracts";
import { queryOptions, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

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

/**
 * Why the plans cannot be shown, from their first failed attempt on (issue #25): the query client
 * keeps retrying in the background (1 s, then 2 s), but the notice does not wait for it, and goes
 * once an attempt succeeds. Plans already on screen stay there when a refresh fails (null then).
 */
export function plansFailure(
  plans: Pick<UseQueryResult<unknown>, "data" | "error" | "failureReason">,
): Error | null {
  if (plans.data !== undefined) return null;
  return plans.error ?? plans.failureReason ?? null;
}

/**
 * Whether Try again is under way: a fetch started afresh (the query client's own retries after a
 * failure leave the button usable, so the notice never shows a button that does nothing).
 */
export function plansRetrying(plans: Pick<UseQueryResult<unknown>, "isFetching" | "failureCount">): boolean {
  return plans.isFetching && plans.failureCount === 0;
}
