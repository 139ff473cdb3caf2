import type { ReactNode } from "react";

/** A page's heading and the line that says what the page is for (`.app-page-head`). */
export function PageHeader({ title, lead }: { title: ReactNode; lead: ReactNode }) {
  return (
    <header className="app-page-head">
      <h1>{title}</h1>
      <p className="app-page-lead">{lead}</p>
    </header>
  );
}
