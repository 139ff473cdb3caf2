import { useTranslation } from "@parley/ui/i18n/react";
import type { Tick } from "../simulator";

/** WhatsApp's delivery marks: a clock, ✓ sent, ✓✓ delivered, blue ✓✓ read, or a red mark. */
export function Ticks({ tick }: { tick: Tick }) {
  const { t } = useTranslation("developers");
  const label = t(`simulator.chat.ticks.${tick}`);
  return (
    <span className={`wa-ticks wa-ticks-${tick}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 18 12" width="18" height="12" aria-hidden="true" focusable="false">
        {tick === "pending" ? (
          <g fill="none" stroke="currentColor" strokeWidth="1.4">
            <circle cx="9" cy="6" r="4.6" />
            <path d="M9 3.4V6l1.8 1.2" strokeLinecap="round" />
          </g>
        ) : tick === "failed" ? (
          <g>
            <circle cx="9" cy="6" r="5.4" fill="currentColor" />
            <path d="M9 3v3.6M9 8.4v.4" stroke="#fff" strokeWidth="1.5" strokeLinecap="round" />
          </g>
        ) : tick === "sent" ? (
          <path
            d="M3.5 6.2l2.8 2.8 6-6.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M1 6.2l2.8 2.8 6-6.5" />
            <path d="M7.4 8.4l.6.6 6-6.5" />
          </g>
        )}
      </svg>
    </span>
  );
}
