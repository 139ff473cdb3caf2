import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { type ReactNode, useState } from "react";
import { useWorkspaceErrorText } from "../errors";

interface ConfirmActionDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The change; a failure stays in the dialog, in the reader's language. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A confirmation on the Team page (removing a member, leaving the workspace) in the kit's
 * ConfirmDialog: Cancel is focused first so a stray Enter changes nothing, Esc and the backdrop
 * cancel (not while the change is in flight), focus returns to the button that opened it.
 */
export function ConfirmActionDialog({
  open,
  title,
  body,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
}: ConfirmActionDialogProps) {
  const errorText = useWorkspaceErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e) {
      setBusy(false);
      setError({ error: e });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onCancel={close}
      onConfirm={() => void confirm()}
      busy={busy}
      title={title}
      description={body}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      error={error ? errorText(error.error) : null}
    />
  );
}
