import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { webhookDeliveries, webhookEndpoints } from "../../src/db/schema";
import { WEBHOOK_ATTEMPT_KINDS } from "../../src/modules/webhooks/webhook-delivery";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { type Received, type Receiver, startReceiver, verifies } from "./receiver";

const shopA: Owner = { sub: "auth_wh_shop_a", email: "a@example.com", name: "Shop A" };
const shopB: Owner = { sub: "auth_wh_shop_b", email: "b@example.com", name: "Shop B" };
const freeShop: Owner = { sub: "auth_wh_free", email: "free@example.com", name: "Free shop" };

const WEBHOOK_JOBS = ["webhooks.fanout", "webhooks.deliver"];

/**
 * Outgoing webhooks end to end over real HTTP: events from the real places (a visitor's
 * conversation and lead, a handoff request, closing it in the inbox, a source ready or failed),
 * delivered by the job queue to a receiver on 127.0.0.1 that checks every signature with the
 * reference `standardwebhooks` library; retries after a 500, rotation with an overlap, redelivery,
 * timeouts, the response size bound, redirects, other workspaces and the Free plan.
 */
describe.each(testDrivers("either"))("webhooks on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let receiver: Receiver;
  let api: ReturnType<typeof builderClient>;
  let botId = "";

  const call = async (who: Owner, method: string, path: string, body?: unknown) =>
    api.json(who, method, path, body);

  async function createEndpoint(
    who: Owner,
    body: Record<string, unknown>,
  ): Promise<WebhookEndpointWithSecret> {
    const res = await call(who, "POST", "/api/webhooks", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  /** Runs the queue (the worker is off in tests) until no webhook job is left. */
  async function settle() {
    await until(
      "the webhook jobs to finish",
      async () => {
        await t.app.services.jobs.drain();
        for (const kind of WEBHOOK_JOBS) if ((await t.app.services.jobs.pendingCount(kind)) > 0) return false;
        return true;
      },
      20_000,
    );
  }

  async function deliveries(who: Owner, endpointId: string): Promise<WebhookDelivery[]> {
    const res = await call(who, "GET", `/api/webhooks/${endpointId}/deliveries`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.deliveries;
  }

  const widget = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/api/widget/${botId}${path}`, {
      method,
      headers: {
        "x-parley-visitor": "visitor-webhooks-000000001",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    receiver = await startReceiver();
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        // The receiver listens on 127.0.0.1: allowed here as the crawler's and the model's tests
        // allow it (never in production; webhooks.security.test.ts runs with it off).
        WEBHOOKS_ALLOW_PRIVATE: "true",
        // 800 ms on a quiet machine: an endless answer's first KB arrives well within it.
        WEBHOOKS_TIMEOUT_MS: String(scaled(800)),
        WEBHOOKS_RETRY_BASE_MS: "1",
      },
      { listen: true },
    );
    api = builderClient(t, issuer);
    await setPlan(t, shopA.sub, "pro-monthly");
    await setPlan(t, shopB.sub, "business-monthly");
    botId = (
      await api.createBot(shopA, {
        name: "Kettle help",
        published: true,
        leadCapture: true,
        handoff: { enabled: true, officeHours: null },
      })
    )._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await receiver?.close();
  });

  describe("events from the real places, through a receiver that fails once", () => {
    let endpoint: WebhookEndpointWithSecret;
    let conversationId = "";

    beforeAll(async () => {
      endpoint = await createEndpoint(shopA, {
        url: `${receiver.url}/flaky`,
        description: "CRM",
        events: [...WEBHOOK_EVENT_TYPES],
      });
    });

    it("shows the secret once, in Standard Webhooks' form, and never in lists", async () => {
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(endpoint.endpoint.enabled).toBe(true);
      const list = await call(shopA, "GET", "/api/webhooks");
      expect(list.status).toBe(200);
      expect(list.body.endpoints.map((e: WebhookEndpoint) => e.id)).toContain(endpoint.endpoint.id);
      const one = await call(shopA, "GET", `/api/webhooks/${endpoint.endpoint.id}`);
      expect(JSON.stringify([list.body, one.body])).not.toContain(endpoint.secret.slice(6));
    });

    it("sends nothing in the visitor's request: the job queue does", async () => {
      const before = receiver.requests.length;
      const res = await widget("POST", "/conversations");
      expect(res.status).toBe(201);
      conversationId = ((await res.json()) as { _id: string })._id;
      expect(receiver.requests.length).toBe(before);
      expect(await t.app.services.jobs.pendingCount("webhooks.fanout")).toBe(1);
    });

    it("emits a lead, a handoff request and the closing from their routes", async () => {
      const lead = await widget("POST", `/conversations/${conversationId}/lead`, {
        email: "Sara@Example.com",
        name: "Sara",
      });
      expect(lead.status).toBe(200);
      const handoff = await widget("POST", `/conversations/${conversationId}/handoff`);
      expect(handoff.status).toBe(200);
      expect(((await handoff.json()) as { status: string }).status).toBe("waiting");
      const closed = await call(shopA, "POST", `/api/conversations/${conversationId}/close`);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      // Closing again changes nothing and emits nothing.
      expect((await call(shopA, "POST", `/api/conversations/${conversationId}/close`)).status).toBe(200);
    });

    it("emits source.ready and source.failed when ingestion ends", async () => {
      const ok = await api.addSource(shopA, botId, {
        kind: "text",
        title: "Returns",
        content: "Kettles can be returned within 30 days with the receipt.",
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      // The receiver answers plain text: the crawl reads no page, and the source fails.
      const bad = await api.addSource(shopA, botId, { kind: "website", url: `${receiver.url}/not-a-site` });
      expect(bad.status, JSON.stringify(bad.body)).toBe(201);
      await settle();
      const sources = await api.sources(shopA, botId);
      expect(sources.map((s) => s.status).sort()).toEqual(["failed", "ready"]);
    });

    it("delivers each event once after a forced 500 and a retry, every signature verified", async () => {
      await settle();
      const got = receiver.to("/flaky");
      for (const r of got) expect(verifies(endpoint.secret, r), r.body).toBe(true);
      const byId = new Map<string, Received[]>();
      for (const r of got) {
        const id = String(r.headers["webhook-id"]);
        byId.set(id, [...(byId.get(id) ?? []), r]);
      }
      // Every message: first 500, then one accepted retry with the same id and body.
      for (const [, tries] of byId) {
        expect(tries.map((r) => r.answered)).toEqual([500, 200]);
        expect(tries[1]?.body).toBe(tries[0]?.body);
      }
      const accepted = got.filter((r) => r.answered === 200).map(typeOf);
      expect(accepted.sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
      const lead = got.find((r) => r.answered === 200 && typeOf(r) === "lead.created");
      const body = JSON.parse(lead?.body ?? "{}");
      expect(body.workspaceId).toBe(shopA.sub);
      expect(body.data.lead).toMatchObject({
        email: "sara@example.com",
        name: "Sara",
        conversationId,
        chatbotId: botId,
      });
      // The event names the stored lead, as the inbox lists it.
      const leads = (await call(shopA, "GET", `/api/leads?chatbotId=${botId}`)).body as Array<{
        _id: string;
        createdAt: string;
      }>;
      expect(leads).toHaveLength(1);
      expect(body.data.lead).toMatchObject({ id: leads[0]?._id, createdAt: leads[0]?.createdAt });
      const closed = JSON.parse(got.find((r) => typeOf(r) === "conversation.closed")?.body ?? "{}");
      expect(closed.data.conversation).toMatchObject({ id: conversationId, status: "closed" });
      const failed = JSON.parse(got.find((r) => typeOf(r) === "source.failed")?.body ?? "{}");
      expect(failed.data.source.error).toEqual(expect.any(String));
    });

    it("logs every attempt: status, latency and the answer's first bytes", async () => {
      const log = await deliveries(shopA, endpoint.endpoint.id);
      expect(log).toHaveLength(WEBHOOK_EVENT_TYPES.length);
      for (const d of log) {
        expect(d.status).toBe("succeeded");
        expect(d.attempts).toBe(2);
        expect(d.log.map((a) => a.statusCode)).toEqual([200, 500]);
        expect(d.log[1]).toMatchObject({
          responseBody: "boom: try again",
          error: "The receiver answered 500.",
        });
        expect(d.log[0]?.error).toBeNull();
        for (const a of d.log) expect(a.latencyMs).toBeGreaterThanOrEqual(0);
      }
      const page = await call(shopA, "GET", `/api/webhooks/${endpoint.endpoint.id}/deliveries?limit=4`);
      expect(page.body.deliveries).toHaveLength(4);
      const rest = await call(
        shopA,
        "GET",
        `/api/webhooks/${endpoint.endpoint.id}/deliveries?limit=4&before=${encodeURIComponent(page.body.nextCursor)}`,
      );
      expect(rest.body.deliveries).toHaveLength(WEBHOOK_EVENT_TYPES.length - 4);
      expect(rest.body.nextCursor).toBeNull();
      const ids = [...page.body.deliveries, ...rest.body.deliveries].map((d: WebhookDelivery) => d.id);
      expect(new Set(ids).size).toBe(WEBHOOK_EVENT_TYPES.length);
    });

    it("redelivers a message with the same id and body", async () => {
      const [first] = await deliveries(shopA, endpoint.endpoint.id);
      const before = receiver.to("/flaky").length;
      const res = await call(shopA, "POST", `/api/webhooks/deliveries/${first?.id}/redeliver`);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ status: "pending", messageId: first?.messageId });
      await settle();
      const again = receiver.to("/flaky").slice(before);
      expect(again).toHaveLength(1);
      expect(again[0]?.headers["webhook-id"]).toBe(first?.messageId);
      expect(verifies(endpoint.secret, again[0] as Received)).toBe(true);
    });

    it("sends nothing to an endpoint turned off, or for events it did not choose", async () => {
      const patched = await call(shopA, "PATCH", `/api/webhooks/${endpoint.endpoint.id}`, { enabled: false });
      expect(patched.status).toBe(200);
      expect(patched.body.enabled).toBe(false);
      const only = await createEndpoint(shopA, { url: `${receiver.url}/ok`, events: ["source.ready"] });
      const before = receiver.requests.length;
      expect((await widget("POST", "/conversations")).status).toBe(201);
      // Nobody wants conversation.created now: not even a job is queued for it.
      expect(await t.app.services.jobs.pendingCount("webhooks.fanout")).toBe(0);
      await settle();
      expect(receiver.requests.length).toBe(before);
      expect(await deliveries(shopA, only.endpoint.id)).toEqual([]);
      const test = await call(shopA, "POST", `/api/webhooks/${endpoint.endpoint.id}/test`);
      expect(test.status).toBe(409);
      expect((await call(shopA, "DELETE", `/api/webhooks/${only.endpoint.id}`)).status).toBe(204);
    });
  });

  describe("secret rotation", () => {
    it("signs with both secrets during the overlap, and with the new one alone after", async () => {
      const created = await createEndpoint(shopA, { url: `${receiver.url}/ok`, events: ["lead.created"] });
      const id = created.endpoint.id;
      const rotated = await call(shopA, "POST", `/api/webhooks/${id}/rotate-secret`, { overlapHours: 24 });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      const second: string = rotated.body.secret;
      expect(second).not.toBe(created.secret);
      expect(rotated.body.endpoint.previousSecretUntil).toEqual(expect.any(String));

      const test = await call(shopA, "POST", `/api/webhooks/${id}/test`);
      expect(test.status).toBe(202);
      await settle();
      const during = receiver.to("/ok").find((r) => r.headers["webhook-id"] === test.body.messageId);
      expect(during && typeOf(during)).toBe("webhook.test");
      // A receiver still on the old secret accepts it, and so does one already on the new.
      expect(verifies(created.secret, during as Received)).toBe(true);
      expect(verifies(second, during as Received)).toBe(true);

      const ended = await call(shopA, "POST", `/api/webhooks/${id}/rotate-secret`, { overlapHours: 0 });
      const third: string = ended.body.secret;
      expect(ended.body.endpoint.previousSecretUntil).toBeNull();
      const test2 = await call(shopA, "POST", `/api/webhooks/${id}/test`);
      await settle();
      const after = receiver.to("/ok").find((r) => r.headers["webhook-id"] === test2.body.messageId);
      expect(verifies(third, after as Received)).toBe(true);
      expect(verifies(second, after as Received)).toBe(false);
      expect(verifies(created.secret, after as Received)).toBe(false);
    });

    it("ends the overlap when its time is up", async () => {
      const created = await createEndpoint(shopA, { url: `${receiver.url}/ok`, events: ["lead.created"] });
      const id = created.endpoint.id;
      const rotated = await call(shopA, "POST", `/api/webhooks/${id}/rotate-secret`, { overlapHours: 1 });
      t.app.clock.advance(2 * 3_600_000);
      const test = await call(shopA, "POST", `/api/webhooks/${id}/test`);
      await settle();
      const sent = receiver.to("/ok").find((r) => r.headers["webhook-id"] === test.body.messageId);
      expect(verifies(rotated.body.secret, sent as Received)).toBe(true);
      expect(verifies(created.secret, sent as Received)).toBe(false);
      expect((await call(shopA, "GET", `/api/webhooks/${id}`)).body.previousSecretUntil).toBeNull();
    });
  });

  describe("a replica that stops in the middle of a delivery", () => {
    it("hands the attempt back: the receiver gets the message once more at most, never zero times", async () => {
      const created = await createEndpoint(shopA, { url: `${receiver.url}/hold`, events: ["lead.created"] });
      const test = await call(shopA, "POST", `/api/webhooks/${created.endpoint.id}/test`);
      const messageId: string = test.body.messageId;
      // The worker the server runs webhook attempts in (other kinds' retries are not its business).
      const jobs = t.app.services.jobs.worker({ only: WEBHOOK_ATTEMPT_KINDS });
      const running = jobs.runOne();
      await until("the receiver to hold the request", () => receiver.to("/hold").length === 1);
      // What the API does on SIGTERM: the running job is aborted and queued again at once.
      expect(await jobs.handBack(2000)).toEqual(expect.any(String));
      await running;
      receiver.release();
      await settle();
      const got = receiver.to("/hold").filter((r) => r.headers["webhook-id"] === messageId);
      expect(got).toHaveLength(2);
      expect(got.map((r) => r.answered)).toEqual(["hung", 200]);
      expect(got.every((r) => verifies(created.secret, r))).toBe(true);
      const [delivery] = await deliveries(shopA, created.endpoint.id);
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(delivery?.log.map((a) => a.statusCode)).toEqual([200]);
      expect((await call(shopA, "DELETE", `/api/webhooks/${created.endpoint.id}`)).status).toBe(204);
    });
  });

  describe("the server's two workers", () => {
    it("run webhook attempts beside the other jobs: a receiver that hangs holds up no other job", async () => {
      const jobs = t.app.services.jobs;
      let quickRan = 0;
      let slowClosedWhenQuickRan = -1;
      jobs.register("test.quick", async () => {
        quickRan++;
        slowClosedWhenQuickRan = receiver.slowClosed;
      });
      const created = await createEndpoint(shopA, { url: `${receiver.url}/slow`, events: ["lead.created"] });
      const test = await call(shopA, "POST", `/api/webhooks/${created.endpoint.id}/test`);
      const closedBefore = receiver.slowClosed;
      // As server.ts runs them: one worker for webhook attempts, one for everything else.
      const stops = [
        jobs.worker({ only: WEBHOOK_ATTEMPT_KINDS }).start(20),
        jobs.worker({ except: WEBHOOK_ATTEMPT_KINDS }).start(20),
      ];
      try {
        await until("the receiver to hold the attempt", () =>
          receiver.to("/slow").some((r) => r.headers["webhook-id"] === test.body.messageId),
        );
        await jobs.enqueue("test.quick", {});
        await until("the other job to run", () => quickRan === 1);
        // It ran while the webhook request was still hanging (the attempt's deadline is 800 ms, times the machine's slowness).
        expect(slowClosedWhenQuickRan).toBe(closedBefore);
      } finally {
        await Promise.all(stops.map((stop) => stop()));
      }
      expect((await call(shopA, "DELETE", `/api/webhooks/${created.endpoint.id}`)).status).toBe(204);
      await settle();
    });
  });

  describe("receivers that misbehave", () => {
    async function firstAttempt(path: string) {
      const created = await createEndpoint(shopA, {
        url: `${receiver.url}${path}`,
        events: ["lead.created"],
      });
      const test = await call(shopA, "POST", `/api/webhooks/${created.endpoint.id}/test`);
      expect(test.status).toBe(202);
      let log: WebhookDelivery[] = [];
      await until(
        `the first attempt to ${path}`,
        async () => {
          await t.app.services.jobs.runOne();
          log = await deliveries(shopA, created.endpoint.id);
          return (log[0]?.log.length ?? 0) > 0;
        },
        15_000,
      );
      // Retries would go on for a day: deleting the endpoint ends them (its deliveries go with it).
      expect((await call(shopA, "DELETE", `/api/webhooks/${created.endpoint.id}`)).status).toBe(204);
      await settle();
      return { delivery: log[0] as WebhookDelivery, attempt: log[0]?.log[0] };
    }

    it("gives up on a receiver that does not answer in time, hangs up, and retries later", async () => {
      const { delivery, attempt } = await firstAttempt("/slow");
      expect(attempt).toMatchObject({ statusCode: null, error: "The receiver did not answer in time." });
      expect(attempt?.latencyMs).toBeLessThan(5000);
      expect(delivery.status).toBe("pending");
      expect(delivery.nextAttemptAt).toEqual(expect.any(String));
      await until("the slow request to be closed", () => receiver.slowClosed > 0);
    });

    it("reads only the first bytes of an endless answer and hangs up", async () => {
      const { delivery, attempt } = await firstAttempt("/endless");
      expect(delivery.status).toBe("succeeded");
      expect(attempt?.statusCode).toBe(200);
      expect(attempt?.responseBody).toBe("x".repeat(1024));
      await until("the endless answer to be closed", () => receiver.endlessClosed > 0, 30_000);
    });

    it("does not follow a redirect: a 3xx is a failure", async () => {
      receiver.setRedirect(`${receiver.url}/ok`);
      const before = receiver.to("/ok").length;
      const { delivery, attempt } = await firstAttempt("/redirect");
      expect(attempt?.statusCode).toBe(302);
      expect(attempt?.error).toMatch(/redirect/);
      expect(delivery.status).toBe("pending");
      expect(receiver.to("/ok").length).toBe(before);
    });
  });

  describe("other workspaces, plans and bad input", () => {
    let endpointId = "";
    let deliveryId = "";

    beforeAll(async () => {
      const created = await createEndpoint(shopA, { url: `${receiver.url}/ok`, events: ["lead.created"] });
      endpointId = created.endpoint.id;
      const test = await call(shopA, "POST", `/api/webhooks/${endpointId}/test`);
      deliveryId = test.body.id;
      await settle();
    });

    it("hides a workspace's endpoints and deliveries from another, which cannot change them", async () => {
      const list = await call(shopB, "GET", "/api/webhooks");
      expect(list.status).toBe(200);
      expect(list.body.endpoints).toEqual([]);
      for (const [method, path, body] of [
        ["GET", `/api/webhooks/${endpointId}`],
        ["PATCH", `/api/webhooks/${endpointId}`, { url: `${receiver.url}/stolen`, enabled: true }],
        ["POST", `/api/webhooks/${endpointId}/rotate-secret`, {}],
        ["POST", `/api/webhooks/${endpointId}/test`],
        ["GET", `/api/webhooks/${endpointId}/deliveries`],
        ["POST", `/api/webhooks/deliveries/${deliveryId}/redeliver`],
        ["DELETE", `/api/webhooks/${endpointId}`],
      ] as const) {
        const res = await call(shopB, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe("NOT_FOUND");
      }
      const mine = await call(shopA, "GET", `/api/webhooks/${endpointId}`);
      expect(mine.body.url).toBe(`${receiver.url}/ok`);
      expect(await deliveries(shopA, endpointId)).toHaveLength(1);
    });

    it("refuses webhooks on the Free plan (they come with the API: Pro and Business)", async () => {
      const res = await call(freeShop, "POST", "/api/webhooks", {
        url: `${receiver.url}/ok`,
        events: ["lead.created"],
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("PLAN_LIMIT_REACHED");
      expect(res.body.error.message).toMatch(/does not include webhooks/);
      expect((await call(freeShop, "GET", "/api/webhooks")).body.endpoints).toEqual([]);
    });

    it("sends nothing for a workspace downgraded to Free", async () => {
      await setPlan(t, shopA.sub, "free-monthly");
      t.app.services.caches.plans.invalidate(shopA.sub);
      const before = receiver.requests.length;
      expect((await widget("POST", "/conversations")).status).toBe(201);
      const lead = await call(shopA, "POST", `/api/webhooks/${endpointId}/test`);
      expect(lead.status).toBe(403);
      await settle();
      expect(receiver.requests.length).toBe(before);
      await setPlan(t, shopA.sub, "pro-monthly");
      t.app.services.caches.plans.invalidate(shopA.sub);
    });

    it.each([
      [{ url: "ftp://example.com/hook", events: ["lead.created"] }, "body.url"],
      [{ url: "not a url", events: ["lead.created"] }, "body.url"],
      [{ url: `https://example.com/${"a".repeat(2001)}`, events: ["lead.created"] }, "body.url"],
      [{ url: "https://example.com/hook", events: [] }, "body.events"],
      [{ url: "https://example.com/hook", events: ["lead.deleted"] }, "body.events.0"],
      [
        { url: "https://example.com/hook", events: ["lead.created"], description: "two\nlines" },
        "body.description",
      ],
      [
        { url: "https://example.com/hook", events: ["lead.created"], description: "d".repeat(201) },
        "body.description",
      ],
      [{ url: "https://example.com/hook", events: "lead.created" }, "body.events"],
    ])("refuses malformed input %#", async (body, path) => {
      const res = await call(shopA, "POST", "/api/webhooks", body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    });

    it("refuses an unknown overlap and a malformed cursor", async () => {
      const rotate = await call(shopA, "POST", `/api/webhooks/${endpointId}/rotate-secret`, {
        overlapHours: 73,
      });
      expect(rotate.status).toBe(400);
      const cursor = await call(shopA, "GET", `/api/webhooks/${endpointId}/deliveries?before=nonsense`);
      expect(cursor.status).toBe(400);
    });

    it("keeps finished deliveries in the log for 30 days", async () => {
      expect(await deliveries(shopA, endpointId)).toHaveLength(1);
      t.app.clock.advance(29 * 86_400_000);
      expect((await t.app.services.webhooks.prune()).deliveries).toBe(0);
      t.app.clock.advance(2 * 86_400_000);
      expect((await t.app.services.webhooks.prune()).deliveries).toBeGreaterThanOrEqual(1);
      expect(await deliveries(shopA, endpointId)).toEqual([]);
    });

    it("writes every change to the audit log, never the secret", async () => {
      const res = await call(shopA, "GET", "/api/workspace/audit-log");
      expect(res.status).toBe(200);
      const actions = res.body.entries.map((e: { action: string }) => e.action);
      for (const action of [
        "webhook.created",
        "webhook.updated",
        "webhook.secret_rotated",
        "webhook.deleted",
      ])
        expect(actions).toContain(action);
      expect(JSON.stringify(res.body)).not.toMatch(/whsec_/);
    });

    it("goes with the account: deleting the user deletes their endpoints and deliveries", async () => {
      const body = JSON.stringify({
        id: "evt_delete_wh_shop_b",
        type: "user.deleted",
        occurredAt: new Date().toISOString(),
        data: { userId: shopB.sub, email: shopB.email },
      });
      const created = await createEndpoint(shopB, { url: `${receiver.url}/ok`, events: ["lead.created"] });
      await call(shopB, "POST", `/api/webhooks/${created.endpoint.id}/test`);
      await settle();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/internal/auth-events",
        headers: { "content-type": "application/json", ...signWebhook(t.env.AUTH_EVENTS_SECRET, body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      const db = t.db.db;
      expect(
        await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, shopB.sub)),
      ).toEqual([]);
      expect(
        await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, shopB.sub)),
      ).toEqual([]);
      // Another workspace's endpoint stays.
      expect((await call(shopA, "GET", `/api/webhooks/${endpointId}`)).status).toBe(200);
    });
  });
});
