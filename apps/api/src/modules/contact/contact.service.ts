import type { ContactReceipt, ContactRequest } from "@parley/contracts";
import type { Tx } from "../../db/tx";
import { newId } from "../../lib/ids";
import type { ContactRepo } from "./contact.repo";

export function createContactService(deps: { repo: ContactRepo }) {
  return {
    /** Account deletion, inside the caller's transaction. */
    erase: (tx: Tx, userId: string) => deps.repo.removeForUser(tx, userId),
    async submit(
      input: ContactRequest,
      meta: { kind: "contact" | "support"; userId?: string | null },
    ): Promise<ContactReceipt> {
      const id = newId("ctc");
      const row = await deps.repo.insert({
        id,
        kind: meta.kind,
        userId: meta.userId ?? null,
        name: input.name,
        email: input.email.toLowerCase(),
        company: input.company ?? null,
        topic: input.topic,
        message: input.message,
      });
      return {
        _id: id,
        receivedAt: (row?.createdAt ?? new Date()).toISOString(),
        message: `Thanks, ${input.name}. We have your message and will reply to ${input.email} within one business day.`,
      };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
