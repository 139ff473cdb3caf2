/**
 * Every form of the sign-in app on react-hook-form (as in the web app): the values, the client-side
 * checks (validation.ts) as its resolver, field errors under their fields, one form-level error
 * above the form, and focus on the first error (the field, or the form-level alert).
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type FieldErrors as FormErrors,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from "react-hook-form";
import {
  type ApiFailure,
  describeApiError,
  type ErrorField,
  type HumanError,
  type PasswordPolicy,
  type Text,
} from "./errors";
import { useText } from "./text";
import type { FieldErrors } from "./validation";

/** The forms' values: text fields named as the errors name them. */
type Values = Partial<Record<ErrorField, string>> & FieldValues;

/** A catalog text travels in react-hook-form's string `message`; it is translated where it is shown. */
const encode = (text: Text): string => JSON.stringify(text);
const decode = (message: unknown): Text | undefined =>
  typeof message === "string" && message !== "" ? (JSON.parse(message) as Text) : undefined;

export function useAuthForm<V extends Values>(
  defaults: V,
  validate: (values: V) => FieldErrors,
  policy?: PasswordPolicy,
) {
  const tx = useText();
  const resolver: Resolver<V> = async (values) => {
    const found = Object.entries(validate(values)).filter(
      (entry): entry is [string, Text] => entry[1] !== undefined,
    );
    if (found.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        found.map(([field, text]) => [field, { type: "validate", message: encode(text) }]),
      ) as FormErrors<V>,
    };
  };
  const form = useForm<V>({
    defaultValues: defaults as DefaultValues<V>,
    resolver,
    // An error stays until its field is edited (then it goes) or the form is sent again.
    reValidateMode: "onSubmit",
    shouldFocusError: true,
  });
  const [formError, setFormError] = useState<HumanError | null>(null);
  const [alertFocus, setAlertFocus] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  // Focus moves after the render that shows the error, so the alert exists and is described.
  useEffect(() => {
    if (alertFocus > 0) alertRef.current?.focus();
  }, [alertFocus]);

  const { register, watch, setValue, clearErrors, setError, handleSubmit } = form;
  const errors = form.formState.errors;

  /** A TextField's or PasswordField's props for `name`: value, change (clears its error), ref, error. */
  const field = (name: Path<V> & ErrorField, onEdit?: () => void) => {
    const message = decode(errors[name]?.message);
    return {
      ref: register(name).ref,
      value: String(watch(name) ?? ""),
      onValueChange: (value: string) => {
        setValue(name, value as PathValue<V, Path<V>>);
        clearErrors(name);
        onEdit?.();
      },
      error: message && tx(message),
    };
  };

  /**
   * The form's onSubmit: checks the values, then runs `onValid` with them (clearing the form-level
   * error). The form is `busy` while it runs, and a second submit meanwhile does nothing; it stays
   * busy when `onValid` answers "leaving" (the browser is on its way to the platform).
   */
  const submit =
    (onValid: (values: V) => Promise<"leaving" | undefined>) => (event: FormEvent<HTMLFormElement>) => {
      setFormError(null);
      return handleSubmit(async (values) => {
        if (sending.current) return;
        sending.current = true;
        setBusy(true);
        if ((await onValid(values)) === "leaving") return;
        sending.current = false;
        setBusy(false);
      })(event);
    };

  /** Shows a failed call: under its field when it belongs to one, else above the form. */
  const fail = useCallback(
    (failure: ApiFailure): HumanError => {
      const human = describeApiError(failure, policy);
      clearErrors();
      if (human.field) {
        setFormError(null);
        setError(
          human.field as Path<V>,
          { type: "server", message: encode(human.message) },
          { shouldFocus: true },
        );
      } else {
        setFormError(human);
        setAlertFocus((n) => n + 1);
      }
      return human;
    },
    [policy, clearErrors, setError],
  );

  /** Clears every error (a new attempt by another way, e.g. a social button). */
  const reset = useCallback(() => {
    clearErrors();
    setFormError(null);
  }, [clearErrors]);

  return {
    field,
    submit,
    fail,
    reset,
    formError,
    alertRef,
    busy,
    watch,
    hasError: (name: ErrorField) => Boolean(errors[name]),
  };
}
