import type { Page, Request } from "@playwright/test";

/** Live event streams stay open for as long as the page shows: they never "finish". */
const isLiveStream = (r: Request) =>
  /\/events(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search);

/**
 * Like `waitForLoadState("networkidle")` (no request in flight for 500 ms after the load event),
 * but a live event stream (`…/events`, held open by the inbox and the chat page) does not count:
 * with one open, the network is never idle although the page has long finished loading.
 */
export async function waitForQuiet(page: Page, { idleMs = 500, timeoutMs = 30_000 } = {}) {
  const inFlight = new Set<Request>();
  const started = (r: Request) => {
    if (!isLiveStream(r)) inFlight.add(r);
  };
  const ended = (r: Request) => inFlight.delete(r);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.waitForLoadState("load");
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < idleMs) {
      if (Date.now() > deadline)
        throw new Error(`the page kept loading: ${[...inFlight].map((r) => r.url()).join(", ")}`);
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}
