import { lookupServerMessage } from "@parley/ui/i18n";
import { useServerText, useTranslation } from "@parley/ui/i18n/react";
import en from "@parley/ui/locales/en/builder";
import { useCallback, useMemo } from "react";

/**
 * The builder's own messages that travel as English text (form checks from zod schemas that tests
 * share, the stream and upload clients' failures): the sections of the catalog they come from.
 */
const SECTIONS = ["validation", "forms", "stream", "upload"] as const;

/**
 * A message in the reader's language: the builder's own English texts are looked up in its
 * catalog (templates such as "Up to {{max}} suggested questions" too); anything else came from
 * the server and goes through the server-message table.
 */
export function useClientText() {
  const { t, i18n } = useTranslation("builder");
  const serverText = useServerText();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` changes when the language's catalog loads
  const table = useMemo(() => {
    const out: Record<string, string> = {};
    for (const section of SECTIONS) {
      const english = en[section] as Record<string, string>;
      for (const key of Object.keys(english)) {
        const source = english[key];
        if (typeof source !== "string" || key.includes("_")) continue;
        const raw = i18n.getResource(language, "builder", `${section}.${key}`);
        if (typeof raw === "string") out[source] = raw;
      }
    }
    return out;
  }, [i18n, language, t]);
  return useCallback(
    (message: string): string => lookupServerMessage(table, message) ?? serverText(message),
    [table, serverText],
  );
}

/** A form field's error (undefined stays undefined) in the reader's language. */
export function useFormMessage() {
  const text = useClientText();
  return useCallback((message: string | undefined) => (message ? text(message) : undefined), [text]);
}
