import { type ReactNode, useId } from "react";

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}

/** One settings block: heading and explanation on the left (top on phones), the controls beside. */
export function SectionCard({ title, description, tone = "default", children }: SectionCardProps) {
  const headingId = useId();
  return (
    <section
      className={`card settings-card${tone === "danger" ? " settings-card-danger" : ""}`}
      aria-labelledby={headingId}
    >
      <div className="settings-card-intro">
        <h2 id={headingId}>{title}</h2>
        {description ? <div className="settings-card-description">{description}</div> : null}
      </div>
      <div className="settings-card-body">{children}</div>
    </section>
  );
}

/** A form's outcome line: success in green, failure in red, announced to screen readers. */
export function FormNotice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
