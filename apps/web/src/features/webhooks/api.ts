import {
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@parley/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

/** Query keys per workspace: switching workspace never shows another's endpoints. */
export const webhookKeys = {
  all: (workspaceId: string) => ["webhooks", workspaceId] as const,
  list: (workspaceId: string) => [...webhookKeys.all(workspaceId), "list"] as const,
  deliveries: (workspaceId: string, endpointId: string) =>
    [...webhookKeys.all(workspaceId), "deliveries", endpointId] as const,
};

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export function useWebhookEndpoints(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.list(workspaceId),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiFetch("/api/webhooks", { schema: webhookEndpointListSchema, signal })).endpoints,
  });
}

/** Newest first, a page at a time; refreshed while a delivery is still pending. */
export function useWebhookDeliveries(workspaceId: string, endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(workspaceId, endpointId),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${path(endpointId)}/deliveries?limit=10${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ""}`,
        { schema: webhookDeliveryListSchema, signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === "pending")) ? 3000 : false,
  });
}

export function useWebhookActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(workspaceId) });
  return {
    create: useMutation({
      mutationFn: (input: WebhookEndpointCreate) =>
        apiFetch("/api/webhooks", { method: "POST", body: input, schema: webhookEndpointWithSecretSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: WebhookEndpointUpdate }) =>
        apiFetch(path(id), { method: "PATCH", body: patch, schema: webhookEndpointSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch(path(id), { method: "DELETE" }),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: ({ id, overlapHours }: { id: string; overlapHours: number }) =>
        apiFetch(`${path(id)}/rotate-secret`, {
          method: "POST",
          body: { overlapHours },
          schema: webhookEndpointWithSecretSchema,
        }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) =>
        apiFetch(`${path(id)}/test`, { method: "POST", body: {}, schema: webhookDeliverySchema }),
      onSuccess: refresh,
    }),
    redeliver: useMutation({
      mutationFn: (deliveryId: string) =>
        apiFetch(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
          method: "POST",
          body: {},
          schema: webhookDeliverySchema,
        }),
      onSuccess: refresh,
    }),
  };
}
export type WebhookActions = ReturnType<typeof useWebhookActions>;
