import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ActionError, ReasonField, reasonField } from "./form";

const schema = z.object({ reason: reasonField });
type Values = z.infer<typeof schema>;

/**
 * A change that needs only a reason (suspend, lift a suspension, ask the gateway): what it does,
 * the reason, and the button. A failure stays in the dialog with what was typed.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  tone = "primary",
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  busyLabel: ReactNode;
  tone?: "primary" | "danger";
  onCancel: () => void;
  /** Resolves when done (the dialog closes); a rejection is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: "" } });
  const { isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) {
      reset({ reason: "" });
      setFailure(null);
    }
  }, [open, reset]);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={!isSubmitting}
      title={title}
      description={description}
    >
      <form className="form admin-dialog-form" onSubmit={submit} noValidate>
        <ReasonField
          id={`${id}-reason`}
          error={form.formState.errors.reason?.message}
          registration={form.register("reason")}
        />
        <ActionError error={failure} />
        <div className="modal-actions">
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant={tone} busy={isSubmitting} busyLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
