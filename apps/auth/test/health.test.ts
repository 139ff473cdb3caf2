import { authReadinessSchema, livenessSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { createTestApp, testDrivers } from "./harness";

// Kubernetes probes the auth service's liveness on /live and its readiness on /ready: a database
// outage takes it out of the load balancer without the kubelet restarting every replica.
describe.each(testDrivers())("auth probes on %s", (driver) => {
  it("is live and ready with its database; live, not ready, database down without it", async () => {
    const t = await createTestApp(driver);
    try {
      const live = await t.app.inject({ method: "GET", url: "/live" });
      expect(live.statusCode).toBe(200);
      expect(livenessSchema.parse(live.json()).status).toBe("ok");
      const ready = await t.app.inject({ method: "GET", url: "/ready" });
      expect(ready.statusCode).toBe(200);
      expect(authReadinessSchema.parse(ready.json())).toMatchObject({
        status: "ready",
        checks: { database: { ok: true }, migrations: { ok: true, checked: true, pending: [] } },
      });

      // The real database handle closed: every query fails from now on.
      await t.db.close();
      await expect(t.db.ping()).rejects.toThrow();

      const liveAfter = await t.app.inject({ method: "GET", url: "/live" });
      expect(liveAfter.statusCode).toBe(200);
      expect(liveAfter.headers["cache-control"]).toBe("no-store");
      const readyAfter = await t.app.inject({ method: "GET", url: "/ready" });
      expect(readyAfter.statusCode).toBe(503);
      expect(authReadinessSchema.parse(readyAfter.json())).toEqual({
        status: "not_ready",
        checks: {
          database: { ok: false, latencyMs: null },
          migrations: { ok: false, checked: false, pending: [] },
        },
      });
    } finally {
      await t.close();
    }
  });
});
