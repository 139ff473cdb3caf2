import { serverMessageFor, serverTableOf } from "@parley/ui/i18n";
import { useErrorText, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useCallback, useMemo } from "react";
import type { FlowWording } from "./upgrade-flow";
import type { BillingKey, DashboardKey, TextParams, Wording } from "./wording";

/**
 * i18next's `t` checks each literal key and its parameters; `Wording` keys are already typed by
 * their namespace (`KeyOf` of the English catalog), so the call itself is plain.
 */
const plainT = (t: unknown) => t as (key: string, options?: TextParams) => string;

/** The page's `t` for billing texts, in the shape the flows and pure helpers take. */
export function useBillingWording(): Wording<BillingKey> {
  const { t } = useTranslation("billing");
  return useCallback((key: BillingKey, params?: TextParams) => plainT(t)(key, params), [t]);
}

/** The page's `t` for dashboard texts, in the shape the pure helpers take. */
export function useDashboardWording(): Wording<DashboardKey> {
  const { t } = useTranslation("dashboard");
  return useCallback((key: DashboardKey, params?: TextParams) => plainT(t)(key, params), [t]);
}

/**
 * A reason the server or the gateway gave outside an error (a payment's decline reason, a refused
 * reply): as it is for English readers, else its translation, else `fallback` (never English).
 */
export function useReplyText(): (message: string, fallback: string) => string {
  const { language } = useLanguage();
  return useCallback(
    (message: string, fallback: string) =>
      serverMessageFor(language, message, serverTableOf(language), fallback),
    [language],
  );
}

/** The upgrade and downgrade flows' messages in the reader's language. */
export function useFlowWording(): FlowWording {
  const text = useBillingWording();
  const errorText = useErrorText();
  const reply = useReplyText();
  return useMemo(() => ({ text, apiError: (error) => errorText(error), reply }), [text, errorText, reply]);
}
