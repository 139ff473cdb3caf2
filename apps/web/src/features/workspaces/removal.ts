import type { Query, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../../lib/api-error";
import { watchFailures } from "../../lib/query-client";
import { AuthServiceError, sessionKeys } from "../session/public";
import type { Workspace } from "./api";
import { workspaceKeys } from "./workspace-keys";

/**
 * Issue #25: a member removed from the active workspace (or who left it in another tab) keeps an
 * access token for it, and every call about it is refused. The first refusal anywhere (a query,
 * a mutation, or the live stream's `gone`) means the same for the whole tab: the app then stops
 * showing the workspace and says so once (RemovedFromWorkspace), instead of each card failing.
 */

/** The API's NOT_A_MEMBER (403), or the auth service's refusal of the same (the Team page's calls). */
export function isRemovalError(error: unknown): boolean {
  if (isApiError(error)) return error.code === "NOT_A_MEMBER";
  return (
    error instanceof AuthServiceError &&
    error.failure.kind === "http" &&
    error.failure.code?.toUpperCase() === "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION"
  );
}

/**
 * Calls `onRemoved` when a query or a mutation of `queryClient` fails because the member was
 * removed (also for one that failed before the watch began). Returns a function that stops watching.
 */
export function watchRemoval(queryClient: QueryClient, onRemoved: () => void): () => void {
  const stop = watchFailures(queryClient, (error) => {
    if (isRemovalError(error)) onRemoved();
  });
  if (queryClient.getQueryCache().findAll({ predicate: (q) => isRemovalError(q.state.error) }).length > 0)
    onRemoved();
  return stop;
}

const listKey = workspaceKeys.list();
const isList = (query: Query) =>
  query.queryKey.length === 2 && listKey.every((k, i) => query.queryKey[i] === k);

/**
 * Who is signed in stays (the session and the user's record), and so does the list of workspaces
 * (the header's switcher watches it); everything else of the workspace goes.
 */
const ofWorkspace = (query: Query) => query.queryKey[0] !== sessionKeys.all[0] && !isList(query);

/**
 * Drops every cached answer about the workspace, and stops those on their way. The switcher's list
 * loses the workspace at once (removing the query would leave the mounted switcher showing its last
 * answer until a reload) and is asked again, so it shows what the auth service now says.
 */
export function forgetWorkspaceData(queryClient: QueryClient, removedWorkspaceId?: string): void {
  void queryClient.cancelQueries({ predicate: ofWorkspace });
  queryClient.removeQueries({ predicate: ofWorkspace });
  if (removedWorkspaceId)
    queryClient.setQueryData<Workspace[]>(listKey, (list) =>
      list?.filter((w) => w.id !== removedWorkspaceId),
    );
  void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
}
