import { type AdminPlan, formatMoney } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { serverTableOf } from "@parley/ui/i18n";
import { useErrorText, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { lookupServerMessage } from "@parley/ui/i18n/server-match";
import type en from "@parley/ui/locales/en/admin";
import { useCallback } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { isApiError } from "../../../lib/api";

/** A form check's message is a key of `admin:validation` (the schemas below name them). */
export type ValidationKey = keyof (typeof en)["validation"];
const key = (k: ValidationKey) => k;

/** The reason every change carries (the API's own bounds: 3 to 500 characters). */
export const reasonField = z.string().trim().min(3, key("reasonShort")).max(500, key("reasonLong"));

/** A field's error message in the reader's language. */
export function useValidationText() {
  const { t, i18n } = useTranslation(["admin", "errors"]);
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return i18n.exists(`validation.${message}`, { ns: "admin" })
        ? t(`validation.${message as ValidationKey}`)
        : t("errors:codes.VALIDATION_FAILED");
    },
    [t, i18n],
  );
}

/** A change that failed: the server's words in the reader's language (a 409, a refusal, a 5xx's reference). */
export function ActionError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  const { t } = useTranslation("common");
  if (!error) return null;
  const api = isApiError(error) ? error : null;
  return (
    <Alert tone="error">
      {errorText(api ?? null)}
      {api?.requestId && api.status >= 500 ? (
        <span className="alert-meta"> {t("reference", { id: api.requestId })}</span>
      ) : null}
    </Alert>
  );
}

/** The reason's field: a short textarea with its rule under it. */
export function ReasonField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation("admin");
  const message = useValidationText()(error);
  return (
    <Field id={id} label={t("common.reason")} error={message} hint={t("common.reasonHint")} required>
      <textarea
        id={id}
        className="input admin-reason"
        rows={3}
        maxLength={500}
        required
        {...fieldAria(id, message, true)}
        {...registration}
      />
    </Field>
  );
}

/**
 * A message recorded from elsewhere (a gateway's result, a source's read error): translated when
 * the server-message table knows it, else shown as it was recorded (operators need the exact words).
 */
export function useRecordedText() {
  const { language } = useLanguage();
  return useCallback(
    (message: string): string => lookupServerMessage(serverTableOf(language), message) ?? message,
    [language],
  );
}

/** A plan to choose (grant, downgrade): its name in the reader's language, interval and price. */
export function PlanSelect({
  id,
  label,
  error,
  plans,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  plans: readonly AdminPlan[];
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  return (
    <Field id={id} label={label} error={error} required>
      <select id={id} required {...fieldAria(id, error)} {...registration}>
        <option value="">{t("grant.choosePlan")}</option>
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {t("grant.planOption", {
              name: plan.texts[language].name,
              interval: t(`plans.${plan.billingInterval}`),
              price: formatMoney(plan.price.amount, plan.price.currency),
            })}
          </option>
        ))}
      </select>
    </Field>
  );
}
