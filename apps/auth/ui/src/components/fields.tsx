import { useTranslation } from "@parley/ui/i18n/react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "value" | "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Something placed on the label row's right side (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** Label, input, hint and error, wired with aria-invalid and aria-describedby. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  labelAside,
  ref,
  ...rest
}: InputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        ref={ref}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: string | undefined;
  errorId: string;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="field-error">
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M8 4.5v4m0 2.5h.01M8 14.5a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13z" />
          </svg>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  hint,
  labelAside,
  ref,
  ...rest
}: InputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="input-wrap">
        <input
          ref={ref}
          id={id}
          className="input input-with-toggle"
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...rest}
        />
        <button
          type="button"
          className="input-toggle"
          aria-controls={id}
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
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
