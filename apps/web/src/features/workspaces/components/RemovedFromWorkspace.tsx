import { useTranslation } from "@parley/ui/i18n/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { isApiError } from "../../../app/api";
import { liveStore } from "../../inbox/live/live-store";
import { useSession } from "../../session/session-context";
import { switchWorkspace } from "../api";

/**
 * When the API says the user is no longer a member of the active workspace (removed, or left in
 * another tab), every page of it is refused: say so once, at the top, with the way out.
 */
export function RemovedFromWorkspace() {
  const { t } = useTranslation("team");
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [refused, setRefused] = useState(false);
  // The live stream says so too (`gone`), before any request is refused.
  const gone = useSyncExternalStore(liveStore.subscribe, () => liveStore.get().gone);
  const removed = refused || gone;
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (isApiError(error) && error.code === "NOT_A_MEMBER") setRefused(true);
      }),
    [queryClient],
  );
  if (!removed || !user) return null;
  return (
    <div className="container">
      <div className="alert alert-error" role="alert" data-testid="removed-from-workspace">
        {t("removed.message")}{" "}
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void switchWorkspace(user.id)}
        >
          {t("removed.goHome")}
        </button>
      </div>
    </div>
  );
}
