import { useTranslation } from "@parley/ui/i18n/react";
import { useCallback } from "react";
import type { ValidationText, ValidationValues } from "./schemas";

/** The form checks' words in the reader's language (`account:validation.*`). */
export function useValidationText(): ValidationText {
  const { t } = useTranslation("account");
  return useCallback<ValidationText>(
    (key, values) => {
      const path = `validation.${key}` as const;
      // `path` is typed; i18next's overloads cannot take a union of keys with interpolation values.
      const translate = t as unknown as (key: string, options?: ValidationValues) => string;
      return translate(path, values);
    },
    [t],
  );
}
