/**
 * Tries again on its own after a network failure: after 2, 4, 8, 16, then every 30 seconds, and
 * at once when the browser says it is back online. Returns a function that cancels the retry.
 */
export function retrySoon(attempt: () => void, failures: number, win: Window = window): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    cancel();
    attempt();
  };
  const timer = win.setTimeout(run, retryDelayMs(failures));
  win.addEventListener("online", run);
  function cancel() {
    done = true;
    win.clearTimeout(timer);
    win.removeEventListener("online", run);
  }
  return cancel;
}

/** The pause before the next try, after `failures` failed ones in a row (1 or more). */
export const retryDelayMs = (failures: number) => Math.min(30, 2 ** Math.max(1, failures)) * 1000;
