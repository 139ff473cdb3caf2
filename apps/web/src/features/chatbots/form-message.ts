import { lookupServerMessage } from "@parley/ui/i18n";
import { useServerText, useTranslation } from "@parley/ui/i18n/react";
import en from "@parley/ui/locales/en/builder";
import { useCallback, useMemo } from "react";

type ValidationKey = keyof typeof en.validation;

/**
 * A field's error in the reader's language. The builder's own form checks carry the English text
 * of `builder:validation` (the schemas are shared with tests); anything else came from the server
 * and goes through the server-message table.
 */
export function useFormMessage() {
  const { t, i18n } = useTranslation("builder");
  const serverText = useServerText();
  const language = i18n.language;
  const table = useMemo(() => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(en.validation) as ValidationKey[]) {
      const raw = i18n.getResource(language, "builder", `validation.${key}`);
      out[en.validation[key]] = typeof raw === "string" ? raw : t(`validation.${key}`);
    }
    return out;
  }, [i18n, language, t]);
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return lookupServerMessage(table, message) ?? serverText(message);
    },
    [table, serverText],
  );
}
