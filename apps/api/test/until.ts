import { scaled } from "../../../scripts/slowness.mjs";

/**
 * Polls `check` until it holds (or fails after `timeoutMs`, times how slow the machine is today:
 * scripts/slowness.mjs), naming what it waited for.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + scaled(timeoutMs);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
