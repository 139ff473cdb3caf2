import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * The page frame: the language switch, logo and product line, the card, and footer links to the
 * main site.
 */
export function Shell({ webUrl, children }: { webUrl: string | null; children: ReactNode }) {
  const { t } = useTranslation("auth");
  const year = new Date().getFullYear();
  return (
    <div className="page">
      <div className="page-language">
        <LanguageSwitch />
      </div>
      <header className="page-header">
        {webUrl ? (
          <a className="logo-link" href={`${webUrl}/`} aria-label={t("shell.home")}>
            <Logo size={32} />
          </a>
        ) : (
          <Logo size={32} />
        )}
        <p className="tagline">{t("shell.tagline")}</p>
      </header>
      <main className="card">{children}</main>
      <footer className="page-footer">
        <span>© {year} Parley</span>
        {webUrl && (
          <>
            <a href={`${webUrl}/terms-conditions`}>{t("shell.terms")}</a>
            <a href={`${webUrl}/contact`}>{t("shell.contact")}</a>
          </>
        )}
      </footer>
    </div>
  );
}

type IconName = "mail" | "check" | "warning" | "lock" | "link";

const ICON_PATHS: Record<IconName, ReactNode> = {
  mail: (
    <path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5zm.5-.5L12 13l7.5-6" />
  ),
  check: <path d="M7 12.5l3.2 3.2L17 9" />,
  warning: (
    <path d="M12 8.5v4.5m0 3h.01M10.3 4.6L3.4 16.5A2 2 0 0 0 5.1 19.5h13.8a2 2 0 0 0 1.7-3L13.7 4.6a2 2 0 0 0-3.4 0z" />
  ),
  lock: (
    <path d="M7.5 11V8.5a4.5 4.5 0 0 1 9 0V11M6.5 11h11a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1V12a1 1 0 0 1 1-1z" />
  ),
  link: (
    <path d="M10 14a4 4 0 0 0 5.7 0l2.8-2.8a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-2.8 2.8a4 4 0 0 0 5.7 5.7l1-1M4 4l16 16" />
  ),
};

/** Each icon's colour: a problem is a warning, a success a success, the rest the accent. */
const ICON_TONES: Record<IconName, "accent" | "success" | "warning"> = {
  mail: "accent",
  check: "success",
  warning: "warning",
  lock: "accent",
  link: "warning",
};

/**
 * The card's heading block, its icon in the icon's tone. The heading takes focus after an in-app page
 * change when nothing else (e.g. an autofocused input) did, so screen readers announce the new page.
 */
export function CardHeader({
  title,
  subtitle,
  icon,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: IconName;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Parley`;
    if (document.activeElement === document.body || document.activeElement === null) {
      heading.current?.focus({ preventScroll: true });
    }
  }, [title]);
  return (
    <div className="card-header">
      {icon && (
        <div className={`card-icon card-icon-${ICON_TONES[icon]}`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {ICON_PATHS[icon]}
          </svg>
        </div>
      )}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {subtitle && <p className="card-subtitle">{subtitle}</p>}
    </div>
  );
}
