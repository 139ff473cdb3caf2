// The order the unit and API test files start in. Three workers take files from one queue, so the
// run ends when its last file does: a long file that starts late runs alone while the machine
// idles. Vitest orders by its cache of earlier runs' durations, but a fresh clone (every CI run)
// has none and falls back to file size, which put the 106-second eval suite, a small file, last
// (on 2026-11-30 it ran alone for the run's last 45 s). The files below start first, longest
// first; the rest follow in Vitest's own order. `pnpm test` names any slow file missing here.

/** Seconds each file took in a fresh-clone `.ci/run` on 2026-11-30 (files of 20 s and more). */
export const SLOW_FILES = {
  "apps/api/test/eval/eval.test.ts": 106,
  "apps/api/test/teams/teams.security.test.ts": 84,
  "apps/api/test/channels/whatsapp.test.ts": 82,
  "apps/api/test/builder/ingest.security.test.ts": 79,
  "apps/api/test/ops/production.test.ts": 66,
  "apps/api/test/ops/backup.test.ts": 63,
  // 62 s in the second run; it started last, and the run ended with it.
  "apps/api/test/webhooks/webhooks-fairness.test.ts": 62,
  "apps/auth/test/account.test.ts": 43,
  "apps/auth/test/security.security.test.ts": 42,
  "apps/auth/test/password.test.ts": 41,
  "apps/api/test/builder/builder.test.ts": 41,
  "apps/api/test/ops/migration-lock.test.ts": 41,
  "apps/api/test/webhooks/webhooks.test.ts": 32,
  "apps/api/test/public-api/api-keys.security.test.ts": 32,
  "apps/api/test/channels/whatsapp-kill.test.ts": 32,
  "apps/api/test/builder/resync-limits.security.test.ts": 29,
  "apps/api/test/jobs/resync-kill.test.ts": 28,
  "apps/api/src/modules/knowledge/ingest/extract-file.test.ts": 27,
  "apps/api/test/ops/compose.test.ts": 27,
  "apps/api/test/jobs/job-queue.test.ts": 27,
  "apps/api/test/retrieval/semantic.test.ts": 26,
  "apps/api/test/teams/seats-race.test.ts": 25,
  "apps/api/test/live/live.test.ts": 24,
  "apps/api/test/builder/resync.test.ts": 24,
  "apps/api/test/ops/graceful-shutdown.test.ts": 23,
  "apps/auth/test/http.test.ts": 22,
  "apps/web/src/features/billing/billing-messages.test.ts": 22,
  "apps/api/test/notifications/notifications.test.ts": 21,
  "apps/auth/test/email-password.test.ts": 20,
  // From the slow run of 2026-11-30 (its times over 2.5, the ratio of that run's eval to the above).
  "apps/api/test/builder/resync-schedule.test.ts": 24,
  "apps/api/test/teams/workspaces-migration.test.ts": 23,
  "packages/db/src/migrate.test.ts": 18,
  "apps/api/test/billing/pending-payments.test.ts": 15,
  // From the CI run of 2026-11-30 09:15 (67 s when eval took 591 s: about 12 s at the above pace).
  "apps/api/test/teams/invitation-preview.test.ts": 12,
  // From the CI run of 2026-12-01 (49 s; the console's suite grew with the operator's console).
  "apps/api/test/admin/console.test.ts": 25,
};

/** A file this slow or slower belongs in SLOW_FILES. */
export const SLOW_SECONDS = 20;

/**
 * `files` (in Vitest's order) with the known slow ones moved to the front, longest first; the
 * others keep their order. `pathOf` gives a file's path from the repository's root, `/`-separated.
 */
export function slowFirst(files, pathOf) {
  return files
    .map((file, index) => ({ file, index, seconds: SLOW_FILES[pathOf(file)] ?? 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
    .map(({ file }) => file);
}

/**
 * The files of a run's timings that took SLOW_SECONDS or more (times `slowness`, the run's measure
 * of how slow the machine is: on a slow day every file is slower) and are not in SLOW_FILES.
 */
export function missingSlowFiles(fileTimes, slowness = 1) {
  return fileTimes.filter(
    (f) =>
      f.seconds >= SLOW_SECONDS * slowness &&
      !(f.name in SLOW_FILES) &&
      // The journeys and the attack suite run one file at a time per worker in their own order.
      !f.name.startsWith("e2e/") &&
      !f.name.endsWith(".attack.test.ts"),
  );
}
