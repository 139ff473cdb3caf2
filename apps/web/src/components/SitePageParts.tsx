import { type ButtonVariant, buttonClass } from "@parley/ui/components/Button";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/**
 * Building blocks the public site's pages share (styles: styles/site): a page's opening, a row of
 * buttons that lead somewhere, and the closing call to action.
 */

/** A button-styled link: inside the app (`to`) or to another site or app (`href`). */
export interface ActionLink {
  label: ReactNode;
  variant: ButtonVariant;
  to?: string;
  href?: string;
}

/** Button-styled links side by side in a `className` row; `size` adds `btn-<size>` to each. */
export function ActionLinks({
  className,
  size,
  links,
}: {
  className: string;
  size?: "sm" | "lg";
  links: readonly ActionLink[];
}) {
  return (
    <div className={className}>
      {links.map(({ label, variant, to, href }) => {
        const classes = buttonClass({ variant, size });
        return to !== undefined ? (
          <Link key={to} className={classes} to={to}>
            {label}
          </Link>
        ) : (
          <a key={href} className={classes} href={href}>
            {label}
          </a>
        );
      })}
    </div>
  );
}

/** A page's opening (`.page-hero`): eyebrow, title and lead, then anything more (a nav, a toggle). */
export function PageHero({
  eyebrow,
  title,
  lead,
  center = false,
  children,
}: {
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  center?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={`page-hero${center ? " page-hero-center" : ""}`}>
      <div className="container container-narrow">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * A section of a page (`.section`) that opens with its heading (`.section-head`: an eyebrow, the
 * title, a lead), named by the title when `titleId` is given.
 */
export function HeadedSection({
  className,
  titleId,
  eyebrow,
  title,
  lead,
  children,
}: {
  /** More classes on the section ("section-muted"). */
  className?: string;
  titleId?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`section${className ? ` ${className}` : ""}`} aria-labelledby={titleId}>
      <div className="container">
        <div className="section-head">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId}>{title}</h2>
          {lead ? <p className="lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The closing call to action (`.cta-band`): a title, a line, and its buttons (large, light). */
export function CtaBand({
  title,
  body,
  links,
}: {
  title: ReactNode;
  body: ReactNode;
  links: readonly ActionLink[];
}) {
  return (
    <section className="section section-tight">
      <div className="container">
        <div className="cta-band">
          <div>
            <h2>{title}</h2>
            <p>{body}</p>
          </div>
          <ActionLinks className="cta-actions" size="lg" links={links} />
        </div>
      </div>
    </section>
  );
}

/** Cards of what something offers (`.feature-grid`): an optional icon, a title and a line each. */
export function FeatureGrid({
  items,
}: {
  items: readonly { key: string; icon?: ReactNode; title: ReactNode; body: ReactNode }[];
}) {
  return (
    <div className="feature-grid">
      {items.map((item) => (
        <article key={item.key} className="feature-card">
          {item.icon}
          <h3>{item.title}</h3>
          <p>{item.body}</p>
        </article>
      ))}
    </div>
  );
}
