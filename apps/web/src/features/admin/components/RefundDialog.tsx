import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminPaymentDetail, formatMoney } from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { z } from "zod";
import { useRefund } from "../api";
import { refundLeft } from "../console";
import { ChangeDialog, useChangeForm } from "./ChangeDialog";
import { reasonField, useValidationText } from "./form";

const CONSEQUENCES = ["keep", "end_of_period", "free_now"] as const;

function refundSchema(left: number) {
  return z.object({
    amount: z.number({ error: "price" }).gt(0, "price").max(left, "refundTooMuch"),
    planConsequence: z.enum(CONSEQUENCES, { error: "chooseConsequence" }),
    reason: reasonField,
  });
}
type Values = z.input<ReturnType<typeof refundSchema>>;
type Output = z.output<ReturnType<typeof refundSchema>>;

/** A refund through the gateway: how much (at most what is left), what happens to the plan, why. */
export function RefundDialog({
  open,
  payment,
  onClose,
  onDone,
}: {
  open: boolean;
  payment: AdminPaymentDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation("admin");
  const refund = useRefund(payment.trackId);
  const validation = useValidationText();
  const left = refundLeft(payment);
  const currency = payment.amount.currency;
  const leftText = formatMoney(left, currency);
  const { form, errors, change } = useChangeForm<Values, Output>({
    open,
    onClose,
    resolver: zodResolver(refundSchema(left)),
    defaults: { amount: left, reason: "" },
    resetKey: left,
    onSubmit: async (values) => {
      const after = await refund.mutateAsync(values);
      const latest = after.refunds[0];
      onDone(t("payment.refunded", { status: t(`payment.refundStatuses.${latest?.status ?? "requested"}`) }));
    },
  });
  const { id } = change;

  const amountError =
    errors.amount?.message === "refundTooMuch"
      ? t("payment.refundTooMuch", { left: leftText })
      : validation(errors.amount?.message);
  const consequenceError = validation(errors.planConsequence?.message);
  return (
    <ChangeDialog
      title={t("payment.refundTitle")}
      description={t("payment.refundBody")}
      change={change}
      submitLabel={t("payment.refund")}
      busyLabel={t("payment.refunding")}
      danger
    >
      <Field
        id={`${id}-amount`}
        label={t("payment.refundAmount", { currency })}
        hint={t("payment.refundAmountHint", { left: leftText })}
        error={amountError}
        required
      >
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.001"
          min={0}
          max={left}
          dir="ltr"
          required
          {...fieldAria(`${id}-amount`, amountError, true)}
          {...form.register("amount", { valueAsNumber: true })}
        />
      </Field>
      <fieldset
        className="admin-radios admin-choice"
        aria-describedby={consequenceError ? `${id}-c-error` : undefined}
      >
        <legend className="field-label">{t("payment.consequence")}</legend>
        {CONSEQUENCES.map((value) => (
          <label key={value} className="admin-radio">
            <input type="radio" value={value} {...form.register("planConsequence")} />
            {t(`payment.consequences.${value}`)}
          </label>
        ))}
        {consequenceError ? (
          <p id={`${id}-c-error`} className="field-error">
            {consequenceError}
          </p>
        ) : null}
      </fieldset>
    </ChangeDialog>
  );
}
