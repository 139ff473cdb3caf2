import { ConfirmDialog } from "@parley/ui/components/Dialog";
import type { ReactNode } from "react";
import { useConfirmAction } from "../../../components/use-confirm-action";
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
  const { busy, failure, close, run } = useConfirmAction(onClose);
  return (
    <ConfirmDialog
      open={open}
      onCancel={close}
      onConfirm={() => void run(onConfirm)}
      busy={busy}
      title={title}
      description={body}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      error={failure ? errorText(failure.error) : null}
    />
  );
}
