import type { ContactReceipt, ContactRequest } from "@parley/contracts";
import type { Database } from "@parley/db";
import { contactRequests } from "../../db/schema";
import { newId } from "../../lib/ids";

export function createContactService(deps: { db: Database }) {
  return {
    async submit(
      input: ContactRequest,
      meta: { kind: "contact" | "support"; userId?: string | null },
    ): Promise<ContactReceipt> {
      const id = newId("ctc");
      const [row] = await deps.db
        .insert(contactRequests)
        .values({
          id,
          kind: meta.kind,
          userId: meta.userId ?? null,
          name: input.name,
          email: input.email.toLowerCase(),
          company: input.company ?? null,
          topic: input.topic,
          message: input.message,
        })
        .returning({ createdAt: contactRequests.createdAt });
      return {
        _id: id,
        receivedAt: (row?.createdAt ?? new Date()).toISOString(),
        message: `Thanks, ${input.name}. We have your message and will reply to ${input.email} within one business day.`,
      };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
