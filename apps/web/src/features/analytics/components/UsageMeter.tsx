import type { Analytics } from "@parley/contracts";
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatCount, usageView } from "../numbers";
import "../styles/usage.css";

/**
 * This month's answered messages against the plan's quota. From 80 % it warns; at the quota it
 * says plainly what visitors see, since the bots stop answering until the month resets.
 */
export function UsageMeter({ usage, compact = false }: { usage: Analytics["usage"]; compact?: boolean }) {
  const id = useId();
  const view = usageView(usage.messagesThisMonth, usage.limit);
  return (
    <div className="usage-meter" data-level={view.level}>
      <div className="usage-meter-head">
        <span id={id} className="usage-meter-label">
          Messages this month
        </span>
        <span className="usage-meter-count">
          {formatCount(usage.messagesThisMonth)}{" "}
          <span className="an-muted">
            of {formatCount(usage.limit)} on {usage.planName}
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
        aria-valuetext={view.label}
      >
        <span style={{ width: `${view.percent}%` }} />
      </div>
      {view.level === "full" ? (
        <p className="usage-meter-note">
          <strong>You've reached this month's quota.</strong> Visitors now get a polite “unavailable” reply
          instead of an answer, until the count restarts on the 1st.{" "}
          <Link to="/billing">Upgrade your plan</Link> to answer them again now.
        </p>
      ) : view.level === "warn" ? (
        <p className="usage-meter-note">
          <strong>{Math.floor(view.percent)}% of this month's messages used.</strong> At{" "}
          {formatCount(usage.limit)}, visitors get a polite “unavailable” reply until the 1st.{" "}
          <Link to="/billing">See plans</Link>
        </p>
      ) : view.level === "none" ? (
        <p className="usage-meter-note">
          Your plan includes no chatbot messages. <Link to="/billing">See plans</Link>
        </p>
      ) : compact ? null : (
        <p className="an-muted an-small">
          Every reply your chatbots send on your website counts; the count restarts on the 1st of each month
          (UTC).
        </p>
      )}
    </div>
  );
}
