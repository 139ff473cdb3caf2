import { useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";

interface FormFieldProps {
  label: ReactNode;
  /** The control's id; the error line gets `${id}-error` (point `aria-describedby` at it). */
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
}

/** Label, control, hint and error in the design system's `.field` layout. */
export function FormField({ label, id, error, hint, optional, children }: FormFieldProps) {
  const { t } = useTranslation("site");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field-optional">{t("form.optional")}</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `aria-invalid` and `aria-describedby` for a control inside <FormField>. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}
