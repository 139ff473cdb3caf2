import { zodResolver } from "@hookform/resolvers/zod";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { z } from "zod";
import { useGrantPlan, usePlansAdmin } from "../api";
import { grantablePlans, isGrantEnd, isoDay, tomorrow } from "../console";
import { ChangeDialog, PlansStatus, useChangeForm } from "./ChangeDialog";
import { PlanSelect, reasonField, useValidationText } from "./form";

const THREE_YEARS_MS = 3 * 366 * 86_400_000;

function grantSchema(now: Date) {
  const latest = isoDay(new Date(now.getTime() + THREE_YEARS_MS - 86_400_000));
  return z.object({
    planId: z.string().min(1, "choosePlan"),
    until: z
      .string()
      .refine((v) => isGrantEnd(v, now), "chooseDate")
      .refine((v) => v <= latest, "tooFar"),
    reason: reasonField,
  });
}

/** Grant or extend a paid plan until a day, with a reason (the workspace page's Plan section). */
export function GrantDialog({
  open,
  workspaceId,
  currentPlanId,
  onClose,
  onDone,
}: {
  open: boolean;
  workspaceId: string;
  currentPlanId: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const format = useFormat();
  const plans = usePlansAdmin();
  const grant = useGrantPlan(workspaceId);
  const [now] = useState(() => new Date());
  const validation = useValidationText();
  const choices = grantablePlans(plans.data?.items ?? []);
  const { form, errors, change } = useChangeForm({
    open,
    onClose,
    resolver: zodResolver(grantSchema(now)),
    // The plan the workspace has, when it can be granted (an extension), else none chosen.
    defaults: {
      planId: choices.some((p) => p.id === currentPlanId) ? currentPlanId : "",
      until: "",
      reason: "",
    },
    resetKey: currentPlanId,
    onSubmit: async (values) => {
      await grant.mutateAsync(values);
      const plan = choices.find((p) => p.id === values.planId);
      onDone(
        t("grant.done", {
          plan: plan ? plan.texts[language].name : values.planId,
          date: format.date(`${values.until}T12:00:00.000Z`),
        }),
      );
    },
  });
  const { id } = change;

  const untilError = validation(errors.until?.message);
  return (
    <ChangeDialog
      title={t("grant.title")}
      description={t("grant.body")}
      change={change}
      submitLabel={t("grant.submit")}
      busyLabel={t("grant.submitting")}
      status={<PlansStatus plans={plans} />}
      ready={plans.data !== undefined}
    >
      <PlanSelect
        id={`${id}-plan`}
        label={t("grant.plan")}
        error={validation(errors.planId?.message)}
        plans={choices}
        registration={form.register("planId")}
      />
      <Field
        id={`${id}-until`}
        label={t("grant.until")}
        error={untilError}
        hint={t("grant.untilHint")}
        required
      >
        <input
          id={`${id}-until`}
          type="date"
          required
          min={tomorrow(now)}
          max={isoDay(new Date(now.getTime() + THREE_YEARS_MS - 86_400_000))}
          {...fieldAria(`${id}-until`, untilError, true)}
          {...form.register("until")}
        />
      </Field>
    </ChangeDialog>
  );
}
