import type { ReactNode, Ref } from "react";

type Tone = "error" | "success" | "info";

const ICONS: Record<Tone, ReactNode> = {
  error: <path d="M10 6v5m0 3h.01M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
  success: <path d="M6.5 10.5l2.5 2.5 4.5-5M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
  info: <path d="M10 9v5m0-8h.01M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
};

/**
 * A message box. Errors are `role="alert"` (announced at once); others are polite status messages.
 * Focusable (tabIndex -1) so a form can move focus to a form-level error.
 */
export function Alert({
  tone,
  title,
  children,
  id,
  ref,
}: {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  id?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`alert alert-${tone}`}
      role={tone === "error" ? "alert" : "status"}
    >
      <svg className="alert-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        {ICONS[tone]}
      </svg>
      <div className="alert-body">
        {title && <p className="alert-title">{title}</p>}
        {children && <div className="alert-text">{children}</div>}
      </div>
    </div>
  );
}
