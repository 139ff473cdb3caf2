import type { ReactNode, Ref } from "react";

/**
 * A billing button that is disabled with a spinner before its label while its work is in flight
 * (`aria-busy`), drawn by the billing styles' own `.btn` classes.
 */
export function BusyButton({
  className,
  busy,
  onClick,
  type = "button",
  ref,
  children,
}: {
  className: string;
  busy: boolean;
  onClick?: () => void;
  type?: "button" | "submit";
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button ref={ref} type={type} className={className} onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
