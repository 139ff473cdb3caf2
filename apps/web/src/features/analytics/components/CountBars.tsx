import type { ReactNode } from "react";
import { formatCount } from "../numbers";

export interface CountBar {
  key: string;
  label: ReactNode;
  /** The label in full, on hover (a long question cut short). */
  title?: string;
  count: number;
  /** What the count counts, for screen readers ("12 times", "12 conversations"). */
  countText: string;
}

/** A ranked list of counts, each with a bar against the largest; `empty` when there are none. */
export function CountBars({ rows, empty }: { rows: CountBar[]; empty: string }) {
  if (rows.length === 0) return <p className="an-empty">{empty}</p>;
  const top = Math.max(...rows.map((row) => row.count));
  return (
    <ol className="top-questions">
      {rows.map((row) => (
        <li key={row.key} className="top-question">
          <span className="top-question-text" title={row.title}>
            {row.label}
          </span>
          <span className="top-question-count">
            {formatCount(row.count)}
            <span className="sr-only">{row.countText}</span>
          </span>
          <span className="top-question-bar" aria-hidden="true">
            <span style={{ width: `${top ? (row.count / top) * 100 : 0}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
