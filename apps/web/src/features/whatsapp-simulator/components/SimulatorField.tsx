import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * A labelled input in the `.field` layout: the hint below it, or in its place the error there is.
 * `invalid` marks the field without an error text (the hint then says what is wanted).
 */
export function SimulatorField({
  id,
  label,
  hint,
  error,
  invalid = Boolean(error),
  className = "input",
  onValueChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  invalid?: boolean;
  onValueChange: (value: string) => void;
}) {
  const note = error ? { id: `${id}-error`, className: "field-error", text: error } : null;
  const shown = note ?? (hint ? { id: `${id}-hint`, className: "field-hint", text: hint } : null);
  return (
    <div className={`field${invalid ? " field-invalid" : ""}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className={className}
        {...input}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={shown?.id}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {shown ? (
        <p id={shown.id} className={shown.className}>
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
