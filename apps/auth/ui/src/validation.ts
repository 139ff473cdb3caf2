/** Client-side checks run before a form is sent; the server re-checks everything. */
import type { AuthKey, ErrorField, PasswordPolicy, Text } from "./errors";

/** Each field's message, as a key of the `auth` catalog (translated where it is shown). */
export type FieldErrors = Partial<Record<ErrorField, Text>>;

const text = (key: AuthKey, values?: Record<string, number>): Text => (values ? { key, values } : { key });

/** Fields in on-screen order, so focus goes to the first error a reader meets. */
export const FIELD_ORDER: readonly ErrorField[] = ["name", "email", "password", "confirmPassword"];

export function firstErrorField(errors: FieldErrors): ErrorField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

// Deliberately loose: one "@", something on each side, a dot in the domain. The server decides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): Text | undefined {
  const value = email.trim();
  if (value === "") return text("validation.enterEmail");
  if (!EMAIL_PATTERN.test(value)) return text("errors.invalidEmail");
  return undefined;
}

export function validateNewPassword(password: string, policy: PasswordPolicy): Text | undefined {
  if (password === "") return text("validation.choosePassword");
  if (password.length < policy.minLength) return text("errors.passwordTooShort", { min: policy.minLength });
  if (password.length > policy.maxLength) return text("errors.passwordTooLong", { max: policy.maxLength });
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string): Text | undefined {
  if (confirmation === "") return text("validation.confirmPassword");
  if (confirmation !== password) return text("validation.passwordsDontMatch");
  return undefined;
}

/** Removes undefined entries so `Object.keys(errors).length` means "has errors". */
function compact(errors: Record<string, Text | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (value !== undefined) out[key as ErrorField] = value;
  }
  return out;
}

export function validateSignIn(values: { email: string; password: string }): FieldErrors {
  return compact({
    email: validateEmail(values.email),
    password: values.password === "" ? text("validation.enterPassword") : undefined,
  });
}

export function validateSignUp(
  values: { name: string; email: string; password: string; confirmPassword: string },
  policy: PasswordPolicy,
): FieldErrors {
  return compact({
    name: values.name.trim() === "" ? text("validation.enterName") : undefined,
    email: validateEmail(values.email),
    password: validateNewPassword(values.password, policy),
    confirmPassword: validateConfirmation(values.password, values.confirmPassword),
  });
}

export function validateNewPasswordForm(
  values: { password: string; confirmPassword: string },
  policy: PasswordPolicy,
): FieldErrors {
  return compact({
    password: validateNewPassword(values.password, policy),
    confirmPassword: validateConfirmation(values.password, values.confirmPassword),
  });
}

/** A form of one address (forgot password, a new verification link). */
export function validateEmailForm(values: { email: string }): FieldErrors {
  return compact({ email: validateEmail(values.email) });
}
