import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { useCallback } from "react";
import { AuthServiceError } from "./auth-client";
import { type AuthErrorField, classifyAuthFailure } from "./auth-errors";

export interface AuthErrorText {
  message: string;
  field?: AuthErrorField;
  reauthenticate?: boolean;
}

function hasCode(error: unknown): error is { code?: string; message?: string } {
  return (
    typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string"
  );
}

/**
 * A failed call, in the reader's language: auth-service failures by their kind (`app:authErrors`),
 * API errors by their code (`useErrorText`), anything else the generic line.
 */
export function useAuthErrorText(): (error: unknown) => AuthErrorText {
  const { t } = useTranslation("app");
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): AuthErrorText => {
      if (error instanceof AuthServiceError) {
        const { key, values, ...rest } = classifyAuthFailure(error.failure);
        const path = `authErrors.${key}` as const;
        return { message: values ? t(path, { ...values }) : t(path), ...rest };
      }
      if (hasCode(error)) return { message: errorText(error) };
      return { message: t("authErrors.generic") };
    },
    [t, errorText],
  );
}
