import { createJobQueue } from "../lib/job-queue";
import { createPlatformAuditRepo } from "../modules/admin/platform-audit.repo";
import { createApiKeysRepo } from "../modules/api-keys/api-keys.repo";
import { createApiKeysService } from "../modules/api-keys/api-keys.service";
import { createContactRepo } from "../modules/contact/contact.repo";
import { createContactService } from "../modules/contact/contact.service";
import { createEntitlementsService } from "../modules/entitlements/entitlements.service";
import { createUsageRepo, monthOf } from "../modules/entitlements/usage.repo";
import { createPaymentsRepo } from "../modules/payments/payments.repo";
import { createPaymentsService } from "../modules/payments/payments.service";
import { createProviderRegistry } from "../modules/payments/providers/registry";
import { createPlansRepo } from "../modules/plans/plans.repo";
import { createPlansService } from "../modules/plans/plans.service";
import { createSubscriptionsRepo } from "../modules/subscriptions/subscriptions.repo";
import { createSubscriptionsService } from "../modules/subscriptions/subscriptions.service";
import { createUsersRepo } from "../modules/users/users.repo";
import { createUsersService } from "../modules/users/users.service";
import { createAuditRepo } from "../modules/workspaces/audit.repo";
import { createAuditService } from "../modules/workspaces/audit.service";

import { selfUrl, type Wiring } from "./context";

/** Accounts and billing: plans, subscriptions and their entitlements, API keys, payments, the job queue. */
export function createCore(w: Wiring) {
  const { env, db, now, log, metrics } = w;
  const { plan: planCache } = w.caches;
  const platformAudit = createPlatformAuditRepo(db.db);
  const plansRepo = createPlansRepo(db.db, now);
  const plans = createPlansService({ repo: plansRepo, currency: env.PLANS_CURRENCY });
  const contact = createContactService({ repo: createContactRepo(db.db) });
  const usersRepo = createUsersRepo(db.db);
  const users = createUsersService({ repo: usersRepo });
  const audit = createAuditService({ repo: createAuditRepo(db.db), now });
  const subscriptionsRepo = createSubscriptionsRepo(db.db);
  const subscriptions = createSubscriptionsService({
    db: db.db,
    // Every plan change is logged through here: the owner's cached plan is dropped with it.
    repo: {
      ...subscriptionsRepo,
      logChange: async (tx, change) => {
        const logged = await subscriptionsRepo.logChange(tx, change);
        planCache.invalidate(change.userId);
        return logged;
      },
    },
    plans: plansRepo,
    now,
    audit,
  });
  const entitlements = createEntitlementsService({ subscriptions });
  // Workspace API keys (issue #24): checked against the workspace's plan on every request.
  const apiKeysRepo = createApiKeysRepo(db.db);
  const apiKeys = createApiKeysService({
    repo: apiKeysRepo,
    audit,
    plan: (workspaceId) => planCache.get(workspaceId, () => subscriptions.currentPlan(workspaceId)),
    now,
  });
  const paymentsRepo = createPaymentsRepo(db.db);
  const payments = createPaymentsService({
    db: db.db,
    repo: paymentsRepo,
    plans: plansRepo,
    providers: createProviderRegistry(env, { gatewayUrl: () => selfUrl(env), now }),
    subscriptions,
    publicUrl: env.PUBLIC_URL,
    callbackBaseUrl: () => selfUrl(env),
    now,
    log,
    audit,
  });
  const jobs = createJobQueue({
    db: db.db,
    log,
    // One connection runs PGlite's statements one after another: claims cannot race there.
    serialClaims: db.driver === "pglite",
    onRun: (kind, seconds, outcome) => metrics.jobDuration.observe({ kind, outcome }, seconds),
  });
  const usageRepo = createUsageRepo(db.db);
  const messagesThisMonth = (userId: string) => usageRepo.messagesIn(userId, monthOf(now()));
  const currentPlan = (userId: string) => planCache.get(userId, () => subscriptions.currentPlan(userId));
  return {
    platformAudit,
    plansRepo,
    plans,
    contact,
    usersRepo,
    users,
    audit,
    subscriptionsRepo,
    subscriptions,
    entitlements,
    apiKeysRepo,
    apiKeys,
    paymentsRepo,
    payments,
    jobs,
    usageRepo,
    messagesThisMonth,
    currentPlan,
  };
}
export type Core = ReturnType<typeof createCore>;
