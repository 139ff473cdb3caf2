// How slow this machine is today, against a quiet machine of the kind the suite was written on.
// Machines of one kind differ by half and more from day to day, and a busy one (other jobs, the
// slow-day rehearsal's burners) is slower still; the test run's waits scale with this factor, so
// a bound that holds on a quiet day also holds on a slow one, without retries and without
// loosening any assertion (e2e/slowness.ts, vitest.config.ts).
//
// The measure is a fixed piece of single-threaded work of the kind the suite does most (hashing,
// JSON, regular expressions), timed three times, the median against REFERENCE_MS. Clamped to
// [1, MAX]: a fast machine keeps the written bounds; a machine slower than MAX times is not one
// the suite can promise anything on. PARLEY_TEST_SLOWNESS set by hand wins.
import { createHash } from "node:crypto";

/** The work's median time on a quiet 2-core machine of this kind (measured 2026-11-29). */
export const REFERENCE_MS = 550;
export const MAX = 4;

function work() {
  const started = performance.now();
  let h = "parley";
  for (let i = 0; i < 100_000; i++)
    h = createHash("sha256")
      .update(h + i)
      .digest("hex");
  const rows = [];
  for (let i = 0; i < 100_000; i++) rows.push({ id: i, name: String(i), pair: [i, i * 2] });
  JSON.parse(JSON.stringify(rows));
  let n = 0;
  for (const _ of "word 12 ".repeat(25_000).matchAll(/(\w+)\s+(\d+)/g)) n++;
  if (n !== 25_000) throw new Error("calibration went wrong");
  return performance.now() - started;
}

/** `{ factor, medianMs, fromEnv }`: the factor the run's waits are multiplied by. */
export function machineSlowness() {
  const given = Number(process.env.PARLEY_TEST_SLOWNESS);
  if (Number.isFinite(given) && given > 0)
    return { factor: Math.min(MAX, Math.max(1, given)), medianMs: null, fromEnv: true };
  const times = [work(), work(), work()].sort((a, b) => a - b);
  const medianMs = times[1];
  // The least stretch a caller asks for (.ci/run: 2): the workload measures the CPU, and a day can
  // be slow elsewhere (on 2026-11-29 the journeys ran twice as long as usual at a reading of ×1).
  const least = Number(process.env.PARLEY_TEST_MIN_SLOWNESS) || 1;
  const factor = Math.min(MAX, Math.max(1, least, medianMs / REFERENCE_MS));
  return { factor: Math.round(factor * 100) / 100, medianMs: Math.round(medianMs), fromEnv: false };
}

/** The factor this process was given (`pnpm test` passes it on in PARLEY_TEST_SLOWNESS); 1 when none. */
const given = Number(process.env.PARLEY_TEST_SLOWNESS);
export const SLOWNESS = Number.isFinite(given) && given > 0 ? Math.min(MAX, Math.max(1, given)) : 1;

/** `ms` on a quiet machine, as long as it needs to be on this one. */
export const scaled = (ms) => Math.round(ms * SLOWNESS);
