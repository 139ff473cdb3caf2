import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../../session/public";
import { switchWorkspace, type Workspace, workspaceKeys } from "../api";
import { forgetWorkspaceData, watchRemoval } from "../removal";
import { RemovedFromWorkspaceNotice } from "./RemovedFromWorkspaceNotice";

export interface Removal {
  /** The workspace's name, when the switcher had loaded it. */
  workspaceName: string | null;
}

/**
 * Whether the signed-in member was removed from the active workspace: the first NOT_A_MEMBER of
 * any query or mutation, or the live stream's `gone` (which the shell reads from the inbox's live
 * store and passes in), whichever comes first. From then on the workspace's cached data is gone and
 * stays gone (the shell shows RemovedFromWorkspace instead of the page); switching workspace
 * reloads the app.
 */
export function useWorkspaceRemoval(gone: boolean): Removal | null {
  const queryClient = useQueryClient();
  const { workspace } = useSession();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const reported = useRef(false);
  // The workspace the tab showed: a token refreshed after the removal names another one.
  const shown = useRef(workspace);
  useEffect(() => {
    if (!reported.current) shown.current = workspace;
  }, [workspace]);

  const report = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    setRemoval({ workspaceName: cachedWorkspaceName(queryClient, shown.current?.id) });
  }, [queryClient]);

  useEffect(() => watchRemoval(queryClient, report), [queryClient, report]);
  useEffect(() => {
    if (gone) report();
  }, [gone, report]);
  // Once the pages are gone from the screen, so is what they had loaded.
  useEffect(() => {
    if (removal) forgetWorkspaceData(queryClient, shown.current?.id);
  }, [removal, queryClient]);
  return removal;
}

/** The page the shell shows instead of any page of a workspace the member was removed from. */
export function RemovedFromWorkspace({ removal }: { removal: Removal }) {
  const { user } = useSession();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  if (!user) return null;
  return (
    <RemovedFromWorkspaceNotice
      workspaceName={removal.workspaceName}
      switching={switching}
      error={error?.error ?? null}
      onSwitch={() => {
        setSwitching(true);
        setError(null);
        // The personal workspace's id is the user's; the page reloads there.
        switchWorkspace(user.id).catch((e: unknown) => {
          setError({ error: e });
          setSwitching(false);
        });
      }}
    />
  );
}

/** The workspace's name as the switcher last loaded it (read before it is forgotten). */
function cachedWorkspaceName(queryClient: QueryClient, workspaceId: string | undefined): string | null {
  if (!workspaceId) return null;
  return (
    queryClient.getQueryData<Workspace[]>(workspaceKeys.list())?.find((w) => w.id === workspaceId)?.name ??
    null
  );
}
