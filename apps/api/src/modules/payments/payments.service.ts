import type {
  Payment,
  PaymentCreateRequest,
  PaymentCreateResponse,
  PaymentInitiateRequest,
  PaymentInitiateResponse,
} from "@parley/contracts";
import { majorToMinor, minorToMajor, toPaymentMethod } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentRefundRow, PaymentRow, PlanRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlansRepo } from "../plans/plans.repo";
import { planNamesOf } from "../plans/plans.service";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service";
import type { AuditService } from "../workspaces/audit.service";
import type { PaymentsRepo } from "./payments.repo";
import { planForPayment } from "./plan-for-payment";
import type {
  CallbackRequest,
  PaymentProvider,
  ProviderId,
  RefundResult,
  VerifiedEvent,
} from "./providers/provider";

export const PAYMENT_TTL_MS = 30 * 60_000;

export interface PaymentsDeps {
  /** Only to open transactions; the queries are the repositories'. */
  db: Pick<Database, "transaction">;
  repo: PaymentsRepo;
  plans: Pick<PlansRepo, "listActive" | "findById">;
  providers: {
    forMethod(method: "mastercard" | "benefit"): PaymentProvider;
    byId(id: ProviderId): PaymentProvider | undefined;
  };
  subscriptions: Pick<
    SubscriptionsService,
    | "applyCapturedPayment"
    | "ensure"
    | "planIdOf"
    | "rowOf"
    | "endPaidPeriodNow"
    | "freePlanIdIn"
    | "scheduleInTx"
  >;
  publicUrl: string;
  /** Where gateways reach this API server-to-server. */
  callbackBaseUrl: () => string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The workspace's audit log: a captured payment changes its plan. */
  audit?: Pick<AuditService, "record">;
}

