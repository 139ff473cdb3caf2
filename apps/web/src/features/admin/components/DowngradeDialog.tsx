import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminPlan } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useDowngrade, usePlansAdmin } from "../api";
import { lowerPlans } from "../console";
import { ChangeFooter, PlanSelect, reasonField, useValidationText } from "./form";
import { Empty, LoadError, Loading } from "./Status";

const schema = z.object({ planId: z.string().min(1, "choosePlan"), reason: reasonField });
type Values = z.infer<typeof schema>;

/** A downgrade at the end of the paid period, to a plan below the current one, with a reason. */
export function DowngradeDialog({
  open,
  workspaceId,
  current,
  onClose,
  onDone,
}: {
  open: boolean;
  workspaceId: string;
  current: { tier: number; billingInterval: AdminPlan["billingInterval"] };
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const id = useId();
  const plans = usePlansAdmin();
  const downgrade = useDowngrade(workspaceId);
  const validation = useValidationText();
  const [failure, setFailure] = useState<unknown>(null);
  const choices = lowerPlans(plans.data?.items ?? [], current);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { planId: "", reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) {
      reset({ planId: "", reason: "" });
      setFailure(null);
    }
  }, [open, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await downgrade.mutateAsync(values);
      const plan = choices.find((p) => p.id === values.planId);
      onDone(t("downgrade.done", { plan: plan ? plan.texts[language].name : values.planId }));
    } catch (error) {
      setFailure(error);
    }
  });

  const planError = validation(errors.planId?.message);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!isSubmitting}
      size="md"
      title={t("downgrade.title")}
      description={t("downgrade.body")}
    >
      {plans.isPending ? <Loading label={t("plans.loading")} /> : null}
      {plans.isError ? (
        <LoadError what={t("plans.failed")} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : null}
      {plans.data && choices.length === 0 ? <Empty>{t("downgrade.none")}</Empty> : null}
      {plans.data && choices.length > 0 ? (
        <form className="form admin-dialog-form" onSubmit={submit} noValidate>
          <PlanSelect
            id={`${id}-plan`}
            label={t("downgrade.plan")}
            error={planError}
            plans={choices}
            registration={form.register("planId")}
          />
          <ChangeFooter
            id={id}
            reasonError={errors.reason?.message}
            reason={form.register("reason")}
            failure={failure}
            onCancel={onClose}
            busy={isSubmitting}
            submitLabel={t("downgrade.submit")}
            busyLabel={t("downgrade.submitting")}
          />
        </form>
      ) : (
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
