/** Client-side checks run before a form is sent; the server re-checks everything. */
import type { ErrorField, PasswordPolicy } from "./errors";

export type FieldErrors = Partial<Record<ErrorField, string>>;

/** Fields in on-screen order, so focus goes to the first error a reader meets. */
export const FIELD_ORDER: readonly ErrorField[] = ["name", "email", "password", "confirmPassword"];

export function firstErrorField(errors: FieldErrors): ErrorField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

// Deliberately loose: one "@", something on each side, a dot in the domain. The server decides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === "") return "Enter your email address.";
  if (!EMAIL_PATTERN.test(value)) return "Enter a valid email address, like name@company.com.";
  return undefined;
}

export function validateNewPassword(password: string, policy: PasswordPolicy): string | undefined {
  if (password === "") return "Choose a password.";
  if (password.length < policy.minLength) {
    return `Password is too short. Use at least ${policy.minLength} characters.`;
  }
  if (password.length > policy.maxLength) {
    return `Password is too long. Use at most ${policy.maxLength} characters.`;
  }
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string): string | undefined {
  if (confirmation === "") return "Type the password again to confirm it.";
  if (confirmation !== password) return "The passwords don't match.";
  return undefined;
}

/** Removes undefined entries so `Object.keys(errors).length` means "has errors". */
function compact(errors: Record<string, string | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (value !== undefined) out[key as ErrorField] = value;
  }
  return out;
}

export function validateSignIn(values: { email: string; password: string }): FieldErrors {
  return compact({
    email: validateEmail(values.email),
    password: values.password === "" ? "Enter your password." : undefined,
  });
}

export function validateSignUp(
  values: { name: string; email: string; password: string; confirmPassword: string },
  policy: PasswordPolicy,
): FieldErrors {
  return compact({
    name: values.name.trim() === "" ? "Enter your name." : undefined,
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
