import { zodResolver } from "@hookform/resolvers/zod";
import { Dialog } from "@parley/ui/components/Dialog";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useGrantPlan, usePlansAdmin } from "../api";
import { grantablePlans, isGrantEnd, isoDay, tomorrow } from "../console";
import { ChangeFooter, PlanSelect, reasonField, useValidationText } from "./form";
import { LoadError, Loading } from "./Status";

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
type Values = z.infer<ReturnType<typeof grantSchema>>;

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
  const id = useId();
  const plans = usePlansAdmin();
  const grant = useGrantPlan(workspaceId);
  const [failure, setFailure] = useState<unknown>(null);
  const [now] = useState(() => new Date());
  const validation = useValidationText();
  const choices = grantablePlans(plans.data?.items ?? []);
  const form = useForm<Values>({
    resolver: zodResolver(grantSchema(now)),
    defaultValues: { planId: "", until: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset to the plans known when it opens
  useEffect(() => {
    if (open) {
      // The plan the workspace has, when it can be granted (an extension), else none chosen.
      const current = choices.some((p) => p.id === currentPlanId) ? currentPlanId : "";
      reset({ planId: current, until: "", reason: "" });
      setFailure(null);
    }
  }, [open, reset, currentPlanId]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await grant.mutateAsync(values);
      const plan = choices.find((p) => p.id === values.planId);
      onDone(
        t("grant.done", {
          plan: plan ? plan.texts[language].name : values.planId,
          date: format.date(`${values.until}T12:00:00.000Z`),
        }),
      );
    } catch (error) {
      setFailure(error);
    }
  });

  const planError = validation(errors.planId?.message);
  const untilError = validation(errors.until?.message);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!isSubmitting}
      size="md"
      title={t("grant.title")}
      description={t("grant.body")}
    >
      {plans.isPending ? <Loading label={t("plans.loading")} /> : null}
      {plans.isError ? (
        <LoadError what={t("plans.failed")} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : null}
      {plans.data ? (
        <form className="form admin-dialog-form" onSubmit={submit} noValidate>
          <PlanSelect
            id={`${id}-plan`}
            label={t("grant.plan")}
            error={planError}
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
          <ChangeFooter
            id={id}
            reasonError={errors.reason?.message}
            reason={form.register("reason")}
            failure={failure}
            onCancel={onClose}
            busy={isSubmitting}
            submitLabel={t("grant.submit")}
            busyLabel={t("grant.submitting")}
          />
        </form>
      ) : null}
    </Dialog>
  );
}
