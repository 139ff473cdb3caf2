import type { Analytics } from "@parley/contracts";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatCount, usageView } from "../numbers";
import "../styles/usage.css";
import { usePlanText } from "../../pricing/public";

/**
 * This month's answered messages against the plan's quota. From 80 % it warns; at the quota it
 * says plainly what visitors see, since the bots stop answering until the month resets.
 */
export function UsageMeter({ usage, compact = false }: { usage: Analytics["usage"]; compact?: boolean }) {
  const { t } = useTranslation("inbox");
  const planText = usePlanText();
  const id = useId();
  const view = usageView(usage.messagesThisMonth, usage.limit);
  return (
    <div className="usage-meter" data-level={view.level}>
      <div className="usage-meter-head">
        <span id={id} className="usage-meter-label">
          {t("analytics.usage.label")}
        </span>
        <span className="usage-meter-count">
          {formatCount(usage.messagesThisMonth)}{" "}
          <span className="an-muted">
            {t("analytics.usage.ofLimit", {
              limit: formatCount(usage.limit),
              plan: planText.name({ name: usage.planName, names: usage.planNames }),
            })}
          </span>
        </span>
      </div>
      <div
        className="usage-meter-bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={Math.max(usage.limit, 1)}
        aria-valuenow={Math.min(usage.messagesThisMonth, Math.max(usage.limit, 1))}
        aria-valuetext={t("analytics.usage.valueText", {
          used: formatCount(usage.messagesThisMonth),
          limit: formatCount(usage.limit),
        })}
      >
        <span style={{ width: `${view.percent}%` }} />
      </div>
      {view.level === "full" ? (
        <p className="usage-meter-note">
          <Trans
            t={t}
            i18nKey="analytics.usage.full"
            components={{ b: <strong />, plans: <Link to="/billing" /> }}
          />
        </p>
      ) : view.level === "warn" ? (
        <p className="usage-meter-note">
          <Trans
            t={t}
            i18nKey="analytics.usage.warn"
            values={{ percent: Math.floor(view.percent), limit: formatCount(usage.limit) }}
            components={{ b: <strong />, plans: <Link to="/billing" /> }}
          />
        </p>
      ) : view.level === "none" ? (
        <p className="usage-meter-note">
          <Trans t={t} i18nKey="analytics.usage.none" components={{ plans: <Link to="/billing" /> }} />
        </p>
      ) : compact ? null : (
        <p className="an-muted an-small">{t("analytics.usage.note")}</p>
      )}
    </div>
  );
}
