import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "../../../../lib/api";
import type { SourceDraft } from "../../api";

/** What the add-source forms hand their owner: resolves when the source is added, throws when not. */
export type SubmitSource = (
  draft: SourceDraft,
  onUploadProgress?: (fraction: number) => void,
) => Promise<void>;

export interface SubFormProps {
  idPrefix: string;
  onSubmit: SubmitSource;
  submitLabel: string;
  secondary?: ReactNode;
}

/** Puts the server's field errors (`details`) on the fields; true when at least one landed. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.details) return false;
  let placed = false;
  for (const detail of error.details) {
    // "body.maxPages", or "body.include.0" for one item of a list field.
    const segments = detail.path.split(".");
    const field = segments.reverse().flatMap((segment) => fields.filter((f) => f === segment))[0];
    if (field) {
      setError(field, { type: "server", message: detail.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/** The submit button (with its busy state) and any secondary action beside it. */
export function Actions({
  busy,
  busyLabel,
  submitLabel,
  secondary,
  disabled = false,
}: {
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  secondary?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="source-form-actions">
      {secondary}
      <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
