import { type WorkspaceRole, workspaceRoleSchema } from "@parley/contracts";

export interface ActiveWorkspace {
  id: string;
  role: WorkspaceRole;
  /** True for the user's personal workspace (its id is the user's id). */
  personal: boolean;
}

/**
 * The workspace an access token is for, read from its claims (the API decides with the same
 * claims, and re-checks membership). Tokens from before workspaces name none: the personal one.
 * The signature is not checked here: this only decides what the UI shows.
 */
export function workspaceOfToken(token: string | null): ActiveWorkspace | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    claims = JSON.parse(decodeURIComponent(escape(json)));
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  const { sub, workspaceId, workspaceRole } = claims as Record<string, unknown>;
  if (typeof sub !== "string") return null;
  const id = typeof workspaceId === "string" && workspaceId ? workspaceId : sub;
  const role = workspaceRoleSchema.safeParse(workspaceRole ?? "owner");
  return { id, role: role.success ? role.data : "agent", personal: id === sub };
}
