import { Button, type ButtonLook } from "@parley/ui/components/Button";
import type { ReactNode } from "react";

/** A form's submit button as the form components take it: its labels, and whether it may submit. */
export interface SubmitState {
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  /** Nothing to send yet (an unchanged form, a confirmation not typed). */
  disabled?: boolean | undefined;
}

/** A form's submit button: the kit's Button, with a spinner and `busyLabel` while busy. */
export function SubmitButton({ state, ...look }: ButtonLook & { state: SubmitState }) {
  const { busy, submitLabel, busyLabel, disabled } = state;
  return (
    <Button type="submit" {...look} disabled={disabled} busy={busy} busyLabel={busyLabel}>
      {submitLabel}
    </Button>
  );
}
