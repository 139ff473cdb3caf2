import { useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { useSession } from "../../session/session-context";
import { switchWorkspace, useWorkspaces } from "../api";
import { useWorkspaceErrorText } from "../errors";

/**
 * The workspace switcher in the app header: shown once the user belongs to more than one
 * workspace. Switching asks the auth service for a token of the other workspace and reloads.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation("team");
  const errorText = useWorkspaceErrorText();
  const { user, workspace } = useSession();
  const workspaces = useWorkspaces();
  const [error, setError] = useState<{ error: unknown } | null>(null);
  const id = useId();
  if (!user || !workspace || !workspaces.data || workspaces.data.length < 2) return null;
  const label = (w: { id: string; name: string }) =>
    w.id === user.id ? t("switcher.yours", { name: w.name }) : w.name;
  return (
    <div className="workspace-switcher">
      <label htmlFor={id} className="sr-only">
        {t("switcher.label")}
      </label>
      <select
        id={id}
        className="workspace-switcher-select"
        value={workspace.id}
        onChange={(event) => {
          setError(null);
          switchWorkspace(event.target.value).catch((e: unknown) => setError({ error: e }));
        }}
      >
        {workspaces.data.map((w) => (
          <option key={w.id} value={w.id}>
            {label(w)}
          </option>
        ))}
      </select>
      {error ? (
        <span role="alert" className="workspace-switcher-error">
          {errorText(error.error)}
        </span>
      ) : null}
    </div>
  );
}
