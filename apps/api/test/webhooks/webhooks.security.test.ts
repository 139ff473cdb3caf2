import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../src/db/schema";
import { createOutboundGuard, PRIVATE_ADDRESS_MESSAGE } from "../../src/lib/outbound";
import { sendWebhook } from "../../src/modules/webhooks/webhook-sender";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";

const shop: Owner = { sub: "auth_wh_guarded", email: "guarded@example.com", name: "Guarded shop" };

/** A listener on 127.0.0.1 standing for the inner network's services: it must never be reached. */
async function listen(handler: (path: string) => { status: number; headers?: Record<string, string> }) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "/");
    const out = handler(req.url ?? "/");
    res.writeHead(out.status, out.headers).end("internal secret");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Webhook targets through the outbound guard as production runs it (WEBHOOKS_ALLOW_PRIVATE off):
 * a workspace cannot point an endpoint at loopback, private, link-local or unique-local addresses
 * in any spelling, an address that turns private later is refused when it connects, and a
 * redirect is never followed (to a private address or anywhere).
 */
describe.each(testDrivers("either"))("webhook targets against the inner network on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  let internal: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    internal = await listen(() => ({ status: 200 }));
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, WEBHOOKS_ALLOW_PRIVATE: "false" },
      { listen: true },
    );
    api = builderClient(t, issuer);
    await setPlan(t, shop.sub, "pro-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await internal?.close();
  });

  it("is off by default in production only", () => {
    expect(t.env.WEBHOOKS_ALLOW_PRIVATE).toBe(false);
  });

  it.each([
    (p: number) => `http://127.0.0.1:${p}/hook`,
    (p: number) => `http://localhost:${p}/hook`,
    (p: number) => `http://[::1]:${p}/hook`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/hook`,
    (p: number) => `http://2130706433:${p}/hook`,
    (p: number) => `http://0x7f000001:${p}/hook`,
    () => "http://10.0.0.1/hook",
    () => "http://172.16.5.4:8080/hook",
    () => "http://192.168.1.1/hook",
    () => "http://169.254.169.254/latest/meta-data/",
    () => "http://[fd00::1]/hook",
    () => "http://[fe80::1]/hook",
    () => "http://0.0.0.0/hook",
  ])("refuses an endpoint at %s", async (spell) => {
    const url = spell(internal.port);
    const res = await api.json(shop, "POST", "/api/webhooks", { url, events: ["lead.created"] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.message).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(res.body.error.details).toEqual([
      // The message's code travels with it (issue #32): the apps translate the code.
      {
        path: "body.url",
        message: PRIVATE_ADDRESS_MESSAGE,
        messageKey: "crawl.addressOnPrivateOrLocalNetwork",
      },
    ]);
    expect(internal.hits).toEqual([]);
    expect((await api.json(shop, "GET", "/api/webhooks")).body.endpoints).toEqual([]);
  });

  describe("an endpoint at a public address", () => {
    let id = "";
    beforeAll(async () => {
      // Not resolvable here (no DNS in tests): accepted, and checked again on every connection.
      const res = await api.json(shop, "POST", "/api/webhooks", {
        url: "https://hooks.example.com/parley",
        events: ["lead.created"],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      id = res.body.endpoint.id;
    });

    it("cannot be moved to a private address", async () => {
      for (const url of [`http://127.0.0.1:${internal.port}/`, "http://10.1.2.3/", "http://[::1]/"]) {
        const res = await api.json(shop, "PATCH", `/api/webhooks/${id}`, { url });
        expect(res.status, url).toBe(400);
        expect(res.body.error.message).toBe(PRIVATE_ADDRESS_MESSAGE);
      }
      expect((await api.json(shop, "GET", `/api/webhooks/${id}`)).body.url).toBe(
        "https://hooks.example.com/parley",
      );
    });

    it("is refused when it connects, should its address have turned private since", async () => {
      // As if its name now resolved to the inner network (DNS rebinding): the row points there.
      await t.db.db
        .update(webhookEndpoints)
        .set({ url: `http://127.0.0.1:${internal.port}/rebound` })
        .where(eq(webhookEndpoints.id, id));
      const test = await api.json(shop, "POST", `/api/webhooks/${id}/test`);
      expect(test.status).toBe(202);
      let attempt: { statusCode: number | null; error: string | null } | undefined;
      await until("the attempt to be recorded", async () => {
        await t.app.services.jobs.runOne();
        const log = await api.json(shop, "GET", `/api/webhooks/${id}/deliveries`);
        attempt = log.body.deliveries[0]?.log[0];
        return attempt !== undefined;
      });
      expect(attempt).toMatchObject({ statusCode: null, error: PRIVATE_ADDRESS_MESSAGE });
      expect(internal.hits).toEqual([]);
      expect((await api.json(shop, "DELETE", `/api/webhooks/${id}`)).status).toBe(204);
    });
  });

  it("refuses addresses with credentials or another scheme", async () => {
    for (const url of [
      "https://user:secret@hooks.example.com/x",
      "file:///etc/passwd",
      "javascript:alert(1)",
    ]) {
      const res = await api.json(shop, "POST", "/api/webhooks", { url, events: ["lead.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("limits test events and redeliveries to 30 a minute per workspace", async () => {
    const busy: Owner = { sub: "auth_wh_busy", email: "busy@example.com", name: "Busy shop" };
    await setPlan(t, busy.sub, "pro-monthly");
    const res = await api.json(busy, "POST", "/api/webhooks", {
      url: "https://hooks.example.com/limits",
      events: ["lead.created"],
    });
    const id = res.body.endpoint.id;
    for (let i = 0; i < 30; i++)
      expect((await api.json(busy, "POST", `/api/webhooks/${id}/test`)).status).toBe(202);
    const refused = await api.json(busy, "POST", `/api/webhooks/${id}/test`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    const redeliver = await api.json(busy, "POST", "/api/webhooks/deliveries/whd_unknown/redeliver");
    expect(redeliver.status).toBe(429);
    // Another workspace's budget is its own.
    expect((await api.json(shop, "POST", "/api/webhooks/deliveries/whd_unknown/redeliver")).status).toBe(404);
    expect((await api.json(busy, "DELETE", `/api/webhooks/${id}`)).status).toBe(204);
  });

  it("never follows a redirect, to a private address or any other", async () => {
    // A receiver the guard lets through (trusted by name here, as a public host would be) answers
    // with redirects into the inner network.
    const site = await listen((path) => ({
      status: 302,
      headers: { location: decodeURIComponent(path.slice("/go?to=".length)) },
    }));
    const guard = createOutboundGuard({ allowPrivate: false, allowHosts: [`127.0.0.1:${site.port}`] });
    try {
      for (const target of [
        `http://127.0.0.1:${internal.port}/`,
        "http://169.254.169.254/latest/meta-data/",
        `http://[::1]:${internal.port}/`,
        "http://10.0.0.1/",
      ]) {
        const out = await sendWebhook(
          guard,
          `${site.url}/go?to=${encodeURIComponent(target)}`,
          "{}",
          {},
          {
            timeoutMs: 2000,
          },
        );
        expect(out).toMatchObject({ ok: false, statusCode: 302 });
        expect(out.error).toMatch(/redirect/);
      }
      expect(site.hits).toHaveLength(4);
      expect(internal.hits).toEqual([]);
      // And with the guard as the app builds it, the private address is refused before connecting.
      const strict = createOutboundGuard({ allowPrivate: false });
      const direct = await sendWebhook(strict, `${internal.url}/`, "{}", {}, { timeoutMs: 2000 });
      expect(direct).toMatchObject({ ok: false, statusCode: null, error: PRIVATE_ADDRESS_MESSAGE });
      expect(internal.hits).toEqual([]);
      await strict.close();
    } finally {
      await guard.close();
      await site.close();
    }
  });
});
