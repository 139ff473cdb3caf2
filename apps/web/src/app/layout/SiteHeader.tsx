import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { MenuToggle } from "../../components/MenuIcon";
import { NavLinkList } from "../../components/NavLinkList";
import { useDismissableMenu } from "../../components/use-dismissable-menu";
import { signInUrl, signUpUrl } from "../../lib/config";
import { primaryNav } from "./nav";

export function SiteHeader() {
  const menu = useDismissableMenu<HTMLDivElement>("(min-width: 960px)");
  const menuId = useId();
  const { t } = useTranslation("site");
  const navLabel = (item: (typeof primaryNav)[number]) => t(item.label);
  const atHome = (item: (typeof primaryNav)[number]) => item.to === "/";

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="header-logo" aria-label={t("header.homeLabel")}>
          <Logo />
        </Link>

        <nav className="header-nav" aria-label={t("header.mainNav")}>
          <NavLinkList items={primaryNav} label={navLabel} end={atHome} className="nav-link" />
        </nav>

        <div className="header-actions">
          <LanguageSwitch />
          <AuthLinks signInClass="btn-ghost" size="btn-sm" />
        </div>

        <MenuToggle
          menu={menu}
          controls={menuId}
          className="menu-toggle"
          label={menu.open ? t("header.closeMenu") : t("header.openMenu")}
        />
      </div>

      <div ref={menu.panelRef} id={menuId} className="mobile-menu" hidden={!menu.open}>
        <nav aria-label={t("header.mobileNav")}>
          <NavLinkList items={primaryNav} label={navLabel} end={atHome} className="mobile-link" />
        </nav>
        <div className="mobile-actions">
          <div style={{ gridColumn: "1 / -1" }}>
            <LanguageSwitch />
          </div>
          <AuthLinks signInClass="btn-secondary" size="btn-block" />
        </div>
      </div>
    </header>
  );
}

/** Sign in and Start free, to the auth app: in the header's row, and again in the phone menu. */
function AuthLinks({ signInClass, size }: { signInClass: string; size: string }) {
  const { t } = useTranslation("site");
  return (
    <>
      <a className={`btn ${signInClass} ${size}`} href={signInUrl}>
        {t("header.signIn")}
      </a>
      <a className={`btn btn-primary ${size}`} href={signUpUrl}>
        {t("header.startFree")}
      </a>
    </>
  );
}
