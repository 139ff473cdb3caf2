import type { ContactReceipt, ContactRequest } from "@parley/contracts";
import { contactReceiptSchema } from "@parley/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

export function sendContactRequest(request: ContactRequest, signal?: AbortSignal): Promise<ContactReceipt> {
  return apiFetch("/api/contact", { method: "POST", body: request, schema: contactReceiptSchema, signal });
}

export function useSendContactRequest() {
  return useMutation({ mutationFn: (request: ContactRequest) => sendContactRequest(request) });
}
