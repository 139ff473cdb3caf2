import { type ReactNode, useId } from "react";

/**
 * One headline figure: a label, the value and a line of detail, read as one labelled group
 * (`.card .kpi`: the analytics page's figures).
 */
export function StatCard({
  label,
  value,
  detail,
  className = "card kpi",
}: {
  label: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of three texts, not form controls (no fieldset)
    <div className={className} role="group" aria-labelledby={id}>
      <span id={id} className="kpi-label">
        {label}
      </span>
      <span className="kpi-value">{value}</span>
      {detail !== undefined ? <span className="kpi-detail">{detail}</span> : null}
    </div>
  );
}
