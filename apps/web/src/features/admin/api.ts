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

export function useWorkspace(id: string) {
  return useQuery({
    queryKey: adminKeys.workspace(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/workspaces/${enc(id)}`, { schema: adminWorkspaceDetailSchema, signal }),
    staleTime: 15_000,
  });
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
  return useQuery({
    queryKey: adminKeys.payment(trackId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/payments/${enc(trackId)}`, { schema: adminPaymentDetailSchema, signal }),
    staleTime: 15_000,
  });
}

export function usePlansAdmin() {
  return useQuery({
    queryKey: adminKeys.plans(),
    queryFn: ({ signal }) => apiFetch("/api/admin/plans", { schema: adminPlanListSchema, signal }),
  });
}

export function useHealth() {
  return useQuery({
    queryKey: adminKeys.health(),
    queryFn: ({ signal }) => apiFetch("/api/admin/health", { schema: adminHealthSchema, signal }),
    staleTime: 15_000,
  });
}

export function useRecentActions() {
  return useQuery({
    queryKey: adminKeys.actions(),
    queryFn: ({ signal }) => apiFetch("/api/admin/actions", { schema: actionsSchema, signal }),
    staleTime: 15_000,
  });
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

export function useSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatbotId, suspend, reason }: { chatbotId: string; suspend: boolean; reason: string }) =>
      apiFetch(`/api/admin/chatbots/${enc(chatbotId)}/${suspend ? "suspend" : "unsuspend"}`, {
        method: "POST",
        body: { reason },
        schema: suspensionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A whole workspace suspended (every bot answers "unavailable") or lifted. */
export function useWorkspaceSuspension(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suspend, reason }: { suspend: boolean; reason: string }) =>
      apiFetch(`/api/admin/workspaces/${enc(workspaceId)}/${suspend ? "suspend" : "unsuspend"}`, {
        method: "POST",
        body: { reason },
        schema: workspaceSuspensionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A downgrade at the end of the paid period (`planId`), or the scheduled one cancelled (null). */
export function useDowngrade(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: string | null; reason: string }) =>
      apiFetch(`/api/admin/workspaces/${enc(workspaceId)}/subscription/downgrade`, {
        method: "POST",
        body: input,
        schema: adminMessageSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A payment held for review: `grant` treats it as paid (the plan starts), `decline` closes it. */
export function useResolveHeld(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { decision: "grant" | "decline"; reason: string }) =>
      apiFetch(`/api/admin/payments/${enc(trackId)}/resolve`, {
        method: "POST",
        body: input,
        schema: adminPaymentDetailSchema,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(adminKeys.payment(trackId), payment);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** Money back through the gateway, with the plan's consequence; the answer is the payment after it. */
export function useRefund(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRefundRequest) =>
      apiFetch(`/api/admin/payments/${enc(trackId)}/refund`, {
        method: "POST",
        body: input,
        schema: adminPaymentDetailSchema,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(adminKeys.payment(trackId), payment);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** "Ask the gateway now": the answer is the payment as it is after it. */
export function useInquire(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch(`/api/admin/payments/${enc(trackId)}/inquire`, {
        method: "POST",
        body: { reason },
        schema: adminPaymentDetailSchema,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(adminKeys.payment(trackId), payment);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

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
