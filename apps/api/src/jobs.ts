import type { Services } from "./app";
import type { Job } from "./lib/jobs";

/**
 * The recurring jobs every API process runs (server.ts starts them with `startJobs`). Each is
 * safe in several replicas at once. Tests start this same set, so nothing here runs only from a
 * test route.
 */
export function scheduledJobs(services: Services, everyMs: number): Job[] {
  return [
    { name: "subscriptions.period-end", everyMs, run: () => services.subscriptions.runPeriodEnd() },
    { name: "payments.reconcile", everyMs, run: () => services.payments.reconcile() },
    // Conversations past their bot's retention days are deleted (with their messages and leads).
    { name: "inbox.retention", everyMs, run: () => services.lifecycle.applyRetention() },
    // Hourly digests of handoff requests and leads, for members who chose them.
    { name: "notifications.digest", everyMs, run: () => services.notifications.runDigests() },
    // Finished webhook deliveries leave the log after 30 days.
    { name: "webhooks.prune", everyMs, run: () => services.webhooks.prune() },
    // Messages stored before inbox search analysed Arabic (migration 0027), analysed in batches.
    { name: "inbox.search-backlog", everyMs, run: () => services.inbox.analyseSearchBacklog() },
    // Messaging channels' receipts leave after eight days (the provider stops retrying in seven).
    { name: "channels.prune", everyMs, run: () => services.channels.pruneReceipts() },
    // Website sources re-synced on their schedule (paid plans), at a quiet hour of the bot's time zone.
    { name: "knowledge.resync", everyMs, run: () => services.knowledge.runScheduledSyncs() },
  ];
}
