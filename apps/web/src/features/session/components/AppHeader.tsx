import { type WorkspaceCapability, type WorkspaceRole, workspaceCan } from "@parley/contracts";
import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { signInUrl } from "../../../app/config";
import { Logo } from "../../../components/Logo";
import { MenuIcon } from "../../../components/MenuIcon";
import { useDismissableMenu } from "../../../components/use-dismissable-menu";
import { WorkspaceSwitcher } from "../../workspaces/components/WorkspaceSwitcher";
import { useSession } from "../session-context";
import { SignOutDialog } from "./SignOutDialog";
import { UserMenu } from "./UserMenu";

export const appNav = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/inbox", label: "Inbox" },
  { to: "/analytics", label: "Analytics", capability: "analytics:read" },
  { to: "/members", label: "Team" },
  { to: "/billing", label: "Billing", capability: "billing" },
  { to: "/account", label: "Account" },
  { to: "/support", label: "Support" },
] as const satisfies ReadonlyArray<{ to: string; label: string; capability?: WorkspaceCapability }>;

/** The sections a role may use (the API refuses the others anyway). */
function navFor(role: WorkspaceRole | undefined) {
  return appNav.filter(
    (item) => !("capability" in item) || (role !== undefined && workspaceCan(role, item.capability)),
  );
}

/**
 * The signed-in header: logo, the app's sections, and the account menu with Sign out. On a phone
 * (below 720 px, see shell.css) the sections would not fit in a row, so they sit behind a Menu
 * button, in a panel that lists them one under another.
 */
export function AppHeader() {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const menu = useDismissableMenu<HTMLElement>("(min-width: 720px)");
  const { open: menuOpen, setOpen: setMenuOpen, toggleRef, panelRef: navRef } = menu;
  const navId = useId();
  const location = useLocation();
  const nav = navFor(session.workspace?.role);
  const current = nav.find((item) => location.pathname.startsWith(item.to));

  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Link to="/dashboard" className="header-logo app-header-logo" aria-label="Parley dashboard">
          <Logo />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="app-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          // The visible text (the section you are in) leads the name; aria-expanded says open/closed.
          aria-label={`${current?.label ?? "Sections"}, menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} size={20} />
          <span>{current?.label ?? "Menu"}</span>
        </button>
        <nav ref={navRef} id={navId} className="app-nav" aria-label="App" data-open={menuOpen || undefined}>
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="app-nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-header-user">
          <WorkspaceSwitcher />
          {session.user ? (
            <UserMenu user={session.user} onSignOut={() => setConfirming(true)} />
          ) : (
            <a className="btn btn-primary btn-sm" href={signInUrl}>
              Sign in
            </a>
          )}
        </div>
      </div>
      <SignOutDialog
        open={confirming}
        busy={session.signingOut}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void session.signOut()}
      />
    </header>
  );
}
