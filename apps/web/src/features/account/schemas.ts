import { memberNameSchema } from "@parley/contracts";
import en from "@parley/ui/locales/en/account";
import { z } from "zod";
import type { PasswordPolicy } from "./account";

/** A key of `account:validation`. */
export type ValidationKey = keyof (typeof en)["validation"];
export interface ValidationValues {
  min?: number;
  max?: number;
}
/** Words a form check shows: the components pass `t` (the reader's language). */
export type ValidationText = (key: ValidationKey, values?: ValidationValues) => string;

/** The English words (the default: tests and any caller without a translator). */
export const englishValidation: ValidationText = (key, values = {}) =>
  en.validation[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name as keyof ValidationValues];
    return value === undefined ? whole : String(value);
  });

/**
 * The display name, by the rule the auth service refuses with (`memberNameSchema`: at most 120
 * characters, something visible, one line). Its messages are the server's English, shown
 * translated (`useServerText`).
 */
export const profileSchema = z.object({ name: memberNameSchema });
export type ProfileInput = z.infer<typeof profileSchema>;

/** Spec §5: the new e-mail must differ from the current one ('Email is the same'). */
export function changeEmailSchema(currentEmail: string, text: ValidationText = englishValidation) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(text("emailInvalid")))
      .refine((value) => value !== currentEmail.trim().toLowerCase(), text("emailSame")),
  });
}
export type ChangeEmailInput = z.input<ReturnType<typeof changeEmailSchema>>;

export function changePasswordSchema(policy: PasswordPolicy, text: ValidationText = englishValidation) {
  return z
    .object({
      currentPassword: z.string().min(1, text("currentPasswordRequired")),
      newPassword: z
        .string()
        .min(policy.minLength, text("passwordMin", { min: policy.minLength }))
        .max(policy.maxLength, text("passwordMax", { max: policy.maxLength })),
      confirmPassword: z.string(),
      revokeOtherSessions: z.boolean(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ["confirmPassword"],
      message: text("passwordsDiffer"),
    })
    .refine((v) => v.newPassword !== v.currentPassword, {
      path: ["newPassword"],
      message: text("passwordUnchanged"),
    });
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

export const deleteAccountSchema = z.object({ password: z.string() });
