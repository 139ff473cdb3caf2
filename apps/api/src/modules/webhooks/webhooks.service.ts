import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryType,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from "@parley/contracts";
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { blockedCause, type OutboundGuard } from "../../lib/outbound";
import type { Actor, AuditService } from "../workspaces/audit.service";
import { type WebhookDelivery as DeliveryEngine, envelope, newMessageId } from "./webhook-delivery";
import { newWebhookSecret, type WebhookSecretBox } from "./webhook-secrets";
import type { WebhooksRepo } from "./webhooks.repo";

export interface WebhooksDeps {
  repo: WebhooksRepo;
  delivery: Pick<DeliveryEngine, "queueAttempt" | "wakeAttempts">;
  secrets: WebhookSecretBox;
  guard: OutboundGuard;
  audit: Pick<AuditService, "record">;
  /** The workspace's plan, and whether it includes webhooks (as it includes the API). */
  plan: (workspaceId: string) => Promise<{ included: boolean; name: string }>;
  now: () => Date;
}

const NOT_FOUND = "Webhook endpoint not found";
/** How long the delivery log keeps a finished delivery. */
export const DELIVERY_LOG_DAYS = 30;
const TURNED_OFF = "This endpoint is turned off. Turn it on to send events to it.";

export function toEndpoint(row: WebhookEndpointRow, now: Date): WebhookEndpoint {
  const overlapping = row.previousSecretSealed && row.previousSecretUntil && row.previousSecretUntil > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretUntil: overlapping ? (row.previousSecretUntil?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    type: row.type as WebhookDeliveryType,
    messageId: row.messageId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    log: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.createdAt.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        responseBody: a.responseBody,
        error: a.error,
      })),
  };
}

const cursorOf = (row: WebhookDeliveryRow) => `${row.createdAt.toISOString()}|${row.id}`;
function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = cursor.split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime())) throw AppError.of("BAD_REQUEST", "general.invalidPageCursor");
  return { at: date, id };
}

