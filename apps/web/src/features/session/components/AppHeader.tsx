import { useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { signInUrl } from "../../../app/config";
import { Logo } from "../../../components/Logo";
import { useSession } from "../session-context";
import { SignOutDialog } from "./SignOutDialog";
import { UserMenu } from "./UserMenu";

export const appNav = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/inbox", label: "Inbox" },
  { to: "/analytics", label: "Analytics" },
  { to: "/billing", label: "Billing" },
  { to: "/account", label: "Account" },
  { to: "/support", label: "Support" },
] as const;

/** The signed-in header: logo, the app's sections, and the account menu with Sign out. */
export function AppHeader() {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);

  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Link to="/dashboard" className="header-logo app-header-logo" aria-label="Parley dashboard">
          <Logo />
        </Link>
        <nav className="app-nav" aria-label="App">
          <ul>
            {appNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="app-nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-header-user">
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
