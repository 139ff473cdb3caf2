import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useRef, useState } from "react";
import { Modal } from "../../../components/Modal";
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
 * A confirmation on the Team page (removing a member, leaving the workspace) in the app's own
 * dialog: Cancel is focused first so a stray Enter changes nothing, Esc and the backdrop cancel
 * (not while the change is in flight), focus returns to the button that opened it.
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
  const { t } = useTranslation("common");
  const errorText = useWorkspaceErrorText();
  const cancelRef = useRef<HTMLButtonElement>(null);
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
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      dismissible={!busy}
      initialFocusRef={cancelRef}
      title={title}
      description={body}
    >
      {error ? (
        <div className="alert alert-error" role="alert">
          {errorText(error.error)}
        </div>
      ) : null}
      <div className="modal-actions">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
          {t("actions.cancel")}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
