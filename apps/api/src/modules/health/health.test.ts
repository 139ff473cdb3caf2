import { errorBodySchema, healthSchema, livenessSchema, readinessSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { nextMessage } from "../../../test/next-message";
import { buildApp } from "../../app";

describe.each(testDrivers())("health and errors on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("reports the database as reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body.status).toBe("ok");
    expect(body.database).toMatchObject({ ok: true, driver });
  });

  it("reports readiness, with pub/sub over Postgres without REDIS_URL, else in process", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    const body = readinessSchema.parse(res.json());
    expect(body.status).toBe("ready");
    expect(body.checks.redis).toEqual({ configured: false, ok: true, latencyMs: null });
    // Replicas on one Postgres talk through LISTEN/NOTIFY, listening at least to the cache
    // invalidations; PGlite is one process: nothing goes out, nothing can be lost.
    expect(body.checks.pubsub).toMatchObject({ configured: driver === "postgres", ok: true, pending: 0 });
    if (driver === "postgres") expect(body.checks.pubsub.channels).toBeGreaterThanOrEqual(1);
  });

  it.runIf(driver === "postgres")("carries messages to another replica on the same Postgres", async () => {
    // A second replica: the same code and settings on the same database, no Redis.
    const other = await buildApp({ env: t.env, db: t.db, logger: false });
    try {
      await other.ready();
      const arrived = nextMessage(other.pubsub, "t:replicas");
      expect(await other.pubsub.whenSubscribed(5000)).toBe(true);
      expect(await t.app.pubsub.publish("t:replicas", "hello")).toBe(true);
      expect((await arrived).message).toBe("hello");
    } finally {
      await other.close();
    }
  });

  it("answers unknown API routes with the one error shape and a request id", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-request-id": "abc-123" },
    });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.requestId).toBe("abc-123");
    expect(res.headers["x-request-id"]).toBe("abc-123");
  });

  it("replaces an unsafe incoming request id with its own", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-request-id": "<script>" },
    });
    const body = errorBodySchema.parse(res.json());
    expect(body.error.requestId).not.toBe("<script>");
    // Its own: this process's random prefix and a counter, different for every request.
    expect(body.error.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-z]+$/);
    const again = await t.app.inject({ method: "GET", url: "/api/nope", headers: { "x-request-id": "a b" } });
    const second = errorBodySchema.parse(again.json()).error.requestId;
    expect(second).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-z]+$/);
    expect(second).not.toBe(body.error.requestId);
    expect(second.slice(0, 13)).toBe(body.error.requestId.slice(0, 13));
  });

  it("turns a malformed JSON body into BAD_REQUEST without leaking internals", async () => {
    // A real public JSON route (the contact form), so the body parser is what refuses it.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.message).not.toMatch(/at .*\.ts|node_modules/);
  });

  it("the same route takes well-formed JSON (the 400 above is the parser's, not the route's)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({}),
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe("VALIDATION_FAILED");
  });
});

describe.each(testDrivers())("health when the database is gone (%s)", (driver) => {
  it("stays live (200, no database touched), is not ready, says the database is down, and /api/health is 503", async () => {
    const t = await createTestApp(driver);
    try {
      const live = await t.app.inject({ method: "GET", url: "/api/live" });
      expect(live.statusCode).toBe(200);
      expect(livenessSchema.parse(live.json()).status).toBe("ok");
      // The real database handle closed: every query fails from now on (for Postgres, the pool
      // refuses; for PGlite, the embedded instance is gone).
      await t.db.close();
      await expect(t.db.ping()).rejects.toThrow();

      const afterOutage = await t.app.inject({ method: "GET", url: "/api/live" });
      expect(afterOutage.statusCode).toBe(200);
      expect(afterOutage.headers["cache-control"]).toBe("no-store");
      expect(livenessSchema.parse(afterOutage.json())).toMatchObject({ status: "ok" });

      const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      const body = readinessSchema.parse(ready.json());
      expect(body.status).toBe("not_ready");
      expect(body.checks.database).toEqual({ ok: false, latencyMs: null });
      // Unknown, not "every migration is pending".
      expect(body.checks.migrations).toEqual({ ok: false, checked: false, pending: [] });

      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(healthSchema.parse(health.json())).toMatchObject({
        status: "degraded",
        database: { ok: false },
      });
    } finally {
      await t.close();
    }
  });
});
