import type { ReactNode } from "react";

/**
 * Skeletons where something is loading (`aria-busy`), with a line that says so to screen readers
 * only (a `status`).
 */
export function LoadingPlaceholder({
  label,
  className,
  children,
}: {
  /** "Loading conversations…" */
  label: ReactNode;
  className?: string;
  /** The skeletons (hidden from screen readers). */
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
