import type { WorkspaceCapability } from "@parley/contracts";
import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/app";
import { useId, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { MenuToggle } from "../../components/MenuIcon";
import { NavLinkList } from "../../components/NavLinkList";
import { useDismissableMenu } from "../../components/use-dismissable-menu";
import { useSession } from "../../features/session/session-context";
import { WorkspaceSwitcher } from "../../features/workspaces/components/WorkspaceSwitcher";
import { useCapabilities } from "../../features/workspaces/permissions";
import { signInUrl } from "../../lib/config";
import { SignOutDialog } from "./SignOutDialog";
import { UserMenu } from "./UserMenu";

/** The app's sections; `label` is a key of `app:nav`. */
export const appNav = [
  { to: "/dashboard", label: "nav.dashboard" },
  { to: "/inbox", label: "nav.inbox" },
  { to: "/analytics", label: "nav.analytics", capability: "analytics:read" },
  { to: "/members", label: "nav.team" },
  { to: "/developers", label: "nav.developers", capability: "apiKeys:manage" },
  { to: "/billing", label: "nav.billing", capability: "billing" },
  { to: "/account", label: "nav.account" },
  { to: "/support", label: "nav.support" },
] as const satisfies ReadonlyArray<{
  to: string;
  label: `nav.${keyof (typeof en)["nav"]}`;
  capability?: WorkspaceCapability;
}>;

/** The sections the member's role may use (the API refuses the others anyway). */
function useNav() {
  const can = useCapabilities();
  return appNav.filter((item) => !("capability" in item) || can(item.capability));
}

/**
 * The signed-in header: logo, the app's sections, and the account menu with Sign out. On a phone
 * (below 720 px, see shell.css) the sections would not fit in a row, so they sit behind a Menu
 * button, in a panel that lists them one under another.
 */
export function AppHeader() {
  const session = useSession();
  const { t } = useTranslation(["app", "common"]);
  const [confirming, setConfirming] = useState(false);
  const menu = useDismissableMenu<HTMLElement>("(min-width: 720px)");
  const navId = useId();
  const location = useLocation();
  const nav = useNav();
  // A bot's pages (/chatbots/…) belong to the dashboard, where the bots are listed.
  const inSection = (to: string) =>
    location.pathname.startsWith(to) || (to === "/dashboard" && location.pathname.startsWith("/chatbots"));
  const current = nav.find((item) => inSection(item.to));
  const currentLabel = current ? t(current.label) : null;

  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Link to="/dashboard" className="header-logo app-header-logo" aria-label={t("header.home")}>
          <Logo />
        </Link>
        <MenuToggle
          menu={menu}
          controls={navId}
          className="app-menu-toggle"
          // The visible text (the section you are in) leads the name; aria-expanded says open/closed.
          label={t("header.menuButton", { section: currentLabel ?? t("header.sections") })}
          size={20}
        >
          <span>{currentLabel ?? t("header.menu")}</span>
        </MenuToggle>
        <nav
          ref={menu.panelRef}
          id={navId}
          className="app-nav"
          aria-label={t("header.navLabel")}
          data-open={menu.open || undefined}
        >
          <NavLinkList
            items={nav}
            label={(item) => t(item.label)}
            className={(item, isActive) =>
              isActive || inSection(item.to) ? "app-nav-link active" : "app-nav-link"
            }
          />
        </nav>
        <div className="app-header-user">
          <WorkspaceSwitcher />
          <LanguageSwitch className="language-switch app-header-language" />
          {session.user ? (
            <UserMenu user={session.user} onSignOut={() => setConfirming(true)} />
          ) : (
            <a className="btn btn-primary btn-sm" href={signInUrl}>
              {t("common:actions.signIn")}
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
