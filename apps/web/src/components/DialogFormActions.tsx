import type { ReactNode } from "react";
import { SubmitButton } from "./SubmitButton";

/**
 * A dialog form's buttons (`.modal-actions`): Cancel, then the submit button (`btn-<tone>`), both
 * disabled while `busy`, when the submit shows a spinner and `busyLabel`.
 */
export function DialogFormActions({
  busy,
  onCancel,
  cancelLabel,
  submitLabel,
  busyLabel,
  tone = "primary",
  disabled = false,
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  tone?: "primary" | "danger";
  /** Not ready to submit yet (the confirmation not typed). */
  disabled?: boolean;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <SubmitButton variant={tone} state={{ busy, submitLabel, busyLabel, disabled }} />
    </div>
  );
}
