/** What other features may use of contact: the support form shares its topics, errors and receipt. */
export { ReceiptView } from "./components/ReceiptView";
export { applyServerFieldErrors } from "./form-errors";
export { contactTopics } from "./topics";
