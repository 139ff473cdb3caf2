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

export function profileSchema(text: ValidationText = englishValidation) {
  return z.object({
    name: z.string().trim().min(1, text("nameRequired")).max(120, text("nameTooLong")),
  });
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;

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
