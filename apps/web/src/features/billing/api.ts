import type { Payment } from "@parley/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { billingKeys, createBillingApi, loadSubscription, SUBSCRIPTION_RETRY } from "./api-client";
import { useBillingUser } from "./billing-user";
import { dashboardKeys } from "./plan-usage";

export { plansFailure, plansRetrying, usePlans } from "../pricing/public";
export { billingKeys } from "./api-client";

export const billingApi = createBillingApi();

const NO_USER = "";

export function subscriptionQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: billingKeys.subscription(userId ?? NO_USER),
    queryFn: ({ signal }) => loadSubscription(billingApi, userId ?? NO_USER, signal),
    enabled: Boolean(userId),
    staleTime: 15_000,
    // The page says at once that the plan is unavailable, with Try again, rather than showing
    // skeletons through the default retries (about 3 s); see SUBSCRIPTION_RETRY.
    retry: SUBSCRIPTION_RETRY,
  });
}

/** The signed-in user's subscription (plan, period, pending change). */
export function useSubscription() {
  const { user } = useBillingUser();
  return useQuery(subscriptionQueryOptions(user?.id));
}

/** One of the signed-in user's billing lists (cached under `key` of their id; none signed out). */
function useUserList<Item>(
  key: (userId: string) => readonly unknown[],
  load: (signal: AbortSignal) => Promise<Item[]>,
) {
  const { user } = useBillingUser();
  return useQuery({
    queryKey: key(user?.id ?? NO_USER),
    queryFn: ({ signal }) => load(signal),
    enabled: Boolean(user),
    staleTime: 15_000,
  });
}

/** The workspace's plan changes, newest first (the billing page's history). */
export function usePlanChanges() {
  return useUserList(billingKeys.planChanges, (signal) => billingApi.planChanges(signal));
}

export function usePayments() {
  return useUserList(billingKeys.paymentList, (signal) => billingApi.payments(signal));
}

/**
 * One payment by track id. `refetchInterval` lets the result page poll while the gateway's
 * decision has not reached us yet.
 */
export function usePayment(
  trackId: string | undefined,
  options: { refetchInterval?: (payment: Payment | undefined) => number | false } = {},
) {
  const { user } = useBillingUser();
  const { refetchInterval } = options;
  return useQuery({
    queryKey: billingKeys.payment(user?.id ?? NO_USER, trackId ?? ""),
    queryFn: ({ signal }) => billingApi.payment(trackId ?? "", signal),
    enabled: Boolean(user && trackId),
    staleTime: 0,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  });
}

/** A payment moved money and maybe the plan: refresh everything billing shows. */
function invalidateBilling(queryClient: QueryClient, userId: string | undefined) {
  if (!userId) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.user(userId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.user(userId) }),
  ]);
}

/** The plan or its scheduled change moved: the dashboard's plan card shows the same subscription. */
function invalidateSubscription(queryClient: QueryClient, userId: string | undefined) {
  if (!userId) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.subscription(userId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.subscription(userId) }),
  ]);
}

/** For the result page: once a payment settles, the plan, history and dashboard are refreshed. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return (userId: string) => invalidateBilling(queryClient, userId);
}

type Refresh = (queryClient: QueryClient, userId: string | undefined) => Promise<unknown>;

/**
 * A change to the signed-in user's billing: `refresh` re-reads what it moved once it has settled
 * (or, `after: "success"`, only when it went through).
 */
function useBillingChange<Input, Reply>(
  change: (input: Input, user: ReturnType<typeof useBillingUser>["user"]) => Promise<Reply>,
  refresh: Refresh,
  after: "settled" | "success" = "settled",
) {
  const queryClient = useQueryClient();
  const { user } = useBillingUser();
  const done = () => refresh(queryClient, user?.id);
  return useMutation({
    mutationFn: (input: Input) => change(input, user),
    onSuccess: after === "success" ? done : undefined,
    onSettled: after === "settled" ? done : undefined,
  });
}

export function useInitiatePayment() {
  return useBillingChange(
    billingApi.initiate,
    // A started payment appears in the history as pending (or failed if the gateway refused).
    (queryClient, userId) =>
      queryClient.invalidateQueries({ queryKey: billingKeys.payments(userId ?? NO_USER) }),
  );
}

export function useCreatePaymentRecord() {
  // Recording may settle the payment by inquiry, which can change the plan too.
  return useBillingChange(billingApi.create, invalidateBilling);
}

export function useDowngrade() {
  return useBillingChange(billingApi.downgrade, invalidateSubscription, "success");
}

export function useCancelScheduledDowngrade() {
  return useBillingChange<void, Awaited<ReturnType<typeof billingApi.checkAndCancel>>>((_input, user) => {
    // The code lets other languages say it in their words (useErrorText); English keeps the text.
    if (!user)
      return Promise.reject(
        Object.assign(new Error("You need to be signed in to change your plan"), { code: "UNAUTHORIZED" }),
      );
    return billingApi.checkAndCancel(user.id);
  }, invalidateSubscription);
}
