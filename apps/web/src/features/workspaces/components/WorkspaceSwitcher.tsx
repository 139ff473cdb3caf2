import { useId, useState } from "react";
import { useSession } from "../../session/session-context";
import { switchWorkspace, useWorkspaces } from "../api";
import { describeWorkspaceError } from "../errors";

/**
 * The workspace switcher in the app header: shown once the user belongs to more than one
 * workspace. Switching asks the auth service for a token of the other workspace and reloads.
 */
export function WorkspaceSwitcher() {
  const { user, workspace } = useSession();
  const workspaces = useWorkspaces();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!user || !workspace || !workspaces.data || workspaces.data.length < 2) return null;
  const label = (w: { id: string; name: string }) => (w.id === user.id ? `${w.name} (yours)` : w.name);
  return (
    <div className="workspace-switcher">
      <label htmlFor={id} className="sr-only">
        Workspace
      </label>
      <select
        id={id}
        className="workspace-switcher-select"
        value={workspace.id}
        onChange={(event) => {
          setError(null);
          switchWorkspace(event.target.value).catch((e: unknown) => setError(describeWorkspaceError(e)));
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
          {error}
        </span>
      ) : null}
    </div>
  );
}
