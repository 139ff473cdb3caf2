import type { WebhookEndpointWithSecret } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { WEBHOOK_DELIVER_JOB, webhookWorkers } from "../../src/modules/webhooks/webhook-delivery";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { type Receiver, startReceiver } from "./receiver";

const hangs: Owner = { sub: "auth_whf_hangs", email: "hangs@example.com", name: "Shop with a hung receiver" };
const healthy: Owner = { sub: "auth_whf_healthy", email: "healthy@example.com", name: "Healthy shop" };

/**
 * Issue #35: one customer's receivers cannot stall another's. A workspace with three endpoints
 * that never answer (twelve events waiting, more than the server's eight webhook workers) holds
 * two workers per endpoint and half of them in all; another workspace's event, queued after all of
 * them, is delivered at once by a worker left over.
 */
describe.each(testDrivers())("webhook delivery across workspaces on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let receiver: Receiver;
  let api: ReturnType<typeof builderClient>;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    receiver = await startReceiver();
    t = await createTestApp(
      driver,
      // A receiver's deadline past the test: the hung attempts hold their workers throughout.
      { AUTH_URL: issuer.url, WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOKS_TIMEOUT_MS: "60000" },
      { listen: true },
    );
    api = builderClient(t, issuer);
    await setPlan(t, hangs.sub, "pro-monthly");
    await setPlan(t, healthy.sub, "business-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), receiver?.close()]);
  });

  const endpoint = async (who: Owner, path: string): Promise<WebhookEndpointWithSecret> => {
    const res = await api.json(who, "POST", "/api/webhooks", {
      url: `${receiver.url}${path}`,
      events: ["lead.created"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const sendTest = async (who: Owner, endpointId: string): Promise<string> => {
    const res = await api.json(who, "POST", `/api/webhooks/${endpointId}/test`);
    expect(res.status).toBe(202);
    return res.body.messageId;
  };
  /** The delivery jobs of each endpoint, by status, as the queue holds them. */
  const attemptJobs = async () =>
    rowsOf<{ group_key: string; tenant_key: string; status: string; n: number }>(
      await t.db.db.execute(
        sql`select group_key, tenant_key, status, count(*)::int as n from jobs
             where kind = ${WEBHOOK_DELIVER_JOB} and status in ('queued', 'running')
             group by group_key, tenant_key, status`,
      ),
    );

  it("a workspace's hung receivers hold two workers each and half in all; another's event arrives at once", async () => {
    const hung = [
      await endpoint(hangs, "/slow"),
      await endpoint(hangs, "/slow"),
      await endpoint(hangs, "/slow"),
    ];
    const ok = await endpoint(healthy, "/ok");
    for (const h of hung) for (let i = 0; i < 4; i++) await sendTest(hangs, h.endpoint.id);

    // The server's eight webhook workers, as server.ts starts them (polling once a second: what
    // the test sends reaches them by the wake-up that follows its commit).
    const stops = webhookWorkers(t.app.services.jobs, 8).map((worker) => worker.start());
    try {
      await until("the hung receivers to hold four attempts", () => receiver.to("/slow").length >= 4);
      const messageId = await sendTest(healthy, ok.endpoint.id);
      // From the moment its delivery is queued (the answer to "Send test event").
      const sent = performance.now();
      await until("the healthy shop's receiver to get its event", () =>
        receiver.to("/ok").some((r) => r.headers["webhook-id"] === messageId),
      );
      expect(performance.now() - sent).toBeLessThan(scaled(1000));

      // Its job was queued after all twelve of the other shop's (claims go oldest first): those
      // were passed over because their endpoints and their workspace had no room.
      const jobsNow = await attemptJobs();
      const hungIds = new Set(hung.map((h) => h.endpoint.id));
      const ofHung = jobsNow.filter((j) => hungIds.has(j.group_key));
      const running = ofHung.filter((j) => j.status === "running");
      const byEndpoint = new Map(hung.map((h) => [h.endpoint.id, 0]));
      for (const j of running) byEndpoint.set(j.group_key, (byEndpoint.get(j.group_key) ?? 0) + j.n);
      expect([...byEndpoint.values()].sort()).toEqual([0, 2, 2]);
      expect(new Set(ofHung.map((j) => j.tenant_key)).size).toBe(1);
      const queued = ofHung.filter((j) => j.status === "queued").reduce((n, j) => n + j.n, 0);
      expect(queued).toBe(8);
      expect(receiver.to("/slow")).toHaveLength(4);
    } finally {
      // A replica shutting down: the hung attempts are aborted and handed back to the queue.
      await Promise.all(stops.map((stop) => stop({ handBack: true, waitMs: 2000 })));
    }
    for (const h of hung)
      expect((await api.json(hangs, "DELETE", `/api/webhooks/${h.endpoint.id}`)).status).toBe(204);
    expect((await api.json(healthy, "DELETE", `/api/webhooks/${ok.endpoint.id}`)).status).toBe(204);
  });
});
