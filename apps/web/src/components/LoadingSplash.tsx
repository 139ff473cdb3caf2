import { LogoMark } from "@parley/ui/components/Logo";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { pickTagline } from "./taglines";

interface LoadingSplashProps {
  /** An extra line under the tagline, e.g. "Signing you in…". */
  message?: string;
}

/**
 * Full-screen splash shown while authentication loads and during the post-login gate.
 * The animation is CSS only and stops under prefers-reduced-motion.
 */
export function LoadingSplash({ message }: LoadingSplashProps) {
  // Picked once per mount so the line does not change on every re-render.
  const [tagline] = useState(() => pickTagline());
  const { t } = useTranslation("app");
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash-inner">
        <div className="splash-logo">
          <span className="splash-halo" aria-hidden="true" />
          <LogoMark size={64} className="splash-mark" />
        </div>
        <p className="splash-word">Parley</p>
        <p className="splash-tagline">{t(tagline)}</p>
        {message ? <p className="splash-message">{message}</p> : null}
        <div className="splash-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <span className="sr-only">{t("splash.loading")}</span>
      </div>
    </div>
  );
}
