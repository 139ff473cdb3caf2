import { randomUUID } from "node:crypto";
import type { WebhookDeliveryType, WebhookEnvelope, WebhookEventType } from "@parley/contracts";
import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignature,
} from "@parley/contracts/server";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WebhookEndpointRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { newId } from "../../lib/ids";
import type { JobQueue } from "../../lib/job-queue";
import type { OutboundGuard } from "../../lib/outbound";
import type { WorkspaceMembersClient } from "../notifications/members-client";
import { webhookDisabledMail } from "../notifications/notification-mail";
import { NOTIFY_MAIL_JOB } from "../notifications/notifications.service";
import type { AuditService } from "../workspaces/audit.service";
import type { WebhookSecretBox } from "./webhook-secrets";
import { sendWebhook } from "./webhook-sender";
import type { WebhooksRepo } from "./webhooks.repo";

/** An event happened: finds the workspace's endpoints that want it and makes one delivery each. */
export const WEBHOOK_FANOUT_JOB = "webhooks.fanout";
/** One HTTP attempt of one delivery. */
export const WEBHOOK_DELIVER_JOB = "webhooks.deliver";
/**
 * The kinds that wait on receivers: the server runs them in workers of their own
 * (WEBHOOK_WORKERS at once), each endpoint in at most WEBHOOK_ENDPOINT_SLOTS of them.
 */
export const WEBHOOK_ATTEMPT_KINDS = [WEBHOOK_DELIVER_JOB] as const;
/**
 * How many attempts of one endpoint run at once: a receiver that hangs holds two workers, and the
 * others go on delivering every other endpoint's events.
 */
export const WEBHOOK_ENDPOINT_SLOTS = 2;

/**
 * The server's webhook workers: `count` instances that take only webhook attempts, each endpoint
 * in at most WEBHOOK_ENDPOINT_SLOTS of them and each workspace (however many endpoints it has) in
 * at most half of them, so one customer's receivers can never hold them all.
 */
export function webhookWorkers(jobs: Pick<JobQueue, "worker">, count: number) {
  return Array.from({ length: count }, () =>
    jobs.worker(
      { only: WEBHOOK_ATTEMPT_KINDS },
      { groupLimit: WEBHOOK_ENDPOINT_SLOTS, tenantLimit: Math.max(1, Math.floor(count / 2)) },
    ),
  );
}
/** An endpoint was turned off for failing: its workspace's owners are e-mailed. */
export const WEBHOOK_DISABLED_JOB = "webhooks.disabled";

const DAY_MS = 86_400_000;
/** Retries stop once the next one would come more than a day after the event. */
export const RETRY_WINDOW_MS = DAY_MS;
/** Longest wait between two attempts. */
const MAX_DELAY_MS = 6 * 3_600_000;
/** A bound besides the day (with the default base, the day ends the retries first: about 9). */
const MAX_ATTEMPTS = 30;
/**
 * Job attempts for one HTTP attempt: only a process dying mid-attempt uses more than one (the
 * handler itself never throws for a receiver's failure; it records it and schedules the next).
 */
const JOB_ATTEMPTS = 5;

/** The wait before attempt `n + 1` after `n` failed: base·4^(n-1), capped, ±25 % jitter. */
export function retryDelayMs(failedAttempt: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(baseMs * 4 ** Math.max(0, failedAttempt - 1), MAX_DELAY_MS);
  return Math.round(plain * (0.75 + random() * 0.5));
}

export interface WebhookEvent {
  workspaceId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  at: Date;
}

export interface WebhookDeliveryDeps {
  repo: WebhooksRepo;
  jobs: Pick<JobQueue, "enqueue" | "enqueueSql" | "register" | "wake">;
  secrets: WebhookSecretBox;
  guard: OutboundGuard;
  members: Pick<WorkspaceMembersClient, "list">;
  audit: Pick<AuditService, "record">;
  /** Whether the workspace's plan includes webhooks (the API's plans: Pro and Business). */
  included: (workspaceId: string) => Promise<boolean>;
  appUrl: string;
  timeoutMs: number;
  retryBaseMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const envelope = (
  type: WebhookDeliveryType,
  workspaceId: string,
  at: Date,
  data: Record<string, unknown>,
): string =>
  JSON.stringify({ type, timestamp: at.toISOString(), workspaceId, data } satisfies WebhookEnvelope);

export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/**
 * Delivery, through the durable job queue: an event is one insert into the queue (in the caller's
 * transaction where it has one), fanned out to the endpoints in a job, and each delivery is
 * attempted by jobs, each attempt recorded. A receiver's failure (an error status, a redirect, a
 * timeout, an address the guard refuses) schedules the next attempt with exponential backoff and
 * jitter, for up to a day; when the day is over and the endpoint has not succeeded since the
 * delivery began, it is turned off and its workspace's owners are e-mailed.
 *
 * At least once: a process killed mid-attempt loses its job's lease, and the same attempt runs
 * again elsewhere (one more delivery at most). An attempt already recorded is never sent again.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { repo, jobs, now, log } = deps;

  /**
   * Attempts queued in a transaction are seen once it commits: the webhook workers are woken then,
   * instead of finding them at their next poll (up to a second later).
   */
  const wakeAttempts = () => jobs.wake(WEBHOOK_ATTEMPT_KINDS);

