import { Ltr, useTranslation } from "@parley/ui/i18n/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { AuthUser } from "../../features/session/session-data";

/**
 * "Ada Lovelace" → "AL"; no name → the e-mail's first letter. An Arabic name gives its first
 * letter only: Arabic has no initials, and two joined letters make a word ("ليلى الحسن" → "لا", "no").
 */
export function initialsOf(user: Pick<AuthUser, "name" | "email">): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (/^[\u0600-\u06FF]/.test(words[0] ?? "")) return words[0]?.[0] ?? "?";
  const letters =
    words.length >= 2 ? `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}` : (words[0]?.[0] ?? "");
  return (letters || user.email.charAt(0) || "?").toUpperCase();
}

interface UserMenuProps {
  user: AuthUser;
  onSignOut: () => void;
}

/**
 * The account button in the app header: a menu-button (WAI-ARIA pattern) with the user's name and
 * e-mail, links to account settings and support, and Sign out. Arrow keys move between items; Esc
 * and a click outside close it and return focus to the button.
 */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const display = user.name || user.email;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusAt(list.length - 1);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("userMenu.button", { name: display })}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* The initials are drawn by CSS: as text they would be part of the button's visible
            words, which its accessible name must contain (WCAG 2.5.3). */}
        <span className="avatar" aria-hidden="true" data-initials={initialsOf(user)} />
        <span className="user-menu-name">{display}</span>
        <svg
          className="user-menu-chevron"
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className="user-menu-panel"
          role="menu"
          aria-label={t("userMenu.label")}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          <div className="user-menu-head">
            <span className="user-menu-head-name">{user.name || t("userMenu.yourAccount")}</span>
            <span className="user-menu-head-email">
              <Ltr>{user.email}</Ltr>
            </span>
          </div>
          <Link
            role="menuitem"
            tabIndex={-1}
            className="user-menu-item"
            to="/account"
            onClick={() => close(false)}
          >
            {t("userMenu.settings")}
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            className="user-menu-item"
            to="/support"
            onClick={() => close(false)}
          >
            {t("userMenu.help")}
          </Link>
          <hr className="user-menu-separator" />
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="user-menu-item user-menu-item-danger"
            onClick={() => {
              close(true);
              onSignOut();
            }}
          >
            {t("userMenu.signOut")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
