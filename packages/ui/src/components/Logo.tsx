import { useId } from "react";
import { useTranslation } from "../i18n/react";

interface LogoMarkProps {
  size?: number;
  className?: string;
}

/**
 * The Parley mark, shared by the web app and the sign-in app: a speech bubble on an
 * indigo-to-violet tile. Decorative; pair it with text. The three dots carry `logo-dot` so a page
 * can animate them (the web app's loading splash).
 */
export function LogoMark({ size = 28, className }: LogoMarkProps) {
  // Several marks can be on one page (header, footer, splash); gradient ids must not collide.
  const gradientId = `logo-gradient-${useId()}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9A2.5 2.5 0 0 1 23 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.4A.5.5 0 0 1 10 23v-3.1A2.5 2.5 0 0 1 9 17.5z"
        fill="#fff"
      />
      <circle className="logo-dot" cx="13" cy="14" r="1.3" fill="#4f46e5" />
      <circle className="logo-dot" cx="16" cy="14" r="1.3" fill="#4f46e5" />
      <circle className="logo-dot" cx="19" cy="14" r="1.3" fill="#4f46e5" />
    </svg>
  );
}

/**
 * Mark plus wordmark (`.logo`, `.logo-word`; each app sizes them in its own header styles). The
 * wordmark is the brand name from the `common` catalog (Latin in every language).
 */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation("common");
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo-word">{t("product")}</span>
    </span>
  );
}
