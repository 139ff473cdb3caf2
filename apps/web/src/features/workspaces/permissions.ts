import type { WorkspaceCapability } from "@parley/contracts";
import { useSession } from "../session/public";
import { type Access, accessOf } from "./access";

export type { Access } from "./access";

/**
 * The one way screens decide which actions to show: the API's permission table, asked with the
 * member's role in the active workspace, so a screen never offers what the API would refuse.
 */

/** "yes", "no" or "unknown" (see Access): a read-only notice shows on "no" only. */
export function useAccess(capability: WorkspaceCapability): Access {
  const { workspace } = useSession();
  return accessOf(workspace?.role, capability);
}

/** True when the member may do this; false while the role is not known yet. */
export function useCan(capability: WorkspaceCapability): boolean {
  return useAccess(capability) === "yes";
}

/** For lists (the app's sections): a function asking the same question for any capability. */
export function useCapabilities(): (capability: WorkspaceCapability) => boolean {
  const { workspace } = useSession();
  const role = workspace?.role;
  return (capability) => accessOf(role, capability) === "yes";
}
