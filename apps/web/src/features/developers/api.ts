import {
  API_V1_PREFIX,
  type ApiKeyCreateInput,
  apiKeyCreatedSchema,
  apiKeyListSchema,
} from "@parley/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

export const developerKeys = {
  all: ["developers"] as const,
  apiKeys: (workspaceId: string) => [...developerKeys.all, workspaceId, "api-keys"] as const,
  openapi: () => [...developerKeys.all, "openapi"] as const,
};

/** The active workspace's API keys (owners and admins). */
export function useApiKeys(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: developerKeys.apiKeys(workspaceId),
    enabled,
    queryFn: ({ signal }) => apiFetch("/api/api-keys", { schema: apiKeyListSchema, signal }),
  });
}

/** Create and revoke; the list is read again after either. */
export function useApiKeyActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys(workspaceId) });
  const create = useMutation({
    mutationFn: (input: ApiKeyCreateInput) =>
      apiFetch("/api/api-keys", { method: "POST", body: input, schema: apiKeyCreatedSchema }),
    onSuccess: refresh,
  });
  const revoke = async (id: string) => {
    await apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
    await refresh();
  };
  return { create, revoke };
}

export const OPENAPI_URL = `${API_V1_PREFIX}/openapi.json`;

/** The public API's OpenAPI document (public; read once per visit). */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: developerKeys.openapi(),
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const res = await fetch(OPENAPI_URL, { signal, headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`openapi.json answered ${res.status}`);
      return (await res.json()) as unknown;
    },
  });
}