  /**
   * Queues one attempt of a delivery (in `tx` when given), in its endpoint's group and its
   * workspace's (see webhookWorkers): one endpoint's backlog never takes every worker.
   */
  async function queueAttempt(
    deliveryId: string,
    endpoint: Pick<WebhookEndpointRow, "id" | "workspaceId">,
    attempt: number,
    tx?: Tx,
    delayMs = 0,
  ) {
    await jobs.enqueue(
      WEBHOOK_DELIVER_JOB,
      { deliveryId, attempt },
      { maxAttempts: JOB_ATTEMPTS, delayMs, tx, group: endpoint.id, tenant: endpoint.workspaceId },
    );
  }

  jobs.register(WEBHOOK_FANOUT_JOB, async (payload, ctx) => {
    const workspaceId = text(payload.workspaceId);
    const type = text(payload.type);
    const messageId = text(payload.messageId);
    const endpoints = await repo.subscribers(workspaceId, type);
    if (endpoints.length === 0) return;
    // A workspace whose plan no longer includes webhooks (a downgrade) sends nothing.
    if (!(await deps.included(workspaceId))) {
      ctx.log.info({ workspaceId, type }, "webhook event not sent: the plan does not include webhooks");
      return;
    }
    const body = text(payload.body);
    // Again after a crash: the unique (endpoint, message) makes the second run insert nothing.
    await repo.db.transaction(async (tx) => {
      for (const endpoint of endpoints) {
        const id = newId("whd");
        const inserted = await repo.insertDelivery(
          { id, endpointId: endpoint.id, workspaceId, type, messageId, body, createdAt: now() },
          tx,
        );
        if (inserted) await queueAttempt(id, endpoint, 1, tx);
      }
    });
    wakeAttempts();
  });

  jobs.register(WEBHOOK_DELIVER_JOB, async (payload, ctx) => {
    const deliveryId = text(payload.deliveryId);
    const attempt = Number(payload.attempt) || 1;
    const delivery = await repo.delivery(deliveryId);
    // Gone (its endpoint was deleted), finished, or this attempt was recorded already.
    if (delivery?.status !== "pending" || delivery.attempts >= attempt) return;
    const endpoint = await repo.findById(delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled) {
      await record(delivery.id, attempt, endpoint, {
        ok: false,
        statusCode: null,
        latencyMs: 0,
        responseBody: "",
        error: "The endpoint is turned off.",
        final: true,
      });
      return;
    }
    const headers = signatureHeaders(endpoint, delivery.messageId, delivery.body);
    const outcome = await sendWebhook(deps.guard, endpoint.url, delivery.body, headers, {
      timeoutMs: deps.timeoutMs,
      signal: ctx.signal,
    });
    // This process lost the job (another owns it now): it records the attempt, not us.
    if (ctx.signal.aborted) throw new Error("webhook attempt abandoned: the job's lease was lost");
    ctx.log.debug({ deliveryId, attempt, status: outcome.statusCode, ok: outcome.ok }, "webhook attempt");
    await record(delivery.id, attempt, endpoint, { ...outcome, createdAt: delivery.createdAt });
  });

  jobs.register(WEBHOOK_DISABLED_JOB, async (payload, ctx) => {
    const workspaceId = text(payload.workspaceId);
    const owners = (await deps.members.list(workspaceId)).filter((m) => m.role === "owner");
    for (const owner of owners) {
      const mail = webhookDisabledMail(
        { url: text(payload.url), lastError: text(payload.lastError) || null },
        owner,
        deps.appUrl,
      );
      await jobs.enqueue(NOTIFY_MAIL_JOB, { workspaceId, userId: owner.userId, mail }, { maxAttempts: 8 });
    }
    ctx.log.info({ workspaceId, owners: owners.length }, "webhook endpoint turned off: owners e-mailed");
  });

