/** The query keys of workspaces (apart from api.ts, which installs the browser's auth runtime). */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => [...workspaceKeys.all, "list"] as const,
  members: (id: string) => [...workspaceKeys.all, id, "members"] as const,
  invitations: (id: string) => [...workspaceKeys.all, id, "invitations"] as const,
  audit: (id: string) => [...workspaceKeys.all, id, "audit"] as const,
  seats: (id: string) => [...workspaceKeys.all, id, "seats"] as const,
  invitation: (id: string) => [...workspaceKeys.all, "invitation", id] as const,
};
