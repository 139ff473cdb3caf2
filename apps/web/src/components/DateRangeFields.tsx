import type { InputHTMLAttributes, ReactNode } from "react";

export type RangeEnd = "from" | "to";

/**
 * A from–to pair of labelled day pickers (`YYYY-MM-DD`, "" for none) in the `.field` layout, each
 * end bounded by the other and both by `latest` when given. Ids: `${id}-from` and `${id}-to`.
 */
export function DateRangeFields({
  id,
  className,
  latest,
  labels,
  from,
  to,
  onChange,
  ...aria
}: Pick<InputHTMLAttributes<HTMLInputElement>, "aria-invalid" | "aria-describedby"> & {
  id: string;
  /** More classes on each field (the page's own layout). */
  className: string;
  /** The latest day either end may be (today), if any. */
  latest?: string;
  labels: Record<RangeEnd, ReactNode>;
  from: string;
  to: string;
  onChange: (end: RangeEnd, day: string) => void;
}) {
  const ends = [
    { end: "from", value: from, min: undefined, max: to || latest },
    { end: "to", value: to, min: from || undefined, max: latest },
  ] as const;
  return ends.map(({ end, value, min, max }) => (
    <div key={end} className={`field ${className}`}>
      <label htmlFor={`${id}-${end}`}>{labels[end]}</label>
      <input
        id={`${id}-${end}`}
        type="date"
        value={value}
        min={min}
        max={max}
        {...aria}
        onChange={(event) => onChange(end, event.target.value)}
      />
    </div>
  ));
}
