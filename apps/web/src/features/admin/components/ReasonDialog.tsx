import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { z } from "zod";
import { ChangeDialog, useChangeForm } from "./ChangeDialog";
import { reasonField } from "./form";

const schema = z.object({ reason: reasonField });

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
  const { change } = useChangeForm({
    open,
    onClose: onCancel,
    resolver: zodResolver(schema),
    defaults: { reason: "" },
    clearWhen: "closed",
    onSubmit: ({ reason }) => onConfirm(reason),
  });
  return (
    <ChangeDialog
      title={title}
      description={description}
      change={change}
      submitLabel={confirmLabel}
      busyLabel={busyLabel}
      danger={tone === "danger"}
      size="sm"
    />
  );
}
