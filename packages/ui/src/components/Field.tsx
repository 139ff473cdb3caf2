import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { useTranslation } from "../i18n/react";

/**
 * Form fields, shared by the web app and the sign-in app. Styles: "@parley/ui/styles/forms.css"
 * (logical properties only, so right to left needs nothing more). Texts come from the `common`
 * catalog (`fields.*`).
 *
 * Markup (what the e2e journeys and both apps' stylesheets rely on):
 *   <div class="field [field-invalid]">
 *     [<div class="field-label-row">] <label for=id class="field-label">Label [*|Optional]</label> [aside] [</div>]
 *     control (aria-invalid, aria-describedby → the messages shown)
 *     <p id="{id}-error" class="field-error"><svg class="field-error-icon"/>Error</p>
 *     <p id="{id}-hint" class="field-hint">Hint</p>
 *   </div>
 */

/** The attributes a control inside <Field> needs. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  /** The control's id; generated when left out. The messages get `${id}-error` and `${id}-hint`. */
  id?: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * Keep the hint on screen while an error shows (the sign-in app: a hint with links next to the
   * error). By default an error replaces the hint.
   */
  hintWithError?: boolean;
  /** An "Optional" marker at the label's end. */
  optional?: boolean;
  /** A required marker (*) after the label; also set `required` on the control. */
  required?: boolean;
  /** Something at the label row's end (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  className?: string;
  /** The control; a function receives the id and aria attributes to spread on it. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/** Which of a field's messages are shown, and the control's aria attributes pointing at them. */
function fieldState(id: string, error: string | undefined, hasHint: boolean, hintWithError = false) {
  const showHint = hasHint && (!error || hintWithError);
  const describedBy = [error ? `${id}-error` : null, showHint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  const aria: FieldControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return { showHint, aria };
}

/**
 * `aria-invalid` and `aria-describedby` for a control placed in a <Field id={id}> as a plain child
 * (an error replaces the hint, as in <Field> without `hintWithError`).
 */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const { aria } = fieldState(id, error, hasHint);
  return { "aria-invalid": aria["aria-invalid"], "aria-describedby": aria["aria-describedby"] } as const;
}

/** Label, control, error and hint in the design system's `.field` layout. */
export function Field({
  id: givenId,
  label,
  error,
  hint,
  hintWithError = false,
  optional,
  required,
  labelAside,
  className,
  children,
}: FieldProps) {
  const { t } = useTranslation("common");
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const { showHint, aria } = fieldState(id, error, Boolean(hint), hintWithError);
  const classes = ["field", error ? "field-invalid" : null, className].filter(Boolean).join(" ");
  const labelElement = (
    <label htmlFor={id} className="field-label">
      {label}
      {required ? (
        <span className="field-required" title={t("fields.required")} aria-hidden="true">
          *
        </span>
      ) : null}
      {optional ? <span className="field-optional">{t("fields.optional")}</span> : null}
    </label>
  );
  return (
    <div className={classes}>
      {labelAside ? (
        <div className="field-label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {typeof children === "function" ? children(aria) : children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <svg className="field-error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M8 4.5v4m0 2.5h.01M8 14.5a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13z" />
          </svg>
          {error}
        </p>
      ) : null}
      {showHint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "className" | "value" | "onChange"
> &
  Pick<FieldProps, "label" | "error" | "hint" | "optional" | "labelAside"> & {
    id?: string;
    value: string;
    onValueChange: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
  };

/**
 * An input field's props, split: the <Field>'s (the hint stays next to an error; `required` also
 * shows the required marker), the value's wiring for the <input>, and the rest of its attributes.
 */
function inputFieldParts({
  id,
  label,
  error,
  hint,
  optional,
  labelAside,
  value,
  onValueChange,
  ref,
  ...rest
}: InputFieldProps) {
  const field = {
    id,
    label,
    error,
    hint,
    hintWithError: true,
    optional,
    required: rest.required,
    labelAside,
  };
  const input = {
    ref,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
  };
  return { field, input, rest };
}

/**
 * A text input in a <Field> (class `input`). The hint stays next to an error. `required` also
 * shows the required marker.
 */
export function TextField(props: InputFieldProps) {
  const { field, input, rest } = inputFieldParts(props);
  return (
    <Field {...field}>{(control) => <input {...control} className="input" {...input} {...rest} />}</Field>
  );
}

/** A password input with a show/hide toggle at its inline end, in a <Field>. */
export function PasswordField(props: InputFieldProps) {
  const { field, input, rest } = inputFieldParts(props);
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(false);
  return (
    <Field {...field}>
      {(control) => (
        <div className="input-wrap">
          <input
            {...control}
            className="input input-with-toggle"
            type={visible ? "text" : "password"}
            {...input}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...rest}
          />
          <button
            type="button"
            className="input-toggle"
            aria-controls={control.id}
            aria-pressed={visible}
            aria-label={visible ? t("fields.hidePassword") : t("fields.showPassword")}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              {visible ? (
                <path d="M3 3l14 14M8.6 8.6a2 2 0 0 0 2.8 2.8M6.2 6.3C4.4 7.4 3.1 9 2.5 10c1.3 2.3 4.2 5 7.5 5 1.4 0 2.7-.4 3.8-1.1M9 5.1c.3 0 .7-.1 1-.1 3.3 0 6.2 2.7 7.5 5-.4.7-1 1.6-1.8 2.4" />
              ) : (
                <>
                  <path d="M2.5 10c1.3-2.3 4.2-5 7.5-5s6.2 2.7 7.5 5c-1.3 2.3-4.2 5-7.5 5s-6.2-2.7-7.5-5z" />
                  <circle cx="10" cy="10" r="2.25" />
                </>
              )}
            </svg>
          </button>
        </div>
      )}
    </Field>
  );
}