  /** The current secret's signature, and the previous one's too while the rotation overlaps. */
  function signatureHeaders(endpoint: WebhookEndpointRow, messageId: string, body: string) {
    const secrets = [deps.secrets.open(endpoint.secretSealed, endpoint.id)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now())
      secrets.push(deps.secrets.open(endpoint.previousSecretSealed, endpoint.id));
    // The wire timestamp is the real time (receivers compare it with theirs), not the app clock.
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      [WEBHOOK_ID_HEADER]: messageId,
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: secrets
        .map((s) => webhookSignature(s, messageId, timestamp, body))
        .join(" "),
    };
  }

  /**
   * Records an attempt and what follows, in one transaction: the delivery's state, the endpoint's
   * failing streak, the next attempt's job, or (after a day of failures) turning the endpoint off.
   */
  async function record(
    deliveryId: string,
    attempt: number,
    endpoint: WebhookEndpointRow,
    outcome: {
      ok: boolean;
      statusCode: number | null;
      latencyMs: number;
      responseBody: string;
      error: string | null;
      createdAt?: Date;
      final?: boolean;
    },
  ) {
    const at = now();
    await repo.db.transaction(async (tx) => {
      const current = await repo.lockEndpoint(endpoint.id, tx);
      if (!current) return;
      const recorded = await repo.insertAttempt(
        {
          id: newId("wha"),
          deliveryId,
          attempt,
          statusCode: outcome.statusCode,
          latencyMs: outcome.latencyMs,
          responseBody: outcome.responseBody,
          error: outcome.error,
          createdAt: at,
        },
        tx,
      );
      if (!recorded) return;
      if (outcome.ok) {
        await repo.updateDelivery(
          deliveryId,
          { status: "succeeded", attempts: attempt, nextAttemptAt: null, finishedAt: at },
          tx,
        );
        if (current.failingSince) await repo.setFailingSince(current.id, null, tx);
        return;
      }
      const failingSince = current.failingSince ?? at;
      if (!current.failingSince) await repo.setFailingSince(current.id, at, tx);
      const delay = retryDelayMs(attempt, deps.retryBaseMs);
      const began = outcome.createdAt ?? at;
      const giveUp =
        outcome.final || attempt >= MAX_ATTEMPTS || at.getTime() + delay - began.getTime() > RETRY_WINDOW_MS;
      if (!giveUp) {
        await repo.updateDelivery(
          deliveryId,
          { attempts: attempt, nextAttemptAt: new Date(at.getTime() + delay) },
          tx,
        );
        await queueAttempt(deliveryId, current, attempt + 1, tx, delay);
        return;
      }
      await repo.updateDelivery(
        deliveryId,
        { status: "failed", attempts: attempt, nextAttemptAt: null, finishedAt: at },
        tx,
      );
      // A day of retries ran out, and the endpoint has failed every attempt (this delivery's and
      // any other's) since this delivery's first: turn it off.
      if (outcome.final || !current.enabled) return;
      const firstAt = (await repo.attemptAt(deliveryId, 1, tx)) ?? at;
      if (failingSince.getTime() > firstAt.getTime()) return;
      await repo.disableFailing(current.id, at, tx);
      await deps.audit.record(
        {
          workspaceId: current.workspaceId,
          action: "webhook.disabled",
          actorId: null,
          actorEmail: null,
          target: current.id,
          details: { url: current.url, reason: "failing", lastError: outcome.error, by: "system" },
        },
        tx,
      );
      await jobs.enqueue(
        WEBHOOK_DISABLED_JOB,
        {
          workspaceId: current.workspaceId,
          endpointId: current.id,
          url: current.url,
          lastError: outcome.error,
        },
        { maxAttempts: 8, tx },
      );
      log.warn(
        { endpointId: current.id, workspaceId: current.workspaceId },
        "webhook endpoint turned off: failing for a day",
      );
    });
  }

  async function queueFanout(event: WebhookEvent, tx?: Tx) {
    await jobs.enqueue(
      WEBHOOK_FANOUT_JOB,
      {
        workspaceId: event.workspaceId,
        type: event.type,
        messageId: newMessageId(),
        body: envelope(event.type, event.workspaceId, event.at, event.data),
      },
      { maxAttempts: 8, tx },
    );
  }

  return {
    /**
     * `emit` inside another statement: the event's job is inserted by it, `when` that statement's
     * change happened and an enabled endpoint of the workspace wants the event (the outbox in one
     * round trip). The caller settles it as `enqueueSql` says.
     */
    emitSql(event: WebhookEvent, when: SQL): ReturnType<JobQueue["enqueueSql"]> {
      return jobs.enqueueSql(
        WEBHOOK_FANOUT_JOB,
        {
          workspaceId: event.workspaceId,
          type: event.type,
          messageId: newMessageId(),
          body: envelope(event.type, event.workspaceId, event.at, event.data),
        },
        { maxAttempts: 8, when: sql`${when} and ${repo.subscribedSql(event.workspaceId, event.type)}` },
      );
    },
    /**
     * An event happened. When an enabled endpoint of the workspace wants it, one insert into the
     * job queue, in `tx` when the caller has one (the event then exists exactly when its change
     * committed); nothing is sent in the caller's request.
     */
    async emit(event: WebhookEvent, tx?: Tx): Promise<void> {
      // Most workspaces have no endpoint for most events: no job then (one indexed read instead).
      if (!(await repo.anySubscriber(event.workspaceId, event.type, tx))) return;
      await queueFanout(event, tx);
    },
    /**
     * Events of one kind that happened together (conversations started at the same moment): which
     * of their workspaces want it is one read for all of them, not one each.
     */
    async emitMany(events: WebhookEvent[], tx?: Tx): Promise<void> {
      const types = [...new Set(events.map((e) => e.type))];
      for (const type of types) {
        const ofType = events.filter((e) => e.type === type);
        const wanted = await repo.subscribedWorkspaces(
          [...new Set(ofType.map((e) => e.workspaceId))],
          type,
          tx,
        );
        for (const event of ofType) if (wanted.has(event.workspaceId)) await queueFanout(event, tx);
      }
    },
    queueAttempt,
    wakeAttempts,
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
