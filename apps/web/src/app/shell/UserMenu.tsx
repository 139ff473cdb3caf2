import { MenuChevron, useMenu } from "@parley/ui/components/Menu";
import { Ltr, useTranslation } from "@parley/ui/i18n/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { staffQueryOptions } from "../../features/admin/public";
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
 * e-mail, links to account settings and support, and Sign out (the kit's `useMenu`: arrow keys move
 * between items; Esc and a click outside close it). Platform staff also find the operator's console
 * there: whether one is staff is asked once, lazily (when the menu is about to open), and a 403
 * answer hides the link.
 */
/** One page of the menu (a menu item drawn as a link). */
function MenuLink({
  to,
  onClick,
  children,
  "data-testid": testId,
}: {
  to: string;
  onClick: () => void;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      className="user-menu-item"
      to={to}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const { t } = useTranslation("app");
  const { open, setOpen, close, buttonProps, menuProps } = useMenu();
  const display = user.name || user.email;
  const queryClient = useQueryClient();
  const staff = useQuery({ ...staffQueryOptions(user.id), enabled: open });
  const askIfStaff = () => void queryClient.prefetchQuery(staffQueryOptions(user.id)).catch(() => undefined);

  return (
    <div className="user-menu">
      <button
        {...buttonProps}
        className="user-menu-button"
        aria-label={t("userMenu.button", { name: display })}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={askIfStaff}
        onFocus={askIfStaff}
      >
        {/* The initials are drawn by CSS: as text they would be part of the button's visible
            words, which its accessible name must contain (WCAG 2.5.3). */}
        <span className="avatar" aria-hidden="true" data-initials={initialsOf(user)} />
        <span className="user-menu-name">{display}</span>
        <MenuChevron className="user-menu-chevron" />
      </button>
      {open ? (
        <div {...menuProps} role="menu" className="user-menu-panel" aria-label={t("userMenu.label")}>
          <div className="user-menu-head">
            <span className="user-menu-head-name">{user.name || t("userMenu.yourAccount")}</span>
            <span className="user-menu-head-email">
              <Ltr>{user.email}</Ltr>
            </span>
          </div>
          <MenuLink to="/account" onClick={() => close(false)}>
            {t("userMenu.settings")}
          </MenuLink>
          <MenuLink to="/support" onClick={() => close(false)}>
            {t("userMenu.help")}
          </MenuLink>
          {staff.data ? (
            <MenuLink to="/admin" data-testid="operator-console-link" onClick={() => close(false)}>
              {t("userMenu.console")}
            </MenuLink>
          ) : null}
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
