import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryObserver, type QueryObserverResult } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../../scripts/slowness.mjs";
import { createQueryClient } from "../../lib/query-client";
import { planKeys, plansFailure, plansRetrying } from "./api";

/**
 * Issue #25: when the plans cannot be loaded, the notice shows on the first failed attempt, while
 * the query client's retries (1 s, then 2 s) go on in the background; it goes once one succeeds.
 */
describe("the plans' notice", () => {
  let server: Server;
  let base = "";
  let down = true;
  let asked = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      asked++;
      if (down) {
        // Dropped as a stopped API's proxy would: no answer at all.
        res.socket?.destroy();
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ _id: "plan_free", name: "Free" }]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("shows at the first failure, while the retries go on, and goes when one succeeds", async () => {
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, {
      queryKey: planKeys.list(),
      queryFn: async () => (await fetch(`${base}/api/plans`)).json() as Promise<unknown>,
    });
    const seen: QueryObserverResult<unknown>[] = [];
    const stop = observer.subscribe((result) => seen.push(result));

    await expect.poll(() => seen.some((r) => plansFailure(r) !== null)).toBe(true);
    const first = seen.find((r) => plansFailure(r) !== null);
    // Shown after one attempt, not after the query client gave up: a retry is still to come.
    expect(first?.failureCount).toBe(1);
    expect(first?.status).toBe("pending");
    expect(first?.fetchStatus).toBe("fetching");
    expect(asked).toBe(1);
    // Try again stays usable while the query client's own retry waits.
    expect(plansRetrying(first ?? observer.getCurrentResult())).toBe(false);
    expect(plansFailure(first ?? seen[0] ?? observer.getCurrentResult())).toBeInstanceOf(TypeError);

    // The API is back before the next attempt: the notice goes and the plans show.
    down = false;
    await expect.poll(() => observer.getCurrentResult().data, { timeout: scaled(5_000) }).toBeDefined();
    expect(plansFailure(observer.getCurrentResult())).toBeNull();
    stop();
  });

  it("plans already on screen stay when a refresh fails", () => {
    const failed = new Error("offline");
    expect(plansFailure({ data: [{ _id: "plan_free" }], error: failed, failureReason: failed })).toBeNull();
    expect(plansFailure({ data: undefined, error: null, failureReason: null })).toBeNull();
    expect(plansFailure({ data: undefined, error: failed, failureReason: null })).toBe(failed);
  });
});
