import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from "react-hook-form";
import type { usePlansAdmin } from "../api";
import { ActionError, ReasonField } from "./form";
import { LoadError, Loading } from "./Status";

/**
 * What a console change's form hands its dialog: whether it is open and how it closes, the prefix
 * of the fields' ids (the reason's is `${id}-reason`), the submit, the reason, what the server refused.
 */
export interface ChangeState {
  open: boolean;
  onClose: () => void;
  id: string;
  submit: () => void;
  busy: boolean;
  failure: unknown;
  reason: UseFormRegisterReturn;
  reasonError: string | undefined;
}

/**
 * The form of a console change (every one carries a reason): cleared with `defaults` when the
 * dialog opens (or, `clearWhen: "closed"`, once it has closed) and again when `resetKey` changes
 * while it is open; a rejection of `onSubmit` stays in the dialog with what was typed.
 */
export function useChangeForm<Values extends FieldValues & { reason: string }, Output = Values>({
  open,
  onClose,
  resolver,
  defaults,
  onSubmit,
  clearWhen = "opened",
  resetKey,
}: {
  open: boolean;
  onClose: () => void;
  resolver: Resolver<Values, unknown, Output>;
  defaults: DefaultValues<Values>;
  onSubmit: (values: Output) => Promise<unknown>;
  clearWhen?: "opened" | "closed";
  resetKey?: string | number;
}) {
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults });
  const { reset } = form;
  // The defaults as they are when the dialog opens (the plans known then), not on every render.
  const latest = useRef(defaults);
  latest.current = defaults;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resetKey` re-runs the reset on purpose
  useEffect(() => {
    if (open === (clearWhen === "opened")) {
      reset(latest.current);
      setFailure(null);
    }
  }, [open, reset, clearWhen, resetKey]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(error);
    }
  });

  const reason = "reason" as Path<Values>;
  const change: ChangeState = {
    open,
    onClose,
    id,
    submit: () => void submit(),
    busy: form.formState.isSubmitting,
    failure,
    reason: form.register(reason),
    reasonError: form.getFieldState(reason, form.formState).error?.message,
  };
  return { form, errors: form.formState.errors, change };
}

/**
 * A console change in a dialog: what it does, the change's own fields, the operator's reason, what
 * the server refused, and Cancel beside the change's button. Esc and the backdrop do nothing while
 * it is being sent. `status` stands above the form (the plans still loading); without `ready` the
 * form is left out and `fallback` shows instead.
 */
export function ChangeDialog({
  title,
  description,
  change,
  submitLabel,
  busyLabel,
  danger = false,
  size = "md",
  status,
  ready = true,
  fallback = null,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  change: ChangeState;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  danger?: boolean;
  size?: "sm" | "md";
  status?: ReactNode;
  ready?: boolean;
  fallback?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const { open, onClose, id, busy } = change;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size={size}
      title={title}
      description={description}
    >
      {status}
      {ready ? (
        <form
          className="form admin-dialog-form"
          onSubmit={(event) => {
            event.preventDefault();
            change.submit();
          }}
          noValidate
        >
          {children}
          <ReasonField id={`${id}-reason`} error={change.reasonError} registration={change.reason} />
          <ActionError error={change.failure} />
          <div className="modal-actions">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy} busyLabel={busyLabel}>
              {submitLabel}
            </Button>
          </div>
        </form>
      ) : (
        fallback
      )}
    </Dialog>
  );
}

/** The plans a change chooses from, while they load or when they failed to. */
export function PlansStatus({ plans }: { plans: ReturnType<typeof usePlansAdmin> }) {
  const { t } = useTranslation("admin");
  return (
    <>
      {plans.isPending ? <Loading label={t("plans.loading")} /> : null}
      {plans.isError ? (
        <LoadError what={t("plans.failed")} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : null}
    </>
  );
}
