import { type NotificationPrefs, notificationPrefsSchema } from "@parley/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

/** The signed-in member's e-mail notifications in a workspace (the API answers for the active one). */
export const notificationPrefsKey = (workspaceId: string) => ["notification-prefs", workspaceId] as const;

export function useNotificationPrefs(workspaceId: string | undefined) {
  return useQuery({
    queryKey: notificationPrefsKey(workspaceId ?? ""),
    enabled: Boolean(workspaceId),
    queryFn: ({ signal }) => apiFetch("/api/notification-prefs", { schema: notificationPrefsSchema, signal }),
  });
}

export function useSaveNotificationPrefs(workspaceId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPrefs) =>
      apiFetch("/api/notification-prefs", { method: "PUT", body: prefs, schema: notificationPrefsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPrefsKey(workspaceId ?? ""), saved),
  });
}
