import { Button } from "@parley/ui/components/Button";
import { type FormEvent, type ReactNode, type Ref, useId } from "react";
import { SubmitButton } from "./SubmitButton";

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  /** More classes on the section (a block's own styles). */
  className?: string;
  children: ReactNode;
}

/** One settings block: heading and explanation on the left (top on phones), the controls beside. */
export function SectionCard({ title, description, tone = "default", className, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <section
      className={`card settings-card${tone === "danger" ? " settings-card-danger" : ""}${className ? ` ${className}` : ""}`}
      aria-labelledby={headingId}
    >
      <div className="settings-card-intro">
        <h2 id={headingId}>{title}</h2>
        {description ? <div className="settings-card-description">{description}</div> : null}
      </div>
      <div className="settings-card-body">{children}</div>
    </section>
  );
}

/** A form's outcome line: success in green, failure in red, announced to screen readers. */
export function FormNotice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** A form's outcome, as a section keeps it. */
export type Notice = { tone: "success" | "error"; text: string };

/**
 * A settings section's form: its fields (and any outcome lines of its own), the outcome `notice`,
 * then the submit button at the end, disabled with a spinner while `busy`.
 */
export function SettingsForm({
  onSubmit,
  busy,
  disabled,
  submitLabel,
  busyLabel,
  notice,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** Nothing to send yet (an unchanged form, a state still loading). */
  disabled?: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  notice?: Notice | null;
  children: ReactNode;
}) {
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {children}
      {notice ? <FormNotice tone={notice.tone}>{notice.text}</FormNotice> : null}
      <div className="settings-actions">
        <SubmitButton size="sm" state={{ busy, submitLabel, busyLabel, disabled }} />
      </div>
    </form>
  );
}

/**
 * A confirmation's buttons (`.modal-actions`): Cancel, then the change that cannot be undone, both
 * disabled with a spinner on the change while `busy`. Without `onConfirm` the change submits its form.
 */
export function DangerActions({
  busy,
  onCancel,
  cancelLabel,
  cancelRef,
  confirmLabel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel: ReactNode;
  cancelRef?: Ref<HTMLButtonElement>;
  confirmLabel: ReactNode;
  onConfirm?: () => void;
}) {
  return (
    <div className="modal-actions">
      <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <Button type={onConfirm ? "button" : "submit"} variant="danger" busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
