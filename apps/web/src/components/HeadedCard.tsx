import type { ReactNode } from "react";

/**
 * A card with a heading that names it (`.card .<kind>-card`, the head `.<kind>-card-head`, the
 * heading `.<kind>-card-title`): the dashboard's cards (`kind="dash"`), the builder's.
 */
export function HeadedCard({
  kind,
  titleId,
  title,
  aside,
  className,
  busy,
  children,
}: {
  /** The family of cards, which names their classes. */
  kind: string;
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** At the head's end: a count, a status. */
  aside?: ReactNode;
  /** More classes on the section. */
  className?: string;
  /** The content is loading (`aria-busy`). */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`card ${kind}-card${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      aria-busy={busy}
    >
      <div className={`${kind}-card-head`}>
        <h2 id={titleId} className={`${kind}-card-title`}>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