type Outcome = { outcome: "applied" | "ignored" | "rejected"; reason?: string; payment?: PaymentRow };

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, repo, plans, providers, subscriptions, now, log } = deps;
  const resultUrl = (trackId: string) =>
    `${deps.publicUrl}/billing/result?trackId=${encodeURIComponent(trackId)}`;

  async function ownPayment(userId: string, trackId: string): Promise<PaymentRow> {
    const row = await repo.owned(userId, trackId);
    if (!row) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
    return row;
  }

  /** The workspace's plan before a capture changes it (for the audit entry's "from"). */
  async function planOfWorkspace(tx: Tx, workspaceId: string) {
    const planId = await subscriptions.planIdOf(tx, workspaceId);
    return planId ? plans.findById(planId, tx) : undefined;
  }

  /**
   * Applies a verified gateway event to its payment in one transaction with recording the event:
   * a duplicate event id changes nothing; only pending payments move, except that the gateway's
   * capture of an expired payment still counts (the payer's money was taken, so the plan is
   * granted, once: the payment is captured from then on); a capture must match the stored amount
   * and currency. Anything else about an expired payment (a decline, a cancellation, "still
   * pending") leaves it expired.
   */
  async function applyEvent(provider: ProviderId, event: VerifiedEvent): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const eventId = await repo.recordEvent(tx, {
        id: newId("pev"),
        provider,
        eventId: event.eventId,
        trackId: event.trackId || null,
        outcome: "ignored",
        payload: event.raw ?? {},
      });
      if (!eventId) return { outcome: "ignored" as const, reason: "duplicate event" };
      const settle = async (o: Outcome) => {
        await repo.settleEvent(tx, eventId, o.outcome, o.reason ?? null);
        return o;
      };

      const payment = await repo.lockByTrackId(tx, event.trackId);
      if (!payment) return settle({ outcome: "rejected", reason: "unknown track id" });
      if (payment.provider !== provider)
        return settle({ outcome: "rejected", reason: "event from another provider", payment });
      const lateCapture = payment.status === "expired" && event.status === "captured";
      if (payment.status !== "pending" && !lateCapture)
        return settle({ outcome: "ignored", reason: `payment already ${payment.status}`, payment });
      const at = now();
      if (event.status === "pending") return settle({ outcome: "ignored", reason: "still pending", payment });
      if (event.status === "captured") {
        if (
          event.amountMinor !== payment.amountMinor ||
          (event.currency && event.currency !== payment.currency)
        ) {
          await repo.update(
            payment.trackId,
            { status: "amount_mismatch", resultMessage: "Captured amount differs from the price" },
            tx,
          );
          return settle({
            outcome: "rejected",
            reason: `amount mismatch: got ${event.amountMinor} ${event.currency}, expected ${payment.amountMinor} ${payment.currency}`,
            payment,
          });
        }
        await repo.update(
          payment.trackId,
          {
            status: "captured",
            capturedAt: at,
            providerRef: event.providerRef ?? payment.providerRef,
            resultCode: event.resultCode ?? null,
            resultMessage: null,
          },
          tx,
        );
        const fromPlan = deps.audit ? await planOfWorkspace(tx, payment.userId) : undefined;
        await subscriptions.applyCapturedPayment(tx, {
          userId: payment.userId,
          planId: payment.planId,
          trackId: payment.trackId,
          capturedAt: at,
        });
        if (deps.audit) {
          const plan = await plans.findById(payment.planId, tx);
          await deps.audit.record(
            {
              workspaceId: payment.userId,
              action: "plan.changed",
              // Older payments did not record who started them: then nobody is named.
              actorId: payment.initiatedById,
              actorEmail: payment.initiatedByEmail,
              target: plan?.name ?? payment.planId,
              details: {
                trackId: payment.trackId,
                reason: "payment_captured",
                ...(fromPlan ? { from: fromPlan.name } : {}),
                to: plan?.name ?? payment.planId,
              },
            },
            tx,
          );
        }
        return settle({
          outcome: "applied",
          ...(lateCapture ? { reason: "captured after the payment had expired" } : {}),
          payment: { ...payment, status: "captured" },
        });
      }
      await repo.update(
        payment.trackId,
        {
          status: event.status,
          resultCode: event.resultCode ?? null,
          resultMessage:
            event.resultMessage ??
            (event.status === "canceled" ? "Payment was cancelled" : "Payment was declined"),
        },
        tx,
      );
      return settle({ outcome: "applied", payment: { ...payment, status: event.status } });
    });
  }

  /**
   * A pending payment past its time becomes expired (once: only while still pending). The reason
   * it already has (the gateway could not start it) is kept; otherwise it was not completed in time.
   */
  async function expire(row: PaymentRow): Promise<PaymentRow | undefined> {
    return repo.updateIfPending(row.trackId, {
      status: "expired",
      resultMessage: row.resultMessage ?? "The payment was not completed in time",
    });
  }

  /** A payment whose plan row is gone (never deleted today; a hand-edited database). */
  const UNKNOWN_PLAN = {
    name: "Unknown plan",
    billingInterval: "monthly",
    texts: {
      en: { name: "Unknown plan", description: "", extras: [] },
      ar: { name: "باقة غير معروفة", description: "", extras: [] },
    },
  } satisfies Pick<PlanRow, "name" | "billingInterval" | "texts">;

  function toPayment(row: PaymentRow, plan: Pick<PlanRow, "name" | "billingInterval" | "texts">): Payment {
    return {
      track_id: row.trackId,
      planId: row.planId,
      planName: plan.name,
      planNames: planNamesOf(plan),
      billingInterval: plan.billingInterval,
      amount: { amount: minorToMajor(row.amountMinor, row.currency), currency: row.currency },
      method: row.method,
      status: row.status,
      resultMessage: row.resultMessage,
      createdAt: row.createdAt.toISOString(),
      capturedAt: row.capturedAt?.toISOString() ?? null,
    };
  }

  return {
    /**
     * `user` is the paying workspace (id, billing e-mail); `initiator` the member who started the
     * payment, kept on the row so the audit log can name who changed the plan.
     */
    async initiate(
      user: { id: string; email?: string },
      input: PaymentInitiateRequest,
      initiator?: { userId: string; email: string | null },
    ): Promise<PaymentInitiateResponse> {
      // The server prices the payment; a client amount that differs is refused, never trusted.
      const plan = planForPayment(await plans.listActive(), input);
      await subscriptions.ensure(user.id);
      const method = toPaymentMethod(input.payment_provider);
      const provider = providers.forMethod(method);
      const trackId = newId("trk");
      const createdAt = now();
      await repo.insert({
        trackId,
        userId: user.id,
        initiatedById: initiator?.userId ?? null,
        initiatedByEmail: initiator?.email ?? null,
        planId: plan.id,
        method,
        provider: provider.id,
        amountMinor: plan.priceMinor,
        currency: plan.currency,
        expiresAt: new Date(createdAt.getTime() + PAYMENT_TTL_MS),
        createdAt,
      });
      try {
        const started = await provider.initiate({
          trackId,
          amountMinor: plan.priceMinor,
          currency: plan.currency,
          method,
          description: `Parley ${plan.name} (${plan.billingInterval})`,
          returnUrl: resultUrl(trackId),
          callbackUrl: `${deps.callbackBaseUrl()}/api/payments/callback/${provider.id}`,
          customer: { id: user.id, ...(user.email ? { email: user.email } : {}) },
        });
        await repo.update(trackId, {
          providerRef: started.providerRef,
          providerSecret: started.providerSecret ?? null,
        });
        return {
          success: true,
          message: "Payment initiated",
          payment_url: started.paymentUrl,
          track_id: trackId,
        };
      } catch (err) {
        // Whether the gateway took the order is unknown (its answer may be what was lost), so the
        // payment is not called declined: it stays pending, due now, and the reconciler settles it
        // by asking the gateway, or expires it ("no payment was taken") once it is old enough.
        await repo.update(trackId, {
          resultMessage: "The payment gateway could not start the payment",
          expiresAt: createdAt,
        });
        throw err;
      }
    },

    /**
     * The client's record call after initiation. Idempotent on trackId; the stored attempt is the
     * truth, the body must agree with it. It never grants a plan by itself: a pending payment is
     * settled by asking the gateway (inquiry), exactly as the callback would. `success` says
     * whether the payment can still go ahead (pending) or already has (captured); a payment that
     * was declined, cancelled or timed out answers `success: false` so the client does not send
     * the user to the gateway for it.
     */
    async record(callerId: string, input: PaymentCreateRequest): Promise<PaymentCreateResponse> {
      if (input.userId !== callerId) throw AppError.of("FORBIDDEN", "payment.youCanOnlyRecordOwn");
      let row = await ownPayment(callerId, input.trackId);
      if (row.planId !== input.planId || majorToMinor(input.amount, row.currency) !== row.amountMinor) {
        throw AppError.of("PAYMENT_AMOUNT_MISMATCH", "payment.paymentDetailsDoNotMatch");
      }
      if (!row.recordedAt) {
        await repo.update(row.trackId, { recordedAt: now() });
      }
      if (row.status === "pending" && row.providerRef) row = (await this.settleByInquiry(row)) ?? row;
      if (row.status === "pending" && row.expiresAt <= now()) row = (await expire(row)) ?? row;
      return { success: row.status === "pending" || row.status === "captured", status: row.status };
    },

    async handleCallback(providerId: string, request: CallbackRequest) {
      const provider = providers.byId(providerId as ProviderId);
      if (!provider) throw new AppError("NOT_FOUND", "Unknown payment provider");
      let event: VerifiedEvent;
      try {
        event = await provider.parseCallback(request);
      } catch (err) {
        log.warn(
          { provider: providerId, err: (err as Error).message },
          "payment callback refused: signature",
        );
        throw err instanceof AppError
          ? err
          : new AppError("SIGNATURE_INVALID", "Callback could not be verified");
      }
      const result = await applyEvent(provider.id, event);
      const logLine = {
        provider: provider.id,
        trackId: event.trackId,
        eventId: event.eventId,
        status: event.status,
        ...result,
        payment: undefined,
      };
      if (result.outcome === "rejected") log.error(logLine, "payment callback rejected");
      else log.info(logLine, "payment callback");
      if (result.outcome === "rejected" && result.reason === "unknown track id")
        throw new AppError("NOT_FOUND", "Unknown payment");
      if (result.outcome === "rejected")
        throw AppError.of("PAYMENT_NOT_PAYABLE", "payment.paymentCanNoLongerBe");
      return { ack: provider.callbackAck?.({ resultUrl: resultUrl(event.trackId) }), result };
    },

    /**
     * Platform staff resolve a payment held for review (the gateway captured another amount than
     * the price): `grant` treats it as paid (the plan starts now, as a capture would start it),
     * `decline` closes it without a plan (the money is returned outside Parley: at the gateway's
     * own console). Only a held payment, once (row lock). `record` writes the platform audit entry
     * in the same transaction.
     */
    async resolveHeld(
      trackId: string,
      decision: "grant" | "decline",
      reason: string,
      record: (tx: Tx, before: PaymentRow, after: PaymentRow) => Promise<void>,
    ): Promise<PaymentRow> {
      return db.transaction(async (tx) => {
        const payment = await repo.lockByTrackId(tx, trackId);
        if (!payment) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
        if (payment.status !== "amount_mismatch") {
          throw AppError.of("CONFLICT", "console.onlyPaymentHeldForReview");
        }
        const at = now();
        if (decision === "grant") {
          await repo.update(trackId, { status: "captured", capturedAt: at, resultMessage: null }, tx);
          const fromPlan = await planOfWorkspace(tx, payment.userId);
          await subscriptions.applyCapturedPayment(tx, {
            userId: payment.userId,
            planId: payment.planId,
            trackId,
            capturedAt: at,
          });
          const plan = await plans.findById(payment.planId, tx);
          await deps.audit?.record(
            {
              workspaceId: payment.userId,
              action: "plan.changed",
              actorId: null,
              actorEmail: null,
              target: plan?.name ?? payment.planId,
              details: {
                by: "parley",
                reason,
                trackId,
                ...(fromPlan ? { from: fromPlan.name } : {}),
                to: plan?.name ?? payment.planId,
              },
            },
            tx,
          );
        } else {
          await repo.update(
            trackId,
            {
              status: "failed",
              resultMessage: "Declined after review: the amount paid did not match the price",
            },
            tx,
          );
        }
        const after = await repo.lockByTrackId(tx, trackId);
        if (!after) throw new Error("payment vanished during review");
        await record(tx, payment, after);
        return after;
      });
    },

    /**
     * Platform staff return money of a captured payment through its gateway, with the plan's
     * consequence chosen: `keep`, `free_now` (the workspace is on Free at once) or `end_of_period`
     * (Free when the paid period ends). The refund is recorded before the gateway is asked, under
     * the payment's lock, so refunds together never exceed what was paid; a gateway without a
     * refund API, a payment that is not captured, too much, and a consequence for a payment that
     * is not the current period's are refused. `record` writes the platform audit entry with the
     * outcome.
     */
    async refund(
      trackId: string,
      input: {
        amountMinor: number;
        consequence: "keep" | "free_now" | "end_of_period";
        reason: string;
        by: string;
      },
      record: (tx: Tx, refund: PaymentRefundRow, payment: PaymentRow) => Promise<void>,
    ): Promise<PaymentRefundRow> {
      const refundId = newId("rfd");
      const { payment } = await db.transaction(async (tx) => {
        const payment = await repo.lockByTrackId(tx, trackId);
        if (!payment) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
        if (payment.status !== "captured") throw AppError.of("CONFLICT", "console.onlyCapturedPaymentCanBe");
        if (!providers.byId(payment.provider)?.refund) {
          throw AppError.of("CONFLICT", "console.gatewayTakesRefundsOnlyIn");
        }
        const taken = (await repo.refundsOf(trackId, tx))
          .filter((r) => r.status !== "failed")
          .reduce((sum, r) => sum + r.amountMinor, 0);
        const left = payment.amountMinor - taken;
        if (input.amountMinor > left) {
          throw new AppError(
            "BAD_REQUEST",
            left === 0
              ? "This payment was already refunded in full"
              : `A refund cannot be more than what is left of the payment (${minorToMajor(left, payment.currency)} ${payment.currency})`,
          );
        }
        if (input.consequence !== "keep") {
          const current = await subscriptions.rowOf(tx, payment.userId);
          if (current?.lastPaymentTrackId !== trackId || !current.currentPeriodEnd) {
            throw AppError.of("BAD_REQUEST", "console.paymentNotOneForCurrent");
          }
        }
        await repo.insertRefund(tx, {
          id: refundId,
          trackId,
          amountMinor: input.amountMinor,
          currency: payment.currency,
          status: "requested",
          planConsequence: input.consequence,
          reason: input.reason,
          requestedBy: input.by,
        });
        return { payment };
      });
      const provider = providers.byId(payment.provider);
      let answer: RefundResult;
      try {
        answer = provider?.refund
          ? await provider.refund(payment, { refundId, amountMinor: input.amountMinor })
          : { status: "failed", message: "The gateway has no refund API" };
      } catch (err) {
        // Unreachable: the refund stays "requested" (the money may have moved); asking again
        // with the same id is the same refund at the gateway.
        await db.transaction(async (tx) => {
          const row = (await repo.refundsOf(trackId, tx)).find((r) => r.id === refundId);
          if (row) await record(tx, row, payment);
        });
        throw err;
      }
      return db.transaction(async (tx) => {
        const settled = await repo.settleRefund(tx, refundId, {
          status: answer.status,
          providerRef: answer.status === "refunded" ? answer.providerRef : null,
          resultMessage: answer.status === "failed" ? answer.message : null,
          settledAt: now(),
        });
        if (!settled) throw new Error("refund vanished");
        if (answer.status === "refunded" && input.consequence !== "keep") {
          if (input.consequence === "free_now") {
            await subscriptions.endPaidPeriodNow(tx, payment.userId, trackId);
          } else {
            const row = await subscriptions.rowOf(tx, payment.userId);
            const freeId = await subscriptions.freePlanIdIn(tx);
            if (row?.currentPeriodEnd) await subscriptions.scheduleInTx(tx, row, freeId, trackId);
          }
          await deps.audit?.record(
            {
              workspaceId: payment.userId,
              action: "plan.changed",
              actorId: null,
              actorEmail: null,
              target: "Free",
              details: {
                by: "parley",
                reason: input.reason,
                trackId,
                refund: input.consequence,
                to: "Free",
              },
            },
            tx,
          );
        }
        await record(tx, settled, payment);
        return settled;
      });
    },

    refundsOf: (trackId: string) => repo.refundsOf(trackId),
    canRefund: (provider: ProviderId) => Boolean(providers.byId(provider)?.refund),

    /** Asks the gateway about one pending payment and applies the answer like a callback. */
    async settleByInquiry(row: PaymentRow, opts: { strict?: boolean } = {}): Promise<PaymentRow | undefined> {
      const provider = providers.byId(row.provider);
      if (!provider) return undefined;
      try {
        const event = await provider.inquire(row);
        if (event.status !== "pending") await applyEvent(provider.id, event);
      } catch (err) {
        log.warn({ trackId: row.trackId, err: (err as Error).message }, "payment inquiry failed");
        // Someone asked on purpose (the operator's console): they are told the gateway's failure.
        if (opts.strict) throw err;
      }
      return repo.byTrackId(row.trackId);
    },

    /** Reconciliation job: settle payments pending for a while by inquiry, expire abandoned ones. */
    async reconcile(opts: { olderThanMs?: number } = {}) {
      const at = now();
      const cutoff = new Date(at.getTime() - (opts.olderThanMs ?? 2 * 60_000));
      const stuck = await repo.pendingSince(cutoff, 200);
      let settled = 0;
      let expired = 0;
      for (const row of stuck) {
        const fresh = await this.settleByInquiry(row);
        if (fresh && fresh.status !== "pending") {
          settled++;
          continue;
        }
        if (row.expiresAt <= at && (await expire(row))?.status === "expired") expired++;
      }
      return { checked: stuck.length, settled, expired };
    },

    async get(userId: string, trackId: string): Promise<Payment> {
      const row = await ownPayment(userId, trackId);
      const plan = await plans.findById(row.planId);
      return toPayment(row, plan ?? UNKNOWN_PLAN);
    },

    /** Payments per state, across accounts (the metrics' payment states). */
    async countByState(): Promise<{ status: string; n: number }[]> {
      return repo.countByState();
    },
    /** The user's payments as stored, for the account export. */
    listRows: (userId: string) => repo.listForUser(userId),
    /** Account deletion: kept for accounting, detached from the person (inside the caller's transaction). */
    detachUser: (tx: Tx, userId: string, placeholder: string) => repo.detachUser(tx, userId, placeholder),
    async list(userId: string): Promise<Payment[]> {
      const rows = await repo.listWithPlans(userId, 100);
      return rows.map((r) => toPayment(r.payment, r.plan));
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
