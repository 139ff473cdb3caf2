import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link" | "light" | "outline-light";

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: "sm" | "lg";
  block?: boolean;
  busy?: boolean;
  /** Extra classes after the button's own. */
  className?: string;
}

/** The classes of a button, for a link drawn as one (`<a className={buttonClass(…)}>`). */
export function buttonClass({
  variant = "primary",
  size,
  block = false,
  busy = false,
  className,
}: ButtonLook = {}) {
  return [
    "btn",
    `btn-${variant}`,
    size ? `btn-${size}` : "",
    block ? "btn-block" : "",
    busy ? "is-busy" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> &
  ButtonLook & {
    /** Read out and shown while busy, e.g. "Signing in…"; without it the label stays. */
    busyLabel?: ReactNode;
    ref?: Ref<HTMLButtonElement>;
    children?: ReactNode;
  };

/**
 * The button of both apps (`.btn .btn-<variant>`): disabled with a spinner while `busy`, the label
 * in `.btn-label` so a busy button keeps its size.
 */
export function Button({
  variant = "primary",
  size,
  block = false,
  busy = false,
  busyLabel,
  className,
  disabled,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, busy, className })}
      disabled={disabled || busy}
      aria-busy={busy}
      {...rest}
    >
      {busy && <Spinner />}
      <span className="btn-label">{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
