import { type WorkspaceCapability, type WorkspaceRole, workspaceCan } from "@parley/contracts";

/**
 * What a member may do in the active workspace, read from the API's own table
 * (WORKSPACE_CAPABILITIES in @parley/contracts) with the role the access token carries.
 * - "yes" / "no": the role is known.
 * - "unknown": the role is not known yet (the token is being read); offer nothing, explain nothing.
 * Screens ask through the hooks in ./permissions (useCan, useAccess, useCapabilities).
 */
export type Access = "yes" | "no" | "unknown";

export function accessOf(role: WorkspaceRole | null | undefined, capability: WorkspaceCapability): Access {
  if (!role) return "unknown";
  return workspaceCan(role, capability) ? "yes" : "no";
}
