import type { ContactRequestInput } from "@parley/contracts";
import type { FieldPath, UseFormSetError } from "react-hook-form";
import { isApiError } from "../../lib/api";

/** Puts the server's field errors ("body.email") on the form's fields; others are ignored. */
export function applyServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<ContactRequestInput>,
  fields: readonly string[],
) {
  if (!isApiError(error)) return;
  for (const detail of error.details ?? []) {
    const field = detail.path.replace(/^body\./, "");
    if (fields.includes(field))
      setError(field as FieldPath<ContactRequestInput>, { message: detail.message });
  }
}
