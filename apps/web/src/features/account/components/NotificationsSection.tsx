import { useState } from "react";
import { useSession } from "../../session/public";
import { useWorkspaces } from "../../workspaces/public";
import { useNotificationPrefs, useSaveNotificationPrefs } from "../notification-prefs";
import { NotificationsForm } from "./NotificationsForm";

/**
 * Account page: how this member hears of handoff requests and new leads in the active workspace
 * (each one by e-mail, one e-mail per hour, or none). Each member chooses for themselves, per
 * workspace; every role has it (agents answer the requests).
 */
export function NotificationsSection() {
  const { workspace, user } = useSession();
  const workspaceId = workspace?.id;
  const workspaces = useWorkspaces();
  const prefs = useNotificationPrefs(workspaceId);
  const save = useSaveNotificationPrefs(workspaceId);
  const [saved, setSaved] = useState(false);
  return (
    <NotificationsForm
      // A personal workspace's stored name is made in English ("Ada's workspace"): it is called
      // "your own workspace" in the reader's language instead.
      workspaceName={
        workspace?.personal || workspaceId === user?.id
          ? undefined
          : workspaces.data?.find((w) => w.id === workspaceId)?.name
      }
      personal={Boolean(workspace?.personal || workspaceId === user?.id)}
      current={prefs.data?.email}
      loadFailed={prefs.isError}
      onRetry={() => void prefs.refetch()}
      saving={save.isPending}
      saved={saved}
      error={save.isError ? save.error : null}
      onChange={() => {
        setSaved(false);
        save.reset();
      }}
      onSave={(email) => {
        setSaved(false);
        save.mutate({ email }, { onSuccess: () => setSaved(true) });
      }}
    />
  );
}
