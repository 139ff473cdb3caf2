import { useId } from "react";
import { Link, NavLink } from "react-router-dom";
import { signInUrl } from "../app/config";
import { Logo } from "../components/Logo";
import { MenuIcon } from "../components/MenuIcon";
import { useDismissableMenu } from "../components/use-dismissable-menu";
import { primaryNav } from "./nav";

export function SiteHeader() {
  const menu = useDismissableMenu<HTMLDivElement>("(min-width: 960px)");
  const { open: menuOpen, setOpen: setMenuOpen, toggleRef, panelRef } = menu;
  const menuId = useId();

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="header-logo" aria-label="Parley home">
          <Logo />
        </Link>

        <nav className="header-nav" aria-label="Main">
          <ul>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="header-actions">
          <a className="btn btn-ghost btn-sm" href={signInUrl}>
            Sign in
          </a>
          <a className="btn btn-primary btn-sm" href={signInUrl}>
            Start free
          </a>
        </div>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
        </button>
      </div>

      <div ref={panelRef} id={menuId} className="mobile-menu" hidden={!menuOpen}>
        <nav aria-label="Mobile">
          <ul>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className="mobile-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-actions">
          <a className="btn btn-secondary btn-block" href={signInUrl}>
            Sign in
          </a>
          <a className="btn btn-primary btn-block" href={signInUrl}>
            Start free
          </a>
        </div>
      </div>
    </header>
  );
}
