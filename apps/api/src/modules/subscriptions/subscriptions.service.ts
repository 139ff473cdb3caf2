import type {
  BillingInterval,
  DowngradeResponse,
  PlanChange,
  PlanNames,
  SubscriptionDetails,
} from "@parley/contracts";
import { type Database, drainBatches } from "@parley/db";
import type { PlanRow, SubscriptionRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PlansRepo } from "../plans/plans.repo";
import { planNamesOf, toPlan } from "../plans/plans.service";
import type { AuditService } from "../workspaces/audit.service";
import type { SubscriptionsRepo, Tx } from "./subscriptions.repo";

export const GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Calendar arithmetic: a month from Jan 31 is the last day of February, not March 3. */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + (interval === "monthly" ? 1 : 12));
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

const fmtDate = (d: Date) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(d);

export interface PeriodEndReport {
  downgradesApplied: number;
  movedToPastDue: number;
  expiredToFree: number;
}

export function createSubscriptionsService(deps: {
  db: Database;
  repo: SubscriptionsRepo;
  plans: PlansRepo;
  now: () => Date;
  /** The workspace's audit log: the period-end job changes plans on the system's behalf. */
  audit?: Pick<AuditService, "record">;
}) {
  const { db, repo, plans, now } = deps;

  /** A plan change made by the period-end job: no user did it, so the actor is the system. */
  async function auditSystemChange(
    tx: Tx,
    row: SubscriptionRow,
    to: PlanRow,
    reason: "downgrade_applied" | "grace_expired",
  ) {
    if (!deps.audit) return;
    const from = await planOrThrow(row.planId, tx);
    await deps.audit.record(
      {
        workspaceId: row.userId,
        action: "plan.changed",
        actorId: null,
        actorEmail: null,
        target: to.name,
        details: { by: "system", reason, from: from.name, to: to.name },
      },
      tx,
    );
  }

  // Inside a transaction every query must use `tx`: PGlite has one connection, and a query on
  // the outer handle would wait for the transaction forever.
  const planOrThrow = async (id: string, tx: Tx = db): Promise<PlanRow> => {
    const plan = await plans.findById(id, tx);
    if (!plan) throw AppError.of("NOT_FOUND", "subscription.planNotFound");
    return plan;
  };

  async function details(row: SubscriptionRow): Promise<SubscriptionDetails> {
    const plan = await planOrThrow(row.planId);
    const pending = row.pendingPlanId ? await planOrThrow(row.pendingPlanId) : null;
    return {
      _id: row.id,
      userId: row.userId,
      status: row.status,
      plan: { ...toPlan(plan), id: plan.id },
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
      pendingChange:
        pending && row.pendingChangeAt
          ? { plan: { ...toPlan(pending), id: pending.id }, effectiveAt: row.pendingChangeAt.toISOString() }
          : null,
      lastPaymentTrackId: row.lastPaymentTrackId,
    };
  }

  return {
    async ensure(userId: string): Promise<SubscriptionRow> {
      return repo.ensure(db, userId, now());
    },

    async getDetails(callerId: string, userId: string): Promise<SubscriptionDetails> {
      // Same answer for someone else's id whether or not it exists.
      if (callerId !== userId) throw AppError.of("FORBIDDEN", "subscription.youCanOnlyViewOwn");
      return details(await repo.ensure(db, userId, now()));
    },

    /** The plan whose limits apply right now (the paid plan through past_due grace). */
    async currentPlan(userId: string): Promise<PlanRow> {
      const row = await repo.ensure(db, userId, now());
      return planOrThrow(row.planId);
    },

    /**
     * Upgrade policy: a captured payment starts a new period of the bought plan at capture time
     * and clears any scheduled downgrade. Runs inside the payment's transaction.
     */
    async applyCapturedPayment(
      tx: Tx,
      payment: { userId: string; planId: string; trackId: string; capturedAt: Date },
    ) {
      const plan = await planOrThrow(payment.planId, tx);
      const row =
        (await repo.byUser(tx, payment.userId, true)) ??
        (await repo.ensure(tx, payment.userId, payment.capturedAt));
      await repo.update(tx, row.id, {
        planId: plan.id,
        status: "active",
        currentPeriodStart: payment.capturedAt,
        currentPeriodEnd: addInterval(payment.capturedAt, plan.billingInterval),
        graceEndsAt: null,
        pendingPlanId: null,
        pendingChangeAt: null,
        lastPaymentTrackId: payment.trackId,
      });
      await repo.logChange(tx, {
        subscriptionId: row.id,
        userId: payment.userId,
        kind: "upgrade",
        fromPlanId: row.planId,
        toPlanId: plan.id,
        reference: payment.trackId,
      });
    },

    /**
     * `trackId` null: Parley's staff schedule it for the workspace (the operator's console), which
     * needs no payment reference (a plan they granted has none).
     */
    async scheduleDowngrade(
      callerId: string,
      input: { userId: string; trackId: string | null; targetPlanId: string; isYearly: boolean },
    ): Promise<DowngradeResponse> {
      if (callerId !== input.userId) throw AppError.of("FORBIDDEN", "subscription.youCanOnlyChangeOwn");
      const target = await plans.findById(input.targetPlanId);
      if (!target?.isActive) throw AppError.of("NOT_FOUND", "subscription.selectedPlanNotAvailable");
      if ((target.billingInterval === "yearly") !== input.isYearly) {
        throw AppError.of("BAD_REQUEST", "subscription.billingIntervalDoesNotMatch");
      }
      return db.transaction(async (tx) => {
        const row = await repo.ensure(tx, input.userId, now());
        const locked = (await repo.byUser(tx, input.userId, true)) ?? row;
        const current = await planOrThrow(locked.planId, tx);
        if (!locked.currentPeriodEnd) {
          throw AppError.of("BAD_REQUEST", "subscription.youOnFreePlanThere");
        }
        if (input.trackId !== null && locked.lastPaymentTrackId !== input.trackId) {
          throw AppError.of("BAD_REQUEST", "subscription.paymentReferenceDoesNotBelong");
        }
        if (target.tier >= current.tier) {
          throw new AppError(
            "BAD_REQUEST",
            `Only a plan below ${current.name} can be scheduled as a downgrade`,
          );
        }
        const effectiveAt = locked.currentPeriodEnd;
        await repo.update(tx, locked.id, { pendingPlanId: target.id, pendingChangeAt: effectiveAt });
        await repo.logChange(tx, {
          subscriptionId: locked.id,
          userId: locked.userId,
          kind: "downgrade_scheduled",
          fromPlanId: current.id,
          toPlanId: target.id,
          reference: input.trackId ?? "admin",
        });
        return {
          message: `Downgrade scheduled: your plan will change to ${target.name} on ${fmtDate(effectiveAt)}`,
          effectiveAt: effectiveAt.toISOString(),
          plan: { ...toPlan(target), id: target.id },
        };
      });
    },

    /** Cancels a scheduled downgrade if there is one; calling it again changes nothing. */
    async cancelPendingDowngrade(callerId: string, userId: string, opts: { byStaff?: boolean } = {}) {
      if (callerId !== userId) throw AppError.of("FORBIDDEN", "subscription.youCanOnlyChangeOwn");
      return db.transaction(async (tx) => {
        await repo.ensure(tx, userId, now());
        const row = await repo.byUser(tx, userId, true);
        if (!row?.pendingPlanId)
          return { message: "There is no scheduled downgrade to cancel", cancelled: false };
        await repo.update(tx, row.id, { pendingPlanId: null, pendingChangeAt: null });
        await repo.logChange(tx, {
          subscriptionId: row.id,
          userId,
          kind: "downgrade_cancelled",
          fromPlanId: row.planId,
          toPlanId: row.pendingPlanId,
          // Parley's staff cancelled it for the customer (the operator's console).
          reference: opts.byStaff ? "admin" : null,
        });
        return {
          message: "Your scheduled downgrade was cancelled; your plan stays as it is",
          cancelled: true,
        };
      });
    },

    /**
     * The period-end job. For each due subscription, exactly once (row locks with SKIP LOCKED, and
     * a unique change record per transition):
     * - a scheduled downgrade takes effect: Free becomes active at once; a lower paid plan starts
     *   its period and awaits the renewal payment (past_due with grace);
     * - a paid period with no change becomes past_due for GRACE_DAYS (renewals are manual);
     * - past_due beyond its grace falls back to Free.
     */
    async runPeriodEnd(batchSize = 100): Promise<PeriodEndReport> {
      const report: PeriodEndReport = { downgradesApplied: 0, movedToPastDue: 0, expiredToFree: 0 };
      await drainBatches(batchSize, () =>
        db.transaction(async (tx) => {
          const at = now();
          const due = await repo.lockDue(tx, at, batchSize);
          for (const row of due) await transition(tx, row, report);
          return due.length;
        }),
      );
      return report;
    },

    changesFor: (userId: string) => repo.changesFor(db, userId),

    /** The workspace's plan changes, newest first, with plan names in every language (the billing page). */
    async planChanges(workspaceId: string): Promise<PlanChange[]> {
      const rows = (await repo.changesFor(db, workspaceId)).slice(-100).reverse();
      const names = new Map<string, PlanNames>();
      const nameOf = async (id: string | null) => {
        if (!id) return null;
        if (!names.has(id)) {
          const plan = await plans.findById(id);
          names.set(id, plan ? planNamesOf(plan) : { en: id, ar: id });
        }
        return names.get(id) ?? null;
      };
      const out: PlanChange[] = [];
      for (const row of rows) {
        out.push({
          kind: row.kind,
          from: await nameOf(row.fromPlanId),
          to: await nameOf(row.toPlanId),
          at: row.createdAt.toISOString(),
          effectiveAt: row.effectiveAt?.toISOString() ?? null,
          byParley: row.kind === "granted" || row.kind === "refunded" || row.reference === "admin",
        });
      }
      return out;
    },

    /** Workspaces that fell back to Free, by month (the operator's console). */
    churnByMonth: (since: Date) => repo.churnByMonth(db, since),

    /** Monthly recurring revenue now, per currency (the operator's console). */
    mrr: () => repo.mrr(db, now()),

    /** The workspace's current plan id, read inside the caller's transaction; undefined without a subscription. */
    planIdOf: async (tx: Tx, userId: string) => (await repo.byUser(tx, userId))?.planId,

    /** The user's subscription as the account export shows it (none before the first request). */
    find: (userId: string) => repo.byUser(db, userId),

    /** Account deletion, inside the caller's transaction. */
    erase: (tx: Tx, userId: string) => repo.removeForUser(tx, userId),

    /**
     * Platform staff grant or extend a plan without a payment (the operator's console): the
     * workspace is on `planId` until `until`, then the period-end job treats it like any paid
     * period (past due with grace, then Free, unless the customer pays). Only an active plan, to
     * a day in the future within three years. Logged as a change (`granted`, reference `admin`)
     * and in the workspace's activity log as Parley's, with the operator's reason; `record` writes
     * the platform audit entry in the same transaction.
     */
    async grantUntil(
      workspaceId: string,
      input: { planId: string; until: Date; reason: string },
      record: (tx: Tx, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>,
    ): Promise<SubscriptionDetails> {
      const plan = await plans.findById(input.planId);
      if (!plan?.isActive) throw AppError.of("NOT_FOUND", "subscription.selectedPlanNotAvailable");
      if (plan.priceMinor === 0) {
        throw AppError.of("BAD_REQUEST", "console.grantPaidPlanEveryWorkspace");
      }
      const start = now();
      if (input.until.getTime() <= start.getTime()) {
        throw AppError.of("BAD_REQUEST", "console.chooseEndDateInFuture");
      }
      if (input.until.getTime() > start.getTime() + 3 * 366 * DAY_MS) {
        throw AppError.of("BAD_REQUEST", "console.grantAtMostThreeYears");
      }
      const after = await db.transaction(async (tx) => {
        await repo.ensure(tx, workspaceId, start);
        const row = await repo.byUser(tx, workspaceId, true);
        if (!row) throw new Error("subscription vanished during grant");
        const from = await planOrThrow(row.planId, tx);
        // Extending the same plan keeps its period's start; another plan starts a period now.
        const same = row.planId === plan.id && row.status === "active";
        const updated = await repo.update(tx, row.id, {
          planId: plan.id,
          status: "active",
          currentPeriodStart: same ? row.currentPeriodStart : start,
          currentPeriodEnd: input.until,
          graceEndsAt: null,
          pendingPlanId: null,
          pendingChangeAt: null,
        });
        if (!updated) throw new Error("subscription vanished during grant");
        await repo.logChange(tx, {
          subscriptionId: row.id,
          userId: workspaceId,
          kind: "granted",
          fromPlanId: row.planId,
          toPlanId: plan.id,
          effectiveAt: input.until,
          reference: "admin",
        });
        await deps.audit?.record(
          {
            workspaceId,
            action: "plan.changed",
            actorId: null,
            actorEmail: null,
            target: plan.name,
            details: {
              by: "parley",
              reason: input.reason,
              from: from.name,
              to: plan.name,
              until: input.until.toISOString(),
            },
          },
          tx,
        );
        await record(tx, row, updated);
        return updated;
      });
      return details(after);
    },

    /**
     * A refund took the money of the current period back (the operator's console): the workspace
     * is on Free from now, inside the refund's transaction. Logged as a change (`refunded`).
     */
    async endPaidPeriodNow(tx: Tx, workspaceId: string, trackId: string) {
      const row = await repo.byUser(tx, workspaceId, true);
      if (!row) return;
      const freeId = await repo.freePlanId(tx);
      await repo.update(tx, row.id, {
        planId: freeId,
        status: "active",
        currentPeriodStart: now(),
        currentPeriodEnd: null,
        graceEndsAt: null,
        pendingPlanId: null,
        pendingChangeAt: null,
      });
      await repo.logChange(tx, {
        subscriptionId: row.id,
        userId: workspaceId,
        kind: "refunded",
        fromPlanId: row.planId,
        toPlanId: freeId,
        reference: trackId,
      });
    },

    /** The Free plan's id, inside the caller's transaction. */
    freePlanIdIn: (tx: Tx) => repo.freePlanId(tx),

    /** A downgrade to `targetId` when the paid period ends, inside the caller's transaction (a refund). */
    async scheduleInTx(tx: Tx, row: SubscriptionRow, targetId: string, reference: string) {
      if (!row.currentPeriodEnd) return;
      await repo.update(tx, row.id, { pendingPlanId: targetId, pendingChangeAt: row.currentPeriodEnd });
      await repo.logChange(tx, {
        subscriptionId: row.id,
        userId: row.userId,
        kind: "downgrade_scheduled",
        fromPlanId: row.planId,
        toPlanId: targetId,
        reference,
      });
    },

    /** The workspace's subscription row, read inside the caller's transaction. */
    rowOf: (tx: Tx, workspaceId: string) => repo.byUser(tx, workspaceId),

    /** Puts a user on a plan for a year without a payment (showcase content, support gestures). */
    async grant(userId: string, planCode: string) {
      const plan = await plans.findByCode(planCode);
      if (!plan) throw AppError.of("NOT_FOUND", "subscription.planNotFound");
      await db.transaction(async (tx) => {
        const row = await repo.ensure(tx, userId, now());
        const start = now();
        await repo.update(tx, row.id, {
          planId: plan.id,
          status: "active",
          currentPeriodStart: start,
          currentPeriodEnd: addInterval(start, "yearly"),
          graceEndsAt: null,
          pendingPlanId: null,
          pendingChangeAt: null,
        });
        await repo.logChange(tx, {
          subscriptionId: row.id,
          userId,
          kind: "upgrade",
          fromPlanId: row.planId,
          toPlanId: plan.id,
          reference: "grant",
        });
      });
    },
  };

  /** A period-end change of `row`, logged once (false when another process logged it first). */
  function logTransition(
    tx: Tx,
    row: SubscriptionRow,
    kind: "expired" | "downgrade_applied" | "past_due",
    toPlanId: string,
    effectiveAt: Date,
  ) {
    return repo.logChange(tx, {
      subscriptionId: row.id,
      userId: row.userId,
      kind,
      fromPlanId: row.planId,
      toPlanId,
      effectiveAt,
    });
  }

  async function transition(tx: Tx, row: SubscriptionRow, report: PeriodEndReport) {
    const freeId = await repo.freePlanId(tx);
    if (row.status === "past_due" && row.graceEndsAt) {
      if (!(await logTransition(tx, row, "expired", freeId, row.graceEndsAt))) return;
      await repo.update(tx, row.id, {
        planId: freeId,
        status: "active",
        currentPeriodStart: row.graceEndsAt,
        currentPeriodEnd: null,
        graceEndsAt: null,
        pendingPlanId: null,
        pendingChangeAt: null,
      });
      await auditSystemChange(tx, row, await planOrThrow(freeId, tx), "grace_expired");
      report.expiredToFree++;
      return;
    }
    const periodEnd = row.currentPeriodEnd;
    if (!periodEnd) return;
    if (row.pendingPlanId) {
      const target = await planOrThrow(row.pendingPlanId, tx);
      if (!(await logTransition(tx, row, "downgrade_applied", target.id, periodEnd))) return;
      const isFree = target.priceMinor === 0;
      await repo.update(tx, row.id, {
        planId: target.id,
        status: isFree ? "active" : "past_due",
        currentPeriodStart: periodEnd,
        currentPeriodEnd: isFree ? null : addInterval(periodEnd, target.billingInterval),
        graceEndsAt: isFree ? null : new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS),
        pendingPlanId: null,
        pendingChangeAt: null,
      });
      await auditSystemChange(tx, row, target, "downgrade_applied");
      report.downgradesApplied++;
      return;
    }
    if (!(await logTransition(tx, row, "past_due", row.planId, periodEnd))) return;
    await repo.update(tx, row.id, {
      status: "past_due",
      graceEndsAt: new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS),
    });
    report.movedToPastDue++;
  }
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
