import type { DeliveryStatus } from "@parley/contracts";
import type { DeliveryPart } from "../../db/schema";
import type { LiveRepo } from "./live.repo";
import type { LiveHub } from "./live-hub";

/** How far each state is along the way; `failed` ends it and is never left. */
const RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** A message's state from its parts: failed if any failed, else as far as its slowest part. */
export function overallDelivery(parts: readonly DeliveryPart[]): DeliveryStatus {
  if (parts.some((p) => p.status === "failed")) return "failed";
  return parts.reduce<DeliveryStatus>(
    (worst, p) => (RANK[p.status] < RANK[worst] ? p.status : worst),
    "read",
  );
}

/** The parts with part `index` moved to `status` (never backwards: reports arrive out of order). */
export function advancePart(
  parts: readonly DeliveryPart[],
  index: number,
  update: { status: DeliveryStatus; externalId?: string; error?: DeliveryPart["error"] },
  total = parts.length,
): DeliveryPart[] | undefined {
  const next: DeliveryPart[] = Array.from(
    { length: Math.max(total, parts.length, index + 1) },
    (_, i) => parts[i] ?? { externalId: null, status: "queued", error: null },
  );
  const current = next[index] as DeliveryPart;
  const moves = current.status !== "failed" && RANK[update.status] > RANK[current.status];
  const learnsId = !current.externalId && update.externalId;
  if (!moves && !learnsId) return undefined;
  next[index] = {
    ...current,
    externalId: current.externalId ?? update.externalId ?? null,
    status: moves ? update.status : current.status,
    error: moves && update.status === "failed" ? (update.error ?? null) : current.error,
  };
  return next;
}

/**
 * How far outgoing channel messages got (issue #31): the sender records each part the provider
 * accepted, and the provider's reports move parts on (sent, delivered, read, failed). A message
 * never moves backwards, whatever order reports come in and however often; each change is a
 * `delivery` event the team's inbox shows live.
 */
export function createDeliveryService(deps: { live: LiveRepo; hub: LiveHub; now: () => Date }) {
  const { live, hub, now } = deps;
  /**
   * Provider ids of parts this process recorded as sent (most recent first out when full): the
   * provider's own `sent` report of one of them changes nothing (a part never moves back, and its
   * id is known), so it costs no statement. A report that reaches another replica is applied there
   * as usual.
   */
  const recordedSent = new Set<string>();
  const RECORDED_SENT_MAX = 10_000;
  /**
   * Parts' records as sent being written here, by provider id: Meta's `sent` report, sent the
   * moment it took the part, usually reaches us before the write ends, and waits for it rather
   * than lock the message in a second statement to learn nothing.
   */
  const recording = new Map<string, Promise<boolean>>();

  async function change(
    messageId: string,
    index: number,
    update: Parameters<typeof advancePart>[2],
    total?: number,
    current?: Parameters<LiveRepo["deliveryChange"]>[2],
  ) {
    const event = await live.deliveryChange(
      messageId,
      (message) => {
        if (!message.delivery) return undefined;
        const parts = advancePart(message.deliveryParts ?? [], index, update, total);
        return parts ? { parts, delivery: overallDelivery(parts), at: now() } : undefined;
      },
      current,
    );
    if (event) await hub.publish([event]);
    return Boolean(event);
  }

  return {
    /**
     * The provider accepted part `index` of `total` (its id recorded: never sent again). `current`:
     * the delivery as the sender last saw it (`partAttempt`'s answer), checked, not trusted.
     */
    partSent: async (
      messageId: string,
      index: number,
      externalId: string,
      total: number,
      current?: Parameters<LiveRepo["deliveryChange"]>[2],
    ) => {
      const writing = change(messageId, index, { status: "sent", externalId }, total, current);
      // Meta's `sent` report of the part often comes while this is written: it waits for it.
      recording.set(externalId, writing);
      try {
        const changed = await writing;
        // Now at least `sent` with this id, whoever wrote it.
        if (recordedSent.size >= RECORDED_SENT_MAX)
          recordedSent.delete(recordedSent.values().next().value as string);
        recordedSent.add(externalId);
        return changed;
      } finally {
        recording.delete(externalId);
      }
    },

    /**
     * A send of part `index` of `total` begins (`at`), or ended without the provider taking it
     * (null): see DeliveryPart.attemptAt. No event: nothing the team sees changed. Resolves with
     * the delivery as it now stands.
     */
    partAttempt: (messageId: string, index: number, total: number, at: Date | null) =>
      live.markAttempt(messageId, index, total, at),

    /** The message could not be sent (part `index`, 0 when none went): why, in the provider's words. */
    failed: (messageId: string, index: number, error: { code: number; message: string }) =>
      change(messageId, index, { status: "failed", error }),

    /** A provider's report on a message of the workspace; false when it is none of ours or changes nothing. */
    async report(
      workspaceId: string,
      report: {
        externalId: string;
        callbackData: string | null;
        status: "sent" | "delivered" | "read" | "failed";
        error: { code: number; message: string } | null;
      },
    ): Promise<boolean> {
      if (report.status === "sent") {
        const writing = recording.get(report.externalId);
        // A failed write records nothing: the report is applied below, as any other.
        if (writing) await writing.catch(() => {});
        if (recordedSent.has(report.externalId)) return false;
      }
      // Our callback data names the message and its part: the report is applied in one statement.
      const data = /^(msg_[A-Za-z0-9_-]{1,64}):(\d{1,3})$/.exec(report.callbackData ?? "");
      if (data?.[1]) {
        const applied = await live.applyReport(workspaceId, data[1], Number(data[2]), report, now());
        if (applied.event) await hub.publish([applied.event]);
        if (applied.found) return Boolean(applied.event);
      }
      // Else (or it names none of ours): found by the provider's id among the parts.
      const found = await live.messageForReport(workspaceId, report);
      if (!found) return false;
      const update = { status: report.status, externalId: report.externalId, error: report.error };
      // Already there (the sender recorded `sent` before Meta's report of it came, or a report
      // delivered again): nothing to lock or write, since a part never moves back.
      if (!found.delivery || !advancePart(found.parts, found.part, update)) return false;
      return change(found.messageId, found.part, update, undefined, {
        delivery: found.delivery,
        deliveryParts: found.rawParts,
      });
    },
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
