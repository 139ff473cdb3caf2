import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminPlan } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { z } from "zod";
import { useDowngrade, usePlansAdmin } from "../api";
import { lowerPlans } from "../console";
import { ChangeDialog, PlansStatus, useChangeForm } from "./ChangeDialog";
import { PlanSelect, reasonField, useValidationText } from "./form";
import { Empty } from "./Status";

const schema = z.object({ planId: z.string().min(1, "choosePlan"), reason: reasonField });

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
  const plans = usePlansAdmin();
  const downgrade = useDowngrade(workspaceId);
  const validation = useValidationText();
  const choices = lowerPlans(plans.data?.items ?? [], current);
  const { form, errors, change } = useChangeForm({
    open,
    onClose,
    resolver: zodResolver(schema),
    defaults: { planId: "", reason: "" },
    onSubmit: async (values) => {
      await downgrade.mutateAsync(values);
      const plan = choices.find((p) => p.id === values.planId);
      onDone(t("downgrade.done", { plan: plan ? plan.texts[language].name : values.planId }));
    },
  });

  return (
    <ChangeDialog
      title={t("downgrade.title")}
      description={t("downgrade.body")}
      change={change}
      submitLabel={t("downgrade.submit")}
      busyLabel={t("downgrade.submitting")}
      status={
        <>
          <PlansStatus plans={plans} />
          {plans.data && choices.length === 0 ? <Empty>{t("downgrade.none")}</Empty> : null}
        </>
      }
      ready={plans.data !== undefined && choices.length > 0}
      fallback={
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      }
    >
      <PlanSelect
        id={`${change.id}-plan`}
        label={t("downgrade.plan")}
        error={validation(errors.planId?.message)}
        plans={choices}
        registration={form.register("planId")}
      />
    </ChangeDialog>
  );
}
