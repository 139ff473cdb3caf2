import {
  ADMIN_PAGE_SIZE,
  type AdminAuditEntry,
  type AdminGrant,
  type AdminHealth,
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentList,
  type AdminPlan,
  type AdminPlanPatch,
  type AdminRefundRequest,
  type AdminWorkspaceDetail,
  type AdminWorkspaceHit,
  type AdminWorkspaceSearch,
  currencyExponent,
  majorToMinor,
  minorToMajor,
  type WorkspaceMember,
} from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { ChatbotRow, PaymentRow, PlanRow, PlatformAuditRow, SubscriptionRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { JobQueue } from "../../lib/job-queue";
import { decodePageCursor, encodePageCursor } from "../../lib/page-cursor";
import type { StaffActor } from "../../plugins/auth";
import type { ApiKeysRepo } from "../api-keys/api-keys.repo";
import type { ChannelsRepo } from "../channels/channels.repo";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import type { AnalyticsRepo } from "../conversations/analytics.repo";
import type { KnowledgeRepo } from "../knowledge/knowledge.repo";
import type { WorkspaceMembersClient } from "../notifications/members-client";
import { suspensionMail } from "../notifications/notification-mail";
import { NOTIFY_MAIL_JOB } from "../notifications/notifications.service";
import type { PaymentsRepo } from "../payments/payments.repo";
import type { PaymentsService } from "../payments/payments.service";
import type { PlansRepo } from "../plans/plans.repo";
import { type PlansService, planNamesOf, textsOf } from "../plans/plans.service";
import type { SubscriptionsRepo } from "../subscriptions/subscriptions.repo";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service";
import type { UsersRepo } from "../users/users.repo";
import type { WebhooksRepo } from "../webhooks/webhooks.repo";
import type { PlatformAuditInput, PlatformAuditRepo } from "./platform-audit.repo";

/** Who acts, and why: every console action carries both into the platform audit log. */
export interface StaffAction {
  actor: StaffActor;
  reason: string;
}

const PAYMENT_CURSOR = "apay";

/**
 * The operator's console (issue #33). Reads come from each owning module's repository (no back
 * door around ownership); changes go through the owning services' own rules, each with its
 * platform audit entry in the same transaction.
 */
export function createAdminService(deps: {
  audit: PlatformAuditRepo;
  /** A workspace was suspended or lifted: the turn's cached answer is dropped on every replica. */
  onWorkspaceSuspension?: (workspaceId: string) => void;
  users: Pick<UsersRepo, "search" | "byIds">;
  members: Pick<WorkspaceMembersClient, "list" | "searchWorkspaces">;
  subscriptions: SubscriptionsService;
  subscriptionsRepo: Pick<SubscriptionsRepo, "byUser" | "changesFor" | "db">;
  plans: PlansService;
  plansRepo: PlansRepo;
  payments: PaymentsService;
  paymentsRepo: PaymentsRepo;
  chatbots: ChatbotsService;
  apiKeys: Pick<ApiKeysRepo, "listNames">;
  webhooks: Pick<WebhooksRepo, "list" | "failing">;
  channels: Pick<ChannelsRepo, "listForWorkspace">;
  knowledge: Pick<KnowledgeRepo, "failuresSince" | "failedForOwner">;
  analytics: Pick<AnalyticsRepo, "platformMessagesByHour">;
  jobs: JobQueue;
  usage: (workspaceId: string) => Promise<{
    chatbots: number;
    knowledgeSources: number;
    messagesThisMonth: number;
    teamMembers: number;
  }>;
  appUrl: string;
  /** The plans' currency (PLANS_CURRENCY): amounts typed in the console are in it. */
  currency: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { now } = deps;

  const planById = async (id: string): Promise<PlanRow> => {
    const plan = await deps.plansRepo.findById(id);
    if (!plan) throw AppError.of("NOT_FOUND", "subscription.planNotFound");
    return plan;
  };

  function toAdminPayment(row: PaymentRow, plan: Pick<PlanRow, "name" | "texts">): AdminPayment {
    return {
      trackId: row.trackId,
      workspaceId: row.userId,
      provider: row.provider,
      method: row.method,
      state: row.status,
      amount: { amount: minorToMajor(row.amountMinor, row.currency), currency: row.currency },
      plan: { id: row.planId, names: planNamesOf(plan) },
      gatewayReference: row.providerRef,
      resultCode: row.resultCode,
      resultMessage: row.resultMessage,
      createdAt: row.createdAt.toISOString(),
      capturedAt: row.capturedAt?.toISOString() ?? null,
    };
  }

  function toAuditEntry(row: PlatformAuditRow): AdminAuditEntry {
    return {
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function toAdminPlan(row: PlanRow): AdminPlan {
    return {
      id: row.id,
      code: row.code,
      version: row.version,
      isActive: row.isActive,
      tier: row.tier,
      billingInterval: row.billingInterval,
      price: { amount: minorToMajor(row.priceMinor, row.currency), currency: row.currency },
      nextPrice:
        row.nextPriceMinor !== null && row.nextPriceFrom
          ? {
              amount: { amount: minorToMajor(row.nextPriceMinor, row.currency), currency: row.currency },
              from: row.nextPriceFrom.toISOString(),
            }
          : null,
      limits: {
        chatbots: row.maxChatbots,
        messagesPerMonth: row.maxMessagesPerMonth,
        knowledgeSources: row.maxKnowledgeSources,
        teamMembers: row.maxTeamMembers,
      },
      texts: textsOf(row),
      editedAt: row.editedAt?.toISOString() ?? null,
    };
  }

  /** A plan's fields an audit entry keeps before and after an edit. */
  const planSnapshot = (row: PlanRow) => {
    const plan = toAdminPlan(row);
    return {
      version: plan.version,
      isActive: plan.isActive,
      price: plan.price,
      nextPrice: plan.nextPrice,
      limits: plan.limits,
      texts: plan.texts,
    };
  };

  const subscriptionSnapshot = (row: SubscriptionRow) => ({
    planId: row.planId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    pendingPlanId: row.pendingPlanId,
  });

  const botSnapshot = (row: ChatbotRow) => ({
    name: row.name,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  });

  /** A staff change of a payment's state, in the platform audit log (in `tx` when given). */
  const auditPaymentState = (
    action: StaffAction,
    what: PlatformAuditInput["action"],
    before: Pick<PaymentRow, "trackId" | "userId" | "status">,
    after: Pick<PaymentRow, "status">,
    tx: Parameters<PlatformAuditRepo["insert"]>[1],
    at: Date,
  ) =>
    deps.audit.insert(
      {
        actor: action.actor,
        action: what,
        targetType: "payment",
        targetId: before.trackId,
        workspaceId: before.userId,
        reason: action.reason,
        before: { state: before.status },
        after: { state: after.status },
      },
      tx,
      at,
    );

  /** The auth service's view, or null when it cannot be asked (the console still shows ours). */
  async function fromAuth<T>(what: string, ask: () => Promise<T>): Promise<T | null> {
    try {
      return await ask();
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, `admin: ${what} from the auth service failed`);
      return null;
    }
  }

  /** The owner(s) of each workspace to e-mail: as the auth service says now. */
  async function mailOwners(
    workspaceId: string,
    mail: (owner: WorkspaceMember) => ReturnType<typeof suspensionMail>,
  ) {
    const members = await deps.members.list(workspaceId);
    for (const owner of members.filter((m) => m.role === "owner")) {
      await deps.jobs.enqueue(
        NOTIFY_MAIL_JOB,
        { workspaceId, userId: owner.userId, mail: mail(owner) },
        { maxAttempts: 8 },
      );
    }
  }

  return {
    /**
     * Workspaces by a person's e-mail or name, a workspace's id or name, or a payment reference
     * (ours or the gateway's). Each hit with its plan and owners; `partial` when the auth
     * service could not be asked (names and shared workspaces are then missing).
     */
    async searchWorkspaces(q: string): Promise<AdminWorkspaceSearch> {
      const [people, byPayment, fromAuthService] = await Promise.all([
        deps.users.search(q, 20),
        deps.paymentsRepo.workspacesByReference(q),
        fromAuth("workspace search", () => deps.members.searchWorkspaces(q)),
      ]);
      const hits = new Map<
        string,
        {
          name: string | null;
          /** A personal workspace has its owner's id. */
          personal: boolean;
          owners: { email: string; name: string }[];
          matched: Set<AdminWorkspaceHit["matched"][number]>;
        }
      >();
      const hit = (id: string) => {
        let h = hits.get(id);
        if (!h) {
          h = { name: null, personal: false, owners: [], matched: new Set() };
          hits.set(id, h);
        }
        return h;
      };
      const lower = q.toLowerCase();
      for (const w of fromAuthService ?? []) {
        const h = hit(w.id);
        h.name = w.name;
        h.personal = w.members.some((m) => m.userId === w.id);
        h.owners = w.members.filter((m) => m.role === "owner").map((m) => ({ email: m.email, name: m.name }));
        for (const m of w.matched) h.matched.add(m);
      }
      // People we know (their personal workspace has their id), found without the auth service too.
      for (const person of people) {
        const h = hit(person.id);
        h.personal = true;
        if (h.owners.length === 0) h.owners = [{ email: person.email, name: person.name }];
        if (person.id === q) h.matched.add("workspace");
        if (person.email.toLowerCase().startsWith(lower)) h.matched.add("email");
        if (person.name.toLowerCase().startsWith(lower)) h.matched.add("name");
      }
      for (const id of byPayment) hit(id).matched.add("payment");
      // An id only we know (no person, no auth answer): a workspace with a subscription.
      if (!hits.has(q) && (await deps.subscriptionsRepo.byUser(deps.subscriptionsRepo.db, q)))
        hit(q).matched.add("workspace");

      const ids = [...hits.keys()].slice(0, 40);
      // Owners of payment-found workspaces we know only by id.
      const unnamed = ids.filter((id) => (hits.get(id)?.owners.length ?? 0) === 0);
      for (const person of await deps.users.byIds(unnamed)) {
        const h = hits.get(person.id);
        if (h) {
          h.owners = [{ email: person.email, name: person.name }];
          h.personal = true;
        }
      }
      const items: AdminWorkspaceHit[] = [];
      for (const id of ids) {
        const h = hits.get(id);
        if (!h) continue;
        const sub = await deps.subscriptions.ensure(id);
        const plan = await planById(sub.planId);
        items.push({
          id,
          name: h.name,
          personal: h.personal,
          owners: h.owners,
          plan: { id: plan.id, name: plan.name, names: planNamesOf(plan), tier: plan.tier },
          status: sub.status,
          matched: [...h.matched],
        });
      }
      return { items, partial: fromAuthService === null };
    },

    /** Everything about one workspace an operator needs to answer its owner. */
    async workspace(workspaceId: string): Promise<AdminWorkspaceDetail> {
      const found = await fromAuth("workspace lookup", () => deps.members.searchWorkspaces(workspaceId));
      const fromAuthService = found?.find((w) => w.id === workspaceId) ?? null;
      const people = await deps.users.byIds([workspaceId]);
      const sub = await deps.subscriptionsRepo.byUser(deps.subscriptionsRepo.db, workspaceId);
      if (!sub && !fromAuthService && people.length === 0)
        throw AppError.of("NOT_FOUND", "console.workspaceNotFound");
      const row = sub ?? (await deps.subscriptions.ensure(workspaceId));
      const plan = await planById(row.planId);
      const pending = row.pendingPlanId ? await planById(row.pendingPlanId) : null;
      const month = now().toISOString().slice(0, 7);
      const [used, bots, payments, changes, keys, hooks, channels, failures, audit, suspension] =
        await Promise.all([
          deps.usage(workspaceId).catch(() => null),
          deps.chatbots.rowsForOwner(workspaceId),
          deps.paymentsRepo.adminPage({ q: workspaceId, limit: 50 }),
          deps.subscriptionsRepo.changesFor(deps.subscriptionsRepo.db, workspaceId),
          deps.apiKeys.listNames(workspaceId),
          deps.webhooks.list(workspaceId),
          deps.channels.listForWorkspace(workspaceId),
          deps.knowledge.failedForOwner(workspaceId, 10),
          deps.audit.forWorkspace(workspaceId, 50),
          deps.audit.suspension(workspaceId),
        ]);
      const planNames = new Map<string, ReturnType<typeof planNamesOf>>();
      const namesOf = async (id: string | null) => {
        if (!id) return null;
        if (!planNames.has(id)) {
          const p = await deps.plansRepo.findById(id);
          planNames.set(id, p ? planNamesOf(p) : { en: id, ar: id });
        }
        return planNames.get(id) ?? null;
      };
      const subscriptionChanges = [];
      for (const c of changes.slice(-50).reverse()) {
        subscriptionChanges.push({
          kind: c.kind,
          from: await namesOf(c.fromPlanId),
          to: await namesOf(c.toPlanId),
          reference: c.reference,
          createdAt: c.createdAt.toISOString(),
        });
      }
      const members = fromAuthService?.members ?? [];
      const person = people[0];
      return {
        id: workspaceId,
        name: fromAuthService?.name ?? null,
        personal: Boolean(person),
        membersKnown: fromAuthService !== null,
        suspension: suspension
          ? {
              at: suspension.suspendedAt.toISOString(),
              reason: suspension.reason,
              by: suspension.suspendedBy,
            }
          : null,
        members: members.map((m) => ({ userId: m.userId, email: m.email, name: m.name, role: m.role })),
        subscription: {
          status: row.status,
          plan: {
            id: plan.id,
            names: planNamesOf(plan),
            tier: plan.tier,
            billingInterval: plan.billingInterval,
          },
          currentPeriodStart: row.currentPeriodStart.toISOString(),
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
          pendingChange:
            pending && row.pendingChangeAt
              ? { planNames: planNamesOf(pending), effectiveAt: row.pendingChangeAt.toISOString() }
              : null,
        },
        usage: {
          month,
          used: {
            chatbots: used?.chatbots ?? bots.length,
            messagesPerMonth: used?.messagesThisMonth ?? 0,
            knowledgeSources: used?.knowledgeSources ?? 0,
            teamMembers: used?.teamMembers ?? members.length,
          },
          limits: {
            chatbots: plan.maxChatbots,
            messagesPerMonth: plan.maxMessagesPerMonth,
            knowledgeSources: plan.maxKnowledgeSources,
            teamMembers: plan.maxTeamMembers,
          },
        },
        chatbots: bots.map((b) => ({
          id: b.id,
          name: b.name,
          published: b.published,
          suspendedAt: b.suspendedAt?.toISOString() ?? null,
          suspendedReason: b.suspendedReason,
          createdAt: b.createdAt.toISOString(),
        })),
        payments: payments.map((p) => toAdminPayment(p.payment, p.plan)),
        subscriptionChanges,
        apiKeys: keys.map((k) => ({
          name: k.name,
          createdAt: k.createdAt.toISOString(),
          lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
          revoked: k.revokedAt !== null,
        })),
        webhooks: hooks.map((h) => ({
          url: h.url,
          enabled: h.enabled,
          failingSince: h.failingSince?.toISOString() ?? null,
          disabledReason: h.disabledReason ?? null,
        })),
        channels: channels.map((c) => ({
          kind: c.kind,
          chatbotId: c.chatbotId,
          displayNumber: c.displayPhoneNumber ?? null,
          status: c.status,
        })),
        recentErrors: [
          ...failures.map((f) => ({
            what: `source: ${f.title}`,
            message: f.error ?? "",
            at: f.at.toISOString(),
          })),
          ...hooks
            .filter((h) => h.failingSince)
            .map((h) => ({
              what: `webhook: ${h.url}`,
              message: h.disabledReason ?? "failing",
              at: h.failingSince?.toISOString() ?? "",
            })),
        ].sort((a, b) => b.at.localeCompare(a.at)),
        audit: audit.map(toAuditEntry),
      };
    },

    /** Grant or extend a plan until a date, through the subscriptions module's rules. */
    async grant(workspaceId: string, input: AdminGrant, by: StaffActor) {
      const until = new Date(input.until);
      // A bare date means the whole day: the period ends at the end of it (UTC).
      if (/^\d{4}-\d{2}-\d{2}$/.test(input.until.trim())) until.setUTCHours(23, 59, 59, 0);
      const details = await deps.subscriptions.grantUntil(
        workspaceId,
        { planId: input.planId, until, reason: input.reason },
        async (tx, before, after) =>
          deps.audit.insert(
            {
              actor: by,
              action: "subscription.granted",
              targetType: "workspace",
              targetId: workspaceId,
              workspaceId,
              reason: input.reason,
              before: subscriptionSnapshot(before),
              after: subscriptionSnapshot(after),
            },
            tx,
            now(),
          ),
      );
      return details;
    },

    async payments(query: {
      q?: string | undefined;
      state?: PaymentRow["status"] | undefined;
      provider?: PaymentRow["provider"] | undefined;
      amount?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
      cursor?: string | undefined;
    }): Promise<AdminPaymentList> {
      const after = query.cursor ? decodePageCursor(PAYMENT_CURSOR, query.cursor) : undefined;
      const DAY = 86_400_000;
      const rows = await deps.paymentsRepo.adminPage({
        q: query.q || undefined,
        state: query.state,
        provider: query.provider,
        // BHD's fils: the amount is compared in minor units (every payment is in the plans' currency).
        amountMinor: query.amount === undefined ? undefined : majorToMinor(query.amount, deps.currency),
        since: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY) : undefined,
        after,
        limit: ADMIN_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => toAdminPayment(r.payment, r.plan)),
        nextCursor:
          rows.length > ADMIN_PAGE_SIZE && last
            ? encodePageCursor(PAYMENT_CURSOR, last.stamp, last.payment.trackId)
            : null,
      };
    },

    async payment(trackId: string): Promise<AdminPaymentDetail> {
      const row = await deps.paymentsRepo.byTrackId(trackId);
      if (!row) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
      const plan = await planById(row.planId);
      const [events, refunds] = await Promise.all([
        deps.paymentsRepo.eventsFor(trackId),
        deps.payments.refundsOf(trackId),
      ]);
      return {
        ...toAdminPayment(row, plan),
        refundable: row.status === "captured" && deps.payments.canRefund(row.provider),
        refunds: refunds.map((r) => ({
          id: r.id,
          amount: { amount: minorToMajor(r.amountMinor, r.currency), currency: r.currency },
          status: r.status,
          planConsequence: r.planConsequence,
          reason: r.reason,
          requestedBy: r.requestedBy,
          resultMessage: r.resultMessage,
          createdAt: r.createdAt.toISOString(),
        })),
        events: events.map((e) => ({
          id: e.id,
          provider: e.provider,
          outcome: e.outcome,
          reason: e.reason,
          receivedAt: e.receivedAt.toISOString(),
        })),
      };
    },

    /**
     * "Ask the gateway now": reconciliation for one pending payment (or, for one held for review,
     * the gateway's word recorded among its events), written to the platform audit log.
     */
    async inquire(trackId: string, action: StaffAction): Promise<AdminPaymentDetail> {
      const row = await deps.paymentsRepo.byTrackId(trackId);
      if (!row) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
      // A pending payment is settled by the answer; one held for review only records what the
      // gateway says now (its state stays for the operator to resolve).
      if (row.status !== "pending" && row.status !== "amount_mismatch") {
        throw AppError.of("CONFLICT", "console.paymentAlreadyDecidedThereNothing");
      }
      const after = (await deps.payments.settleByInquiry(row, { strict: true })) ?? row;
      await auditPaymentState(action, "payment.inquired", row, after, undefined, now());
      return this.payment(trackId);
    },

    /** A payment held for review (another amount was captured): granted as paid, or declined. */
    async resolveHeld(trackId: string, decision: "grant" | "decline", action: StaffAction) {
      const at = now();
      await deps.payments.resolveHeld(trackId, decision, action.reason, (tx, before, after) =>
        auditPaymentState(
          action,
          decision === "grant" ? "payment.review_granted" : "payment.review_declined",
          before,
          after,
          tx,
          at,
        ),
      );
      return this.payment(trackId);
    },

    /**
     * Schedules a downgrade to a lower plan at the end of the paid period, or cancels the one
     * scheduled: as the customer would (the subscriptions module's own rules and messages).
     */
    async downgrade(workspaceId: string, input: { planId: string | null; reason: string }, by: StaffActor) {
      const before = await deps.subscriptionsRepo.byUser(deps.subscriptionsRepo.db, workspaceId);
      if (!before) throw AppError.of("NOT_FOUND", "console.workspaceNotFound");
      let result: { message: string };
      if (input.planId === null) {
        result = await deps.subscriptions.cancelPendingDowngrade(workspaceId, workspaceId, { byStaff: true });
      } else {
        const target = await planById(input.planId);
        result = await deps.subscriptions.scheduleDowngrade(workspaceId, {
          userId: workspaceId,
          trackId: null,
          targetPlanId: target.id,
          isYearly: target.billingInterval === "yearly",
        });
      }
      const after = await deps.subscriptionsRepo.byUser(deps.subscriptionsRepo.db, workspaceId);
      await deps.audit.insert(
        {
          actor: by,
          action:
            input.planId === null ? "subscription.downgrade_cancelled" : "subscription.downgrade_scheduled",
          targetType: "workspace",
          targetId: workspaceId,
          workspaceId,
          reason: input.reason,
          before: subscriptionSnapshot(before),
          after: after ? subscriptionSnapshot(after) : null,
        },
        undefined,
        now(),
      );
      return result;
    },

    /** Money back through the gateway, with the plan's consequence said explicitly. */
    async refund(trackId: string, input: AdminRefundRequest, by: StaffActor): Promise<AdminPaymentDetail> {
      const row = await deps.paymentsRepo.byTrackId(trackId);
      if (!row) throw AppError.of("NOT_FOUND", "payment.paymentNotFound");
      const amountMinor = majorToMinor(input.amount, row.currency);
      if (minorToMajor(amountMinor, row.currency) !== input.amount) {
        throw new AppError(
          "BAD_REQUEST",
          `Use at most ${currencyExponent(row.currency)} decimal places for ${row.currency}`,
        );
      }
      await deps.payments.refund(
        trackId,
        { amountMinor, consequence: input.planConsequence, reason: input.reason, by: by.email },
        (tx, refund, payment) =>
          deps.audit.insert(
            {
              actor: by,
              action: "payment.refunded",
              targetType: "payment",
              targetId: trackId,
              workspaceId: payment.userId,
              reason: input.reason,
              before: { state: payment.status },
              after: {
                refund: refund.id,
                amountMinor: refund.amountMinor,
                status: refund.status,
                planConsequence: refund.planConsequence,
                resultMessage: refund.resultMessage,
              },
            },
            tx,
            now(),
          ),
      );
      return this.payment(trackId);
    },

    async plans(): Promise<{ items: AdminPlan[] }> {
      return { items: (await deps.plansRepo.listAll()).map(toAdminPlan) };
    },

    /**
     * An operator's edit of a plan, compare-and-set on `version`: a newer version answers 409
     * with the plan as it is now. A price applies to payments started from `price.from` (now when
     * not given); a period already paid never changes.
     */
    async editPlan(id: string, patch: AdminPlanPatch, by: StaffActor): Promise<AdminPlan> {
      const current = await deps.plansRepo.findById(id);
      if (!current) throw AppError.of("NOT_FOUND", "subscription.planNotFound");
      const at = now();
      const set: Partial<PlanRow> = {};
      if (patch.price) {
        if (current.priceMinor === 0 && current.tier === 0) {
          throw AppError.of("BAD_REQUEST", "console.freePlanHasNoPrice");
        }
        const minor = majorToMinor(patch.price.amount, current.currency);
        if (minorToMajor(minor, current.currency) !== patch.price.amount) {
          throw new AppError(
            "BAD_REQUEST",
            `Use at most ${currencyExponent(current.currency)} decimal places for ${current.currency}`,
          );
        }
        if (minor <= 0) throw AppError.of("BAD_REQUEST", "console.paidPlanNeedsPriceAbove");
        const from = patch.price.from ? new Date(patch.price.from) : at;
        if (from.getTime() <= at.getTime()) {
          set.priceMinor = minor;
          set.nextPriceMinor = null;
          set.nextPriceFrom = null;
        } else {
          set.nextPriceMinor = minor;
          set.nextPriceFrom = from;
        }
      }
      if (patch.limits) {
        const l = patch.limits;
        if (l.chatbots !== undefined) set.maxChatbots = l.chatbots;
        if (l.messagesPerMonth !== undefined) set.maxMessagesPerMonth = l.messagesPerMonth;
        if (l.knowledgeSources !== undefined) set.maxKnowledgeSources = l.knowledgeSources;
        if (l.teamMembers !== undefined) set.maxTeamMembers = l.teamMembers;
      }
      if (patch.name || patch.description || patch.features) {
        const texts = textsOf(current);
        const next = {
          en: { ...texts.en },
          ar: { ...texts.ar },
        };
        for (const lang of ["en", "ar"] as const) {
          if (patch.name) next[lang].name = patch.name[lang];
          if (patch.description) next[lang].description = patch.description[lang];
          if (patch.features) next[lang].extras = patch.features[lang];
        }
        set.texts = next;
        // The spec's fields read the English.
        set.name = next.en.name;
        set.description = next.en.description;
        set.extraFeatures = next.en.extras;
      }
      if (patch.isActive !== undefined) {
        if (!patch.isActive && current.tier === 0) {
          throw AppError.of("BAD_REQUEST", "console.freePlanCannotBeRetired");
        }
        set.isActive = patch.isActive;
      }
      if (Object.keys(set).length === 0) throw AppError.of("BAD_REQUEST", "console.nothingToChange");
      const result = await deps.subscriptionsRepo.db.transaction(async (tx) => {
        const edited = await deps.plansRepo.edit(id, patch.version, set, at, tx);
        if (!edited) throw AppError.of("NOT_FOUND", "subscription.planNotFound");
        if ("stale" in edited) return edited;
        await deps.audit.insert(
          {
            actor: by,
            action: "plan.edited",
            targetType: "plan",
            targetId: id,
            reason: patch.reason,
            before: planSnapshot(edited.before),
            after: planSnapshot(edited.after),
          },
          tx,
          at,
        );
        return edited;
      });
      if ("stale" in result) {
        throw new AppError(
          "CONFLICT",
          `Someone changed this plan since you opened it (version ${result.stale.version}). Reload it and make your change again.`,
        );
      }
      deps.plans.invalidate();
      return toAdminPlan(result.after);
    },

    /**
     * Suspends a bot (a reason) or lifts it (null): the widget, the API and channels answer a
     * neutral "unavailable" from then on; the workspace's owners are e-mailed why.
     */
    async setSuspension(chatbotId: string, suspend: boolean, action: StaffAction) {
      const at = now();
      const changed = await deps.chatbots.setSuspension(
        chatbotId,
        suspend ? action.reason : null,
        at,
        async (tx, before, after) =>
          deps.audit.insert(
            {
              actor: action.actor,
              action: suspend ? "chatbot.suspended" : "chatbot.unsuspended",
              targetType: "chatbot",
              targetId: chatbotId,
              workspaceId: before.workspaceId,
              reason: action.reason,
              before: botSnapshot(before),
              after: botSnapshot(after),
            },
            tx,
            at,
          ),
      );
      if (!changed) throw AppError.of("NOT_FOUND", "chatbot.chatbotNotFound");
      const { after, before } = changed;
      const wasSuspended = before.suspendedAt !== null;
      // Tell the owners only when something changed for them (a second suspend only updates the reason).
      if (wasSuspended !== suspend || (suspend && before.suspendedReason !== action.reason)) {
        await mailOwners(after.workspaceId, (owner) =>
          suspensionMail(
            { kind: "bot", botName: after.name, chatbotId: after.id, reason: suspend ? action.reason : null },
            owner,
            deps.appUrl,
          ),
        ).catch((err: Error) =>
          deps.log.error({ err, chatbotId }, "admin: the owners of a suspended bot could not be e-mailed"),
        );
      }
      return {
        id: after.id,
        workspaceId: after.workspaceId,
        name: after.name,
        suspendedAt: after.suspendedAt?.toISOString() ?? null,
        suspendedReason: after.suspendedReason,
      };
    },

    /**
     * Suspends a whole workspace (a reason) or lifts it: every bot of it, present and future,
     * answers the neutral "unavailable" notice meanwhile; the owners are e-mailed why.
     */
    async setWorkspaceSuspension(workspaceId: string, suspend: boolean, action: StaffAction) {
      const known =
        (await deps.subscriptionsRepo.byUser(deps.subscriptionsRepo.db, workspaceId)) ??
        (await deps.users.byIds([workspaceId]))[0];
      if (!known) throw AppError.of("NOT_FOUND", "console.workspaceNotFound");
      const at = now();
      const { before, after } = await deps.audit.transaction(async (tx) => {
        const changed = await deps.audit.setSuspension(
          tx,
          workspaceId,
          suspend ? { at, reason: action.reason, by: action.actor.email } : null,
        );
        await deps.audit.insert(
          {
            actor: action.actor,
            action: suspend ? "workspace.suspended" : "workspace.unsuspended",
            targetType: "workspace",
            targetId: workspaceId,
            workspaceId,
            reason: action.reason,
            before: { suspended: Boolean(changed.before), reason: changed.before?.reason ?? null },
            after: { suspended: Boolean(changed.after), reason: changed.after?.reason ?? null },
          },
          tx,
          at,
        );
        return changed;
      });
      deps.onWorkspaceSuspension?.(workspaceId);
      if (Boolean(before) !== suspend || (suspend && before?.reason !== action.reason)) {
        await mailOwners(workspaceId, (owner) =>
          suspensionMail({ kind: "workspace", reason: suspend ? action.reason : null }, owner, deps.appUrl),
        ).catch((err: Error) =>
          deps.log.error(
            { err, workspaceId },
            "admin: the owners of a suspended workspace could not be e-mailed",
          ),
        );
      }
      return {
        workspaceId,
        suspendedAt: after?.suspendedAt.toISOString() ?? null,
        suspendedReason: after?.reason ?? null,
      };
    },

    async health(): Promise<AdminHealth> {
      const at = now();
      const day = new Date(at.getTime() - 86_400_000);
      const yearAgo = new Date(Date.UTC(at.getUTCFullYear() - 1, at.getUTCMonth(), 1));
      const [jobs, failing, failures, backlog, byHour, revenue, suspended, churn, refunds, mrr] =
        await Promise.all([
          deps.jobs.health(),
          deps.webhooks.failing(50),
          deps.knowledge.failuresSince(day, 20),
          deps.paymentsRepo.backlog(new Date(at.getTime() - 15 * 60_000)),
          deps.analytics.platformMessagesByHour(day),
          deps.paymentsRepo.revenueByMonth(yearAgo),
          deps.chatbots.countSuspended(),
          deps.subscriptions.churnByMonth(yearAgo),
          deps.paymentsRepo.refundsByMonth(yearAgo),
          deps.subscriptions.mrr(),
        ]);
      const months = new Map<string, AdminHealth["revenue"][number]>();
      for (const r of revenue) {
        months.set(`${r.month}|${r.currency}`, {
          month: r.month,
          currency: r.currency,
          captured: minorToMajor(Number(r.minor), r.currency),
          refunded: minorToMajor(
            Number(refunds.find((x) => x.month === r.month && x.currency === r.currency)?.minor ?? 0),
            r.currency,
          ),
          newWorkspaces: r.first_payments,
          churned: churn.get(r.month) ?? 0,
        });
      }
      return {
        jobs: jobs.map((j) => ({ ...j, oldestQueuedAt: j.oldestQueuedAt?.toISOString() ?? null })),
        failingWebhooks: failing.map((w) => ({
          workspaceId: w.workspaceId,
          url: w.url,
          failingSince: w.failingSince?.toISOString() ?? null,
          enabled: w.enabled,
        })),
        ingestionFailures: {
          last24h: failures.total,
          recent: failures.recent.map((f) => ({
            workspaceId: f.workspaceId,
            chatbotId: f.chatbotId,
            title: f.title,
            error: f.error,
            at: f.at.toISOString(),
          })),
        },
        payments: { pendingOlderThan15m: backlog.stale, heldForReview: backlog.held },
        messagesByHour: byHour.map((m) => ({
          hour: m.hour.toISOString(),
          channel: m.channel,
          messages: m.messages,
        })),
        revenue: [...months.values()],
        suspendedChatbots: suspended,
        mrr: mrr.map((m) => ({
          currency: m.currency,
          amount: minorToMajor(Math.round(Number(m.minor)), m.currency),
          workspaces: m.workspaces,
        })),
      };
    },

    recentActions: async (limit = 50) => (await deps.audit.recent(limit)).map(toAuditEntry),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
