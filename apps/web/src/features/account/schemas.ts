import { z } from "zod";
import { EMAIL_IS_THE_SAME } from "../session/auth-errors";
import type { PasswordPolicy } from "./account";

export const profileSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(120, "Name is too long"),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Spec §5: the new e-mail must differ from the current one ('Email is the same'). */
export function changeEmailSchema(currentEmail: string) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email("Enter a valid email address, like name@company.com."))
      .refine((value) => value !== currentEmail.trim().toLowerCase(), EMAIL_IS_THE_SAME),
  });
}
export type ChangeEmailInput = z.input<ReturnType<typeof changeEmailSchema>>;

export function changePasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      currentPassword: z.string().min(1, "Enter your current password."),
      newPassword: z
        .string()
        .min(policy.minLength, `Use at least ${policy.minLength} characters.`)
        .max(policy.maxLength, `Use at most ${policy.maxLength} characters.`),
      confirmPassword: z.string(),
      revokeOtherSessions: z.boolean(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ["confirmPassword"],
      message: "The passwords don't match.",
    })
    .refine((v) => v.newPassword !== v.currentPassword, {
      path: ["newPassword"],
      message: "Choose a password different from your current one.",
    });
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

export const deleteAccountSchema = z.object({ password: z.string() });
