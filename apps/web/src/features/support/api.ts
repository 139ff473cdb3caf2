import { type ContactReceipt, type ContactRequest, contactReceiptSchema } from "@parley/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

/** The signed-in support form: stored with the caller's id (`POST /api/support` → 201 receipt). */
export function sendSupportRequest(request: ContactRequest): Promise<ContactReceipt> {
  return apiFetch("/api/support", { method: "POST", body: request, schema: contactReceiptSchema });
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
