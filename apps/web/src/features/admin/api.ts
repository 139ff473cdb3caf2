import {
  type AdminGrant,
  type AdminMe,
  type AdminPlanPatch,
  type AdminRefundRequest,
  adminActionListSchema,
  adminBotSuspensionSchema,
  adminHealthSchema,
  adminMeSchema,
  adminMessageSchema,
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPlanListSchema,
  adminPlanSchema,
  adminWorkspaceDetailSchema,
  adminWorkspaceSearchSchema,
  adminWorkspaceSuspensionSchema,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { output, ZodType } from "zod";
import { apiFetch, isApiError } from "../../lib/api";
import { planKeys } from "../pricing/public";
import { type PaymentFilters, paymentFiltersToSearch } from "./console";

export const staffSchema = adminMeSchema;
export type Staff = AdminMe;
const suspensionSchema = adminBotSuspensionSchema;
const workspaceSuspensionSchema = adminWorkspaceSuspensionSchema;
const actionsSchema = adminActionListSchema;

/** Every console query sits under ["admin"], keyed by the signed-in user where it says who may look. */
export const adminKeys = {
  all: ["admin"] as const,
  me: (userId: string) => [...adminKeys.all, "me", userId] as const,
  search: (q: string) => [...adminKeys.all, "search", q] as const,
  workspace: (id: string) => [...adminKeys.all, "workspace", id] as const,
  payments: (filters: PaymentFilters) => [...adminKeys.all, "payments", filters] as const,
  payment: (trackId: string) => [...adminKeys.all, "payment", trackId] as const,
  plans: () => [...adminKeys.all, "plans"] as const,
  health: () => [...adminKeys.all, "health"] as const,
  actions: () => [...adminKeys.all, "actions"] as const,
};

const enc = encodeURIComponent;

/**
 * Whether the signed-in person is platform staff: their role, or null for everyone else (the API
 * answers 403, which is an answer here, not a failure: it is kept, and asked once a page load).
 */
export function staffQueryOptions(userId: string) {
  return queryOptions({
    queryKey: adminKeys.me(userId),
    queryFn: async ({ signal }): Promise<Staff | null> => {
      try {
        return await apiFetch("/api/admin/me", { schema: staffSchema, signal });
      } catch (error) {
        if (isApiError(error) && (error.status === 403 || error.status === 404)) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The console asks again on arrival: the step-up window (`changesUntil`) moves with each sign-in. */
export function useStaff(userId: string) {
  return useQuery({ ...staffQueryOptions(userId), staleTime: 0 });
}

export function useWorkspaceSearch(q: string) {
  return useQuery({
    queryKey: adminKeys.search(q),
    enabled: q.length >= 2,
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/workspaces?q=${enc(q)}`, { schema: adminWorkspaceSearchSchema, signal }),
    staleTime: 30_000,
  });
}

/** One of the console's reads: what `path` answers, checked with `schema`, fresh for 15 s. */
function useConsoleRead<S extends ZodType>(queryKey: readonly unknown[], path: string, schema: S) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch(path, { schema, signal }),
    staleTime: 15_000,
  });
}

export function useWorkspace(id: string) {
  return useConsoleRead(
    adminKeys.workspace(id),
    `/api/admin/workspaces/${enc(id)}`,
    adminWorkspaceDetailSchema,
  );
}

/** Newest first, a keyset page at a time ("Load more"). */
export function usePayments(filters: PaymentFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.payments(filters),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(paymentFiltersToSearch(filters));
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return apiFetch(`/api/admin/payments${query ? `?${query}` : ""}`, {
        schema: adminPaymentListSchema,
        signal,
      });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 15_000,
  });
}

export function usePayment(trackId: string) {
  return useConsoleRead(
    adminKeys.payment(trackId),
    `/api/admin/payments/${enc(trackId)}`,
    adminPaymentDetailSchema,
  );
}

export function usePlansAdmin() {
  return useQuery({
    queryKey: adminKeys.plans(),
    queryFn: ({ signal }) => apiFetch("/api/admin/plans", { schema: adminPlanListSchema, signal }),
  });
}

export function useHealth() {
  return useConsoleRead(adminKeys.health(), "/api/admin/health", adminHealthSchema);
}

export function useRecentActions() {
  return useConsoleRead(adminKeys.actions(), "/api/admin/actions", actionsSchema);
}

/** Grant or extend a plan until a date; the workspace, its payments and the log are read again. */
export function useGrantPlan(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminGrant) =>
      apiFetch(`/api/admin/workspaces/${enc(workspaceId)}/subscription`, {
        method: "POST",
        body: input,
        schema: subscriptionDetailsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * A console change posted to `path` (a function of the input): every console read is fetched again
 * after it. A change answered with a payment also puts that payment in place at once.
 */
function useConsoleChange<I, S extends ZodType>(
  path: (input: I) => string,
  body: (input: I) => unknown,
  schema: S,
  after?: (answer: output<S>, queryClient: ReturnType<typeof useQueryClient>) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiFetch(path(input), { method: "POST", body: body(input), schema }),
    onSuccess: (answer) => {
      after?.(answer, queryClient);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** A change to one payment: its answer is the payment as it is after it. */
function usePaymentChange<I>(trackId: string, action: string, body: (input: I) => unknown) {
  return useConsoleChange<I, typeof adminPaymentDetailSchema>(
    () => `/api/admin/payments/${enc(trackId)}/${action}`,
    body,
    adminPaymentDetailSchema,
    (payment, queryClient) => queryClient.setQueryData(adminKeys.payment(trackId), payment),
  );
}

export function useSuspension() {
  return useConsoleChange(
    ({ chatbotId, suspend }: { chatbotId: string; suspend: boolean; reason: string }) =>
      `/api/admin/chatbots/${enc(chatbotId)}/${suspend ? "suspend" : "unsuspend"}`,
    ({ reason }) => ({ reason }),
    suspensionSchema,
  );
}

/** A whole workspace suspended (every bot answers "unavailable") or lifted. */
export function useWorkspaceSuspension(workspaceId: string) {
  return useConsoleChange(
    ({ suspend }: { suspend: boolean; reason: string }) =>
      `/api/admin/workspaces/${enc(workspaceId)}/${suspend ? "suspend" : "unsuspend"}`,
    ({ reason }) => ({ reason }),
    workspaceSuspensionSchema,
  );
}

/** A downgrade at the end of the paid period (`planId`), or the scheduled one cancelled (null). */
export function useDowngrade(workspaceId: string) {
  return useConsoleChange(
    () => `/api/admin/workspaces/${enc(workspaceId)}/subscription/downgrade`,
    (input: { planId: string | null; reason: string }) => input,
    adminMessageSchema,
  );
}

/** A payment held for review: `grant` treats it as paid (the plan starts), `decline` closes it. */
export const useResolveHeld = (trackId: string) =>
  usePaymentChange(trackId, "resolve", (input: { decision: "grant" | "decline"; reason: string }) => input);

/** Money back through the gateway, with the plan's consequence. */
export const useRefund = (trackId: string) =>
  usePaymentChange(trackId, "refund", (input: AdminRefundRequest) => input);

/** "Ask the gateway now". */
export const useInquire = (trackId: string) =>
  usePaymentChange(trackId, "inquire", (reason: string) => ({ reason }));

/** A plan edit (compare-and-set on `version`); the public plan list is read again too. */
export function useEditPlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminPlanPatch) =>
      apiFetch(`/api/admin/plans/${enc(planId)}`, { method: "PATCH", body: patch, schema: adminPlanSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions() }),
        queryClient.invalidateQueries({ queryKey: planKeys.all }),
      ]);
    },
  });
}
