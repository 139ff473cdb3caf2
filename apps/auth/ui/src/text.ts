/** Turns the catalog keys that errors.ts and validation.ts return into the page's language. */
import { useTranslation } from "@parley/ui/i18n/react";
import { useCallback } from "react";
import type { Text } from "./errors";

export function useText() {
  const { t } = useTranslation("auth");
  return useCallback(
    (text: Text): string => (t as (key: string, values?: Text["values"]) => string)(text.key, text.values),
    [t],
  );
}
