import { useTranslation } from "@parley/ui/i18n/react";
import { useRef } from "react";
import { Modal } from "../../components/Modal";

interface SignOutDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** True while signing out: buttons are disabled and Esc does nothing. */
  busy?: boolean;
}

export function SignOutDialog({ open, onConfirm, onCancel, busy = false }: SignOutDialogProps) {
  // Focus the safe choice first, so a stray Enter does not sign the user out.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation(["app", "common"]);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!busy}
      role="alertdialog"
      initialFocusRef={cancelRef}
      title={t("signOut.title")}
      description={t("signOut.description")}
      icon={
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </svg>
      }
    >
      <div className="modal-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={onCancel}
          disabled={busy}
        >
          {t("common:actions.cancel")}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t("signOut.confirm")}
        </button>
      </div>
    </Modal>
  );
}
