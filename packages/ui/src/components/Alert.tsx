import type { AriaRole, ReactNode, Ref } from "react";

export type AlertTone = "error" | "success" | "info" | "warning";

const ICONS: Record<AlertTone, ReactNode> = {
  error: <path d="M10 6v5m0 3h.01M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
  warning: <path d="M10 6v5m0 3h.01M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
  success: <path d="M6.5 10.5l2.5 2.5 4.5-5M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
  info: <path d="M10 9v5m0-8h.01M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
};

export interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * With an icon and a body (`.alert-icon`, `.alert-body`: the sign-in app's card); such an alert is
   * focusable (tabIndex -1) so a form can move focus to a form-level error. Without, the plain
   * `.alert` box of the web app: the title in bold, then the text.
   */
  icon?: boolean;
  id?: string;
  className?: string;
  /** Defaults: an error is `alert` (announced at once), anything else a polite `status`. */
  role?: AriaRole;
  ref?: Ref<HTMLDivElement>;
}

/** A message box (`.alert .alert-<tone>`). */
export function Alert({ tone, title, children, icon = false, id, className, role, ref }: AlertProps) {
  const classes = ["alert", `alert-${tone}`, className ?? ""].filter(Boolean).join(" ");
  const ariaRole = role ?? (tone === "error" ? "alert" : "status");
  if (!icon) {
    return (
      <div ref={ref} id={id} className={classes} role={ariaRole}>
        {title ? <strong>{title}</strong> : null}
        {title && children ? " " : null}
        {children}
      </div>
    );
  }
  return (
    <div ref={ref} id={id} tabIndex={-1} className={classes} role={ariaRole}>
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
