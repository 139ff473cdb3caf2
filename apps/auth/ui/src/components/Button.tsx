import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Spinner } from "./Spinner";

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> & {
  variant?: "primary" | "secondary" | "link";
  busy?: boolean;
  /** Read out while busy, e.g. "Signing in…". */
  busyLabel?: string;
  block?: boolean;
  children: ReactNode;
};

/** Disabled with a spinner while `busy`; the label stays so the button never changes size. */
export function Button({
  variant = "primary",
  busy = false,
  busyLabel,
  block = false,
  disabled,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  const classes = ["btn", `btn-${variant}`, block ? "btn-block" : "", busy ? "is-busy" : ""].filter(Boolean);
  return (
    <button type={type} className={classes.join(" ")} disabled={disabled || busy} aria-busy={busy} {...rest}>
      {busy && <Spinner />}
      <span className="btn-label">{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
