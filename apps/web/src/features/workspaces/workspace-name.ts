import { workspaceNameSchema } from "@parley/contracts";

/**
 * The first rule a typed workspace name breaks, in the auth service's English words (the same
 * contract it refuses with; shown translated), or null when the name may be sent.
 */
export function workspaceNameProblem(name: string): string | null {
  const result = workspaceNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A new workspace's slug: made here, never typed (`ws-` and 16 lowercase hex digits). */
export function newWorkspaceSlug(): string {
  return `ws-${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}
