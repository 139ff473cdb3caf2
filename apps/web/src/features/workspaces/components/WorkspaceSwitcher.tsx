import { signUpNameOwner } from "@parley/contracts";
import { MenuChevron, useMenu } from "@parley/ui/components/Menu";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useSession } from "../../session/public";
import { switchWorkspace, useWorkspaces } from "../api";
import { useWorkspaceErrorText } from "../errors";

/**
 * The workspace switcher in the app header, shown once the user belongs to more than one
 * workspace: a menu button (WAI-ARIA menu of radio items) naming the active workspace, listing the
 * others with the active one checked (the kit's `useMenu`, like the user menu: arrow keys, Home
 * and End move, Esc and a click outside close it). Choosing one asks the auth service for a token of that workspace
 * and reloads. A personal workspace is "Your workspace" in the reader's language (its stored name
 * is English: "Ada's workspace").
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation("team");
  const errorText = useWorkspaceErrorText();
  const { user, workspace } = useSession();
  const workspaces = useWorkspaces();
  const { open, setOpen, close, buttonProps, menuProps } = useMenu();
  const [switching, setSwitching] = useState<string | null>(null);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  if (!user || !workspace || !workspaces.data || workspaces.data.length < 2) return null;
  // A personal workspace's stored name is English ("Olivia's workspace"): said in the reader's
  // language, like one's own ("Your workspace"); a renamed or shared one by its name.
  const label = (w: { id: string; name: string }) => {
    if (w.id === user.id) return t("switcher.yourWorkspace");
    const owner = signUpNameOwner(w.name);
    return owner ? t("switcher.theirWorkspace", { name: owner }) : w.name;
  };
  const active = workspaces.data.find((w) => w.id === workspace.id);
  const activeLabel = active ? label(active) : t("switcher.label");

  const choose = (id: string) => {
    close(true);
    if (id === workspace.id) return;
    setError(null);
    setSwitching(id);
    switchWorkspace(id).catch((e: unknown) => {
      setSwitching(null);
      setError({ error: e });
    });
  };

  return (
    <div className="workspace-switcher">
      <button
        {...buttonProps}
        className="workspace-switcher-button"
        aria-label={t("switcher.button", { name: activeLabel })}
        aria-busy={switching ? true : undefined}
        data-testid="workspace-switcher"
        onClick={() => {
          setError(null);
          setOpen((value) => !value);
        }}
      >
        <SolidIcon
          className="workspace-switcher-icon"
          d="M3 4.5A1.5 1.5 0 0 1 4.5 3h4A1.5 1.5 0 0 1 10 4.5v4A1.5 1.5 0 0 1 8.5 10h-4A1.5 1.5 0 0 1 3 8.5v-4Zm7 7a1.5 1.5 0 0 1 1.5-1.5h4a1.5 1.5 0 0 1 1.5 1.5v4a1.5 1.5 0 0 1-1.5 1.5h-4a1.5 1.5 0 0 1-1.5-1.5v-4ZM3 13.5a3.5 3.5 0 1 1 7 0 3.5 3.5 0 0 1-7 0ZM13.5 3a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z"
        />
        <span className="workspace-switcher-name">
          <bdi>{activeLabel}</bdi>
        </span>
        <MenuChevron className="workspace-switcher-chevron" size={14} />
      </button>
      {open ? (
        <div {...menuProps} role="menu" className="workspace-switcher-panel" aria-label={t("switcher.label")}>
          <div className="workspace-switcher-head" aria-hidden="true">
            {t("switcher.label")}
          </div>
          {workspaces.data.map((w) => {
            const current = w.id === workspace.id;
            return (
              <button
                key={w.id}
                type="button"
                role="menuitemradio"
                aria-checked={current}
                tabIndex={-1}
                className="workspace-switcher-item"
                onClick={() => choose(w.id)}
              >
                <span className="workspace-switcher-item-name">
                  <bdi>{label(w)}</bdi>
                </span>
                {current ? (
                  <SolidIcon
                    className="workspace-switcher-check"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  />
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="workspace-switcher-error">
          {errorText(error.error)}
        </div>
      ) : null}
    </div>
  );
}

/** A small filled icon of the switcher (decorative). */
function SolidIcon({ className, d }: { className: string; d: string }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      fill="currentColor"
    >
      <path d={d} />
    </svg>
  );
}