/**
 * A workspace's webhook endpoints, managed by its owners and admins (the routes check the role):
 * every change is in the audit log, in the same transaction. A secret is returned at creation and
 * rotation only; it is stored sealed. Target addresses are refused when they point at a private,
 * loopback or link-local address (and checked again on every connection by the guard).
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, audit, now } = deps;

  async function requirePlan(workspaceId: string) {
    const plan = await deps.plan(workspaceId);
    if (!plan.included)
      throw new AppError(
        "PLAN_LIMIT_REACHED",
        `Your ${plan.name} plan does not include webhooks. Upgrade to Pro or Business to use them.`,
      );
  }

  /** Refuses an address the outbound guard would refuse (a host that does not resolve yet is fine). */
  async function checkUrl(url: string) {
    try {
      await deps.guard.check(url);
    } catch (err) {
      const blocked = blockedCause(err);
      if (blocked)
        throw new AppError("VALIDATION_FAILED", blocked.message, [
          { path: "body.url", message: blocked.message },
        ]);
    }
  }

  async function endpointOf(workspaceId: string, id: string) {
    const row = await repo.find(workspaceId, id);
    if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
    return row;
  }

  const auditEntry = (
    workspaceId: string,
    actor: Actor,
    action: "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated",
    target: string,
    details: Record<string, unknown>,
  ) => ({ workspaceId, action, actorId: actor.userId, actorEmail: actor.email, target, details });

  return {
    /** Account deletion, inside its transaction. */
    erase: repo.removeWorkspace,
    /** The log keeps finished deliveries for DELIVERY_LOG_DAYS (a scheduled job). */
    async prune(): Promise<{ deliveries: number }> {
      return {
        deliveries: await repo.pruneDeliveries(new Date(now().getTime() - DELIVERY_LOG_DAYS * 86_400_000)),
      };
    },

    async list(workspaceId: string): Promise<WebhookEndpoint[]> {
      const at = now();
      return (await repo.list(workspaceId)).map((r) => toEndpoint(r, at));
    },

    async get(workspaceId: string, id: string): Promise<WebhookEndpoint> {
      return toEndpoint(await endpointOf(workspaceId, id), now());
    },

    async create(
      workspaceId: string,
      actor: Actor,
      raw: WebhookEndpointCreate,
    ): Promise<WebhookEndpointWithSecret> {
      const input = webhookEndpointCreateSchema.parse(raw);
      await requirePlan(workspaceId);
      if ((await repo.count(workspaceId)) >= WEBHOOK_ENDPOINTS_MAX)
        throw new AppError(
          "PLAN_LIMIT_REACHED",
          `A workspace can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
        );
      await checkUrl(input.url);
      const id = newId("wh");
      const secret = newWebhookSecret();
      const at = now();
      await repo.db.transaction(async (tx) => {
        await repo.insert(
          {
            id,
            workspaceId,
            url: input.url,
            description: input.description,
            events: input.events,
            enabled: input.enabled,
            secretSealed: deps.secrets.seal(secret, id),
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        await audit.record(
          auditEntry(workspaceId, actor, "webhook.created", id, { url: input.url, events: input.events }),
          tx,
        );
      });
      return { endpoint: toEndpoint(await endpointOf(workspaceId, id), at), secret };
    },

    async update(
      workspaceId: string,
      actor: Actor,
      id: string,
      raw: WebhookEndpointUpdate,
    ): Promise<WebhookEndpoint> {
      const input = webhookEndpointUpdateSchema.parse(raw);
      const before = await endpointOf(workspaceId, id);
      if (input.enabled && !before.enabled) await requirePlan(workspaceId);
      if (input.url !== undefined && input.url !== before.url) await checkUrl(input.url);
      const at = now();
      const turningOn = input.enabled === true && !before.enabled;
      const changed = Object.fromEntries(
        Object.entries(input).filter(
          ([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof WebhookEndpointRow]),
        ),
      );
      const row = await repo.db.transaction(async (tx) => {
        const updated = await repo.update(
          workspaceId,
          id,
          {
            ...input,
            updatedAt: at,
            // Turned on again: a fresh start (the failing streak and the reason are gone).
            ...(turningOn ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
          },
          tx,
        );
        if (updated && Object.keys(changed).length)
          await audit.record(auditEntry(workspaceId, actor, "webhook.updated", id, changed), tx);
        return updated;
      });
      if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
      return toEndpoint(row, at);
    },

    async remove(workspaceId: string, actor: Actor, id: string): Promise<void> {
      await repo.db.transaction(async (tx) => {
        const row = await repo.remove(workspaceId, id, tx);
        if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
        await audit.record(auditEntry(workspaceId, actor, "webhook.deleted", id, { url: row.url }), tx);
      });
    },

    /**
     * A new secret. The previous one keeps signing beside it for `overlapHours` (receivers accept
     * either while they switch); 0 ends it at once. A rotation during an overlap drops the oldest.
     */
    async rotateSecret(
      workspaceId: string,
      actor: Actor,
      id: string,
      overlapHours: number,
    ): Promise<WebhookEndpointWithSecret> {
      const before = await endpointOf(workspaceId, id);
      const secret = newWebhookSecret();
      const at = now();
      const until = overlapHours > 0 ? new Date(at.getTime() + overlapHours * 3_600_000) : null;
      const row = await repo.db.transaction(async (tx) => {
        const updated = await repo.update(
          workspaceId,
          id,
          {
            secretSealed: deps.secrets.seal(secret, id),
            previousSecretSealed: until ? before.secretSealed : null,
            previousSecretUntil: until,
            updatedAt: at,
          },
          tx,
        );
        if (updated)
          await audit.record(
            auditEntry(workspaceId, actor, "webhook.secret_rotated", id, { overlapHours }),
            tx,
          );
        return updated;
      });
      if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
      return { endpoint: toEndpoint(row, at), secret };
    },

    /** "Send test event": a `webhook.test` message to this endpoint, through the queue. */
    async sendTest(workspaceId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(workspaceId, id);
      await requirePlan(workspaceId);
      if (!endpoint.enabled) throw new AppError("CONFLICT", TURNED_OFF);
      const at = now();
      const deliveryId = newId("whd");
      const row = {
        id: deliveryId,
        endpointId: id,
        workspaceId,
        type: WEBHOOK_TEST_EVENT,
        messageId: newMessageId(),
        body: envelope(WEBHOOK_TEST_EVENT, workspaceId, at, {
          endpointId: id,
          message: "This is a test event from Parley.",
        }),
        createdAt: at,
      };
      await repo.db.transaction(async (tx) => {
        await repo.insertDelivery(row, tx);
        await deps.delivery.queueAttempt(deliveryId, endpoint, 1, tx);
      });
      deps.delivery.wakeAttempts();
      const stored = await repo.delivery(deliveryId);
      if (!stored) throw AppError.of("INTERNAL", "general.somethingWentWrongOnSide");
      return toDelivery(stored, []);
    },

    async deliveries(
      workspaceId: string,
      id: string,
      query: { limit: number; before?: string },
    ): Promise<WebhookDeliveryList> {
      await endpointOf(workspaceId, id);
      const { rows, attempts } = await repo.deliveries(id, query.limit + 1, parseCursor(query.before));
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        deliveries: page.map((r) => toDelivery(r, attempts)),
        nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
      };
    },

    /** Sends a message again (same `webhook-id`, same body): a new delivery with its own attempts. */
    async redeliver(workspaceId: string, deliveryId: string): Promise<WebhookDelivery> {
      const original = await repo.deliveryOf(workspaceId, deliveryId);
      if (!original) throw AppError.of("NOT_FOUND", "webhooks.deliveryNotFound");
      const endpoint = await endpointOf(workspaceId, original.endpointId);
      await requirePlan(workspaceId);
      if (!endpoint.enabled) throw new AppError("CONFLICT", TURNED_OFF);
      const id = newId("whd");
      await repo.db.transaction(async (tx) => {
        const redelivery = await repo.nextRedelivery(original.endpointId, original.messageId, tx);
        await repo.insertDelivery(
          {
            id,
            endpointId: original.endpointId,
            workspaceId,
            type: original.type,
            messageId: original.messageId,
            redelivery,
            body: original.body,
            createdAt: now(),
          },
          tx,
        );
        await deps.delivery.queueAttempt(id, endpoint, 1, tx);
      });
      deps.delivery.wakeAttempts();
      const stored = await repo.delivery(id);
      if (!stored) throw AppError.of("INTERNAL", "general.somethingWentWrongOnSide");
      return toDelivery(stored, []);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
