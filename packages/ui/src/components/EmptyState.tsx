import type { ReactNode } from "react";

export interface EmptyStateProps {
  /** The block's class: each screen keeps its own look (`inbox-empty`, `billing-empty`, `builder-empty`). */
  className: string;
  /** A decoration above the title, in `<className>-icon`. */
  icon?: ReactNode;
  title: ReactNode;
  /** How the title is drawn: a heading (`h2`, `h3`) or a `<p className="<className>-title">`. */
  titleAs?: "h2" | "h3" | "p";
  children?: ReactNode;
  /** What to do about it (a button, a link). */
  action?: ReactNode;
  "data-testid"?: string;
}

/** "Nothing here yet": a title, a line or two, and what to do about it. */
export function EmptyState({
  className,
  icon,
  title,
  titleAs = "p",
  children,
  action,
  "data-testid": testId,
}: EmptyStateProps) {
  const Title = titleAs;
  return (
    <div className={className} data-testid={testId}>
      {icon ? (
        <span className={`${className}-icon`} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Title className={titleAs === "p" ? `${className}-title` : undefined}>{title}</Title>
      {children}
      {action}
    </div>
  );
}
