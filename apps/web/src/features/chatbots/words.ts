import { formatNumber } from "@parley/ui/i18n";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import en from "@parley/ui/locales/en/builder";
import { useMemo } from "react";
import { useClientText, useCodedErrorText } from "./form-message";

/** The builder namespace's `t`, as `useTranslation("builder")` returns it. */
export type BuilderT = ReturnType<typeof useTranslation<"builder">>["t"];

/**
 * What the builder's plain helpers (chatbots.ts, playground.ts) need to speak the reader's
 * language: the catalog, numbers, and the server-message table. Without one they speak English
 * from the English catalog (the unit tests, which assert the spec's English).
 */
export interface Words {
  t: BuilderT;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** A server's English message in the reader's language (`fallback` when it is not known). */
  server: (message: string, fallback?: string) => string;
  /** A failure with a code: its message if known, else the words for its code. */
  error: (error: { code?: string; message?: string }) => string;
}

const englishRules = new Intl.PluralRules("en");

function lookup(path: string): unknown {
  let node: unknown = en;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The English catalog with i18next's interpolation and `_one`/`_other` plurals (enough for these texts). */
function englishT(key: string, options?: Record<string, unknown>): string {
  let text = lookup(key);
  const count = options?.count;
  if (typeof count === "number") {
    const plural = lookup(`${key}_${englishRules.select(count)}`) ?? lookup(`${key}_other`);
    if (typeof plural === "string") text = plural;
  }
  if (typeof text !== "string") return key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    options && name in options ? String(options[name]) : whole,
  );
}

export const ENGLISH: Words = {
  t: englishT as unknown as BuilderT,
  number: (value, options) => formatNumber("en", value, options),
  server: (message) => message,
  error: (error) => error.message ?? "",
};

/** The reader's words, for passing to the builder's helpers. */
export function useWords(): Words {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  const server = useClientText();
  const error = useCodedErrorText();
  return useMemo(() => ({ t, number, server, error }), [t, number, server, error]);
}
