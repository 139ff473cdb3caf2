import {
  type IdentitySecretInfo,
  identitySecretCreatedSchema,
  identitySecretInfoSchema,
} from "@parley/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatbotKeys } from "../api";

const identityKey = (id: string) => [...chatbotKeys.detail(id), "identity"] as const;
const path = (id: string) => `/api/chatbots/${encodeURIComponent(id)}/identity`;

export function useIdentitySecret(chatbotId: string) {
  return useQuery({
    queryKey: identityKey(chatbotId),
    queryFn: ({ signal }) => apiFetch(path(chatbotId), { schema: identitySecretInfoSchema, signal }),
    staleTime: 30_000,
  });
}

/**
 * Creates or rotates the secret. The answer is the only place the full secret ever appears: the
 * caller shows it once; the cache keeps only the summary.
 */
export function useRotateIdentitySecret(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${path(chatbotId)}/secret`, { method: "POST", schema: identitySecretCreatedSchema }),
    onSuccess: ({ secret: _shownOnce, ...info }) => {
      queryClient.setQueryData<IdentitySecretInfo>(identityKey(chatbotId), info);
    },
  });
}

export function useDisableIdentitySecret(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${path(chatbotId)}/secret`, { method: "DELETE", schema: identitySecretInfoSchema }),
    onSuccess: (info) => queryClient.setQueryData(identityKey(chatbotId), info),
  });
}
