import { isLanguage, type KeyedMessage, serverMessageFor, serverTableOf } from "@parley/ui/i18n";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { lookupServerMessage } from "@parley/ui/i18n/server-match";
import en from "@parley/ui/locales/en/builder";
import { useCallback, useMemo } from "react";

/**
 * The builder's own messages that travel as English text (form checks from zod schemas that tests
 * share, the stream and upload clients' failures): the sections of the catalog they come from.
 */
const SECTIONS = ["validation", "forms", "stream", "upload"] as const;

/**
 * The catalog's English texts of SECTIONS and their texts in the page's language, both by their
 * `section.key` (the English is matched to find the key, as for server messages).
 */
function useOwnTable(): { english: Record<string, string>; translated: Record<string, string> } {
  const { t, i18n } = useTranslation("builder");
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` changes when the language's catalog loads
  return useMemo(() => {
    const out = { english: {} as Record<string, string>, translated: {} as Record<string, string> };
    for (const section of SECTIONS) {
      const english = en[section] as Record<string, string>;
      for (const key of Object.keys(english)) {
        const source = english[key];
        if (typeof source !== "string" || key.includes("_")) continue;
        const raw = i18n.getResource(language, "builder", `${section}.${key}`);
        if (typeof raw !== "string") continue;
        out.english[`${section}.${key}`] = source;
        out.translated[`${section}.${key}`] = raw;
      }
    }
    return out;
  }, [i18n, language, t]);
}

/**
 * A message in the reader's language: the builder's own English texts are looked up in its
 * catalog (templates such as "Up to {{max}} suggested questions" too); anything else came from
 * the server and goes through the server-message table. A message neither knows is shown to
 * English readers as it is, and to others as `fallback` (by default: something went wrong).
 */
export function useClientText() {
  const { t, i18n } = useTranslation("builder");
  const table = useOwnTable();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return useCallback(
    (message: string, fallback?: string): string =>
      lookupServerMessage(table.translated, message, table.english) ??
      serverMessageFor(language, message, serverTableOf(language), fallback ?? t("errors.generic")),
    [table, language, t],
  );
}

/** An error with a code (a stream or API failure): its message if known, else the code's words. */
export function useCodedErrorText() {
  const table = useOwnTable();
  const errorText = useErrorText();
  return useCallback(
    (error: { code?: string; message?: string } & KeyedMessage): string =>
      (error.message && !error.messageKey
        ? lookupServerMessage(table.translated, error.message, table.english)
        : null) ?? errorText(error),
    [table, errorText],
  );
}

/** A form field's error (undefined stays undefined) in the reader's language. */
export function useFormMessage() {
  const text = useClientText();
  const { t } = useTranslation("errors");
  return useCallback(
    (message: string | undefined) => (message ? text(message, t("codes.VALIDATION_FAILED")) : undefined),
    [text, t],
  );
}
