import { planIncludesApiAccess } from "@parley/contracts";
import { createOutboundGuard } from "../lib/outbound";
import { createNotificationActivityRepo } from "../modules/conversations/notification-activity.repo";
import { createWorkspaceMembersClient } from "../modules/notifications/members-client";
import { createNotificationsRepo } from "../modules/notifications/notifications.repo";
import { createNotificationsService } from "../modules/notifications/notifications.service";
import { createWebhookDelivery } from "../modules/webhooks/webhook-delivery";
import { createWebhookSecretBox } from "../modules/webhooks/webhook-secrets";
import { createWebhooksRepo } from "../modules/webhooks/webhooks.repo";
import { createWebhooksService } from "../modules/webhooks/webhooks.service";

import type { Wiring } from "./context";
import type { Core } from "./core";

/** What the API tells people and other servers: notification e-mails and outgoing webhooks. */
export function createEvents(w: Wiring, { jobs, audit, subscriptions }: Core) {
  const { env, db, now, log } = w;
  const { plan: planCache } = w.caches;
  // E-mails to the workspace's members for handoff requests and new leads (through the job queue).
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db.db),
    activity: createNotificationActivityRepo(db.db),
    members: createWorkspaceMembersClient({
      authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
      secret: env.AUTH_EVENTS_SECRET,
    }),
    jobs,
    appUrl: env.PUBLIC_URL,
    now,
    log,
  });
  // Outgoing webhooks (issue #24): delivered by the job queue through their own outbound guard.
  const webhooksGuard = createOutboundGuard({
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
    connectTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    headersTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    bodyTimeoutMs: env.WEBHOOKS_TIMEOUT_MS,
  });
  const webhooksRepo = createWebhooksRepo(db.db);
  const webhookSecrets = createWebhookSecretBox(
    env.MODEL_KEYS_SECRET ?? env.AUTH_EVENTS_SECRET,
    env.MODEL_KEYS_SECRET_PREVIOUS,
  );
  // Webhooks are part of the API's plans (Pro and Business), like API keys.
  const webhooksPlan = async (workspaceId: string) => {
    const plan = await planCache.get(workspaceId, () => subscriptions.currentPlan(workspaceId));
    return { included: planIncludesApiAccess(plan.tier), name: plan.name };
  };
  const webhookDelivery = createWebhookDelivery({
    repo: webhooksRepo,
    jobs,
    secrets: webhookSecrets,
    guard: webhooksGuard,
    members: createWorkspaceMembersClient({
      authUrl: env.AUTH_INTERNAL_URL ?? env.AUTH_URL,
      secret: env.AUTH_EVENTS_SECRET,
    }),
    audit,
    included: async (workspaceId) => (await webhooksPlan(workspaceId)).included,
    appUrl: env.PUBLIC_URL,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    retryBaseMs: env.WEBHOOKS_RETRY_BASE_MS,
    now,
    log,
  });
  const webhooks = createWebhooksService({
    repo: webhooksRepo,
    delivery: webhookDelivery,
    secrets: webhookSecrets,
    guard: webhooksGuard,
    audit,
    plan: webhooksPlan,
    now,
  });
  return { notifications, webhooksGuard, webhooksRepo, webhooksPlan, webhookDelivery, webhooks };
}
export type Events = ReturnType<typeof createEvents>;
