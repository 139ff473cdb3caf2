/** Error state and focus handling shared by every form: field errors, one form-level error, focus. */
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ApiFailure,
  describeApiError,
  type ErrorField,
  type HumanError,
  type PasswordPolicy,
} from "./errors";
import { type FieldErrors, firstErrorField } from "./validation";

type FocusTarget = { target: ErrorField | "alert"; seq: number } | null;

export function useFormErrors(policy?: PasswordPolicy) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<HumanError | null>(null);
  const [focus, setFocus] = useState<FocusTarget>(null);
  const inputs = useRef<Partial<Record<ErrorField, HTMLInputElement | null>>>({});
  const alertRef = useRef<HTMLDivElement>(null);

  // Focus moves after the render that shows the error, so the element exists and is described.
  useEffect(() => {
    if (!focus) return;
    if (focus.target === "alert") alertRef.current?.focus();
    else inputs.current[focus.target]?.focus();
  }, [focus]);

  const bind = useCallback(
    (field: ErrorField) => (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    [],
  );

  /** Shows client-side validation errors; returns true when the form may be sent. */
  const check = useCallback((errors: FieldErrors): boolean => {
    setFieldErrors(errors);
    setFormError(null);
    const first = firstErrorField(errors);
    if (first) setFocus((prev) => ({ target: first, seq: (prev?.seq ?? 0) + 1 }));
    return first === undefined;
  }, []);

  /** Shows a failed call: under its field when it belongs to one, else above the form. */
  const fail = useCallback(
    (failure: ApiFailure): HumanError => {
      const human = describeApiError(failure, policy);
      const { field } = human;
      if (field) {
        setFieldErrors({ [field]: human.message });
        setFormError(null);
        setFocus((prev) => ({ target: field, seq: (prev?.seq ?? 0) + 1 }));
      } else {
        setFieldErrors({});
        setFormError(human);
        setFocus((prev) => ({ target: "alert", seq: (prev?.seq ?? 0) + 1 }));
      }
      return human;
    },
    [policy],
  );

  /** Clears one field's error as the user edits it. */
  const clearField = useCallback((field: ErrorField) => {
    setFieldErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setFieldErrors({});
    setFormError(null);
  }, []);

  return { fieldErrors, formError, bind, alertRef, check, fail, clearField, reset };
}
