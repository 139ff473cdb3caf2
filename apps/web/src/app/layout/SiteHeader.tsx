import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { Link, NavLink } from "react-router-dom";
import { MenuIcon } from "../../components/MenuIcon";
import { useDismissableMenu } from "../../components/use-dismissable-menu";
import { signInUrl, signUpUrl } from "../../lib/config";
import { primaryNav } from "./nav";

export function SiteHeader() {
  const menu = useDismissableMenu<HTMLDivElement>("(min-width: 960px)");
  const { open: menuOpen, setOpen: setMenuOpen, toggleRef, panelRef } = menu;
  const menuId = useId();
  const { t } = useTranslation("site");

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="header-logo" aria-label={t("header.homeLabel")}>
          <Logo />
        </Link>

        <nav className="header-nav" aria-label={t("header.mainNav")}>
          <ul>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className="nav-link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="header-actions">
          <LanguageSwitch />
          <a className="btn btn-ghost btn-sm" href={signInUrl}>
            {t("header.signIn")}
          </a>
          <a className="btn btn-primary btn-sm" href={signUpUrl}>
            {t("header.startFree")}
          </a>
        </div>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
        </button>
      </div>

      <div ref={panelRef} id={menuId} className="mobile-menu" hidden={!menuOpen}>
        <nav aria-label={t("header.mobileNav")}>
          <ul>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className="mobile-link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-actions">
          <div style={{ gridColumn: "1 / -1" }}>
            <LanguageSwitch />
          </div>
          <a className="btn btn-secondary btn-block" href={signInUrl}>
            {t("header.signIn")}
          </a>
          <a className="btn btn-primary btn-block" href={signUpUrl}>
            {t("header.startFree")}
          </a>
        </div>
      </div>
    </header>
  );
}
