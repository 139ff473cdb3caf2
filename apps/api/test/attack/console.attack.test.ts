import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProdApi, productionDrivers, startProdApi } from "./prod-api";

// The operator's console (issue #33) against the production build: who may get in, what a forged
// or stale token gets, and hostile input from a real admin.

const now = () => Math.floor(Date.now() / 1000);

/** Every console route, with a body that would be valid from an admin (so only the caller decides). */
const ROUTES: { method: string; path: string; body?: unknown; write: boolean }[] = [
  { method: "GET", path: "/api/admin/me", write: false },
  { method: "GET", path: "/api/admin/workspaces?q=example", write: false },
  { method: "GET", path: "/api/admin/workspaces/usr_victim", write: false },
  {
    method: "POST",
    path: "/api/admin/workspaces/usr_victim/subscription",
    body: { planId: "plan_x", until: "2030-01-01", reason: "Because I can" },
    write: true,
  },
  { method: "GET", path: "/api/admin/payments", write: false },
  { method: "GET", path: "/api/admin/payments/trk_x", write: false },
  {
    method: "POST",
    path: "/api/admin/payments/trk_x/inquire",
    body: { reason: "Because I can" },
    write: true,
  },
  { method: "GET", path: "/api/admin/plans", write: false },
  {
    method: "PATCH",
    path: "/api/admin/plans/plan_x",
    body: { version: 1, reason: "Free", price: { amount: 0.001 } },
    write: true,
  },
  {
    method: "POST",
    path: "/api/admin/chatbots/cb_x/suspend",
    body: { reason: "Because I can" },
    write: true,
  },
  {
    method: "POST",
    path: "/api/admin/chatbots/cb_x/unsuspend",
    body: { reason: "Because I can" },
    write: true,
  },
  { method: "GET", path: "/api/admin/health", write: false },
  { method: "GET", path: "/api/admin/actions", write: false },
  { method: "GET", path: "/api/admin/openapi.json", write: false },
];

describe.each(productionDrivers())("the operator's console under attack on %s", (driver) => {
  let api: ProdApi;
  beforeAll(async () => {
    api = await startProdApi(driver);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const call = async (token: string | null, route: (typeof ROUTES)[number]) => {
    const res = await api.fetch(route.path, {
      method: route.method,
      ...(token ? { token } : {}),
      ...(route.body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(route.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: text ? (JSON.parse(text) as { error?: { code: string; message: string } }) : {},
    };
  };

  it("a customer, a workspace owner or agent, a made-up role and an API key get 403 on every route, and learn nothing", async () => {
    const callers = {
      customer: await api.issuer.sign({ sub: "usr_customer", email: "c@example.com", authTime: now() }),
      // Role claims that look like staff but are not exactly a staff role.
      upper: await api.issuer.sign({
        sub: "usr_upper",
        email: "u@example.com",
        role: "Admin",
        authTime: now(),
      }),
      spaced: await api.issuer.sign({
        sub: "usr_spaced",
        email: "s@example.com",
        role: "admin ",
        authTime: now(),
      }),
      owner: await api.issuer.sign({
        sub: "usr_owner",
        email: "o@example.com",
        role: "owner",
        authTime: now(),
      }),
    };
    for (const [who, token] of Object.entries(callers)) {
      for (const route of ROUTES) {
        const res = await call(token, route);
        expect(res.status, `${who} ${route.method} ${route.path}`).toBe(403);
        expect(res.json.error?.message).toBe("This area is for Parley's staff only.");
      }
    }
    for (const route of ROUTES) {
      const key = await api.fetch(route.path, {
        method: route.method,
        headers: { authorization: "Bearer prly_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
      });
      expect(key.status, `key ${route.path}`).toBe(403);
    }
  });

  it("a token signed by anyone but the auth service is refused, whatever role it claims", async () => {
    const forged = await api.issuer.sign(
      { sub: "usr_mallory", email: "m@example.com", role: "admin", authTime: now() },
      { key: "rogue" },
    );
    for (const route of ROUTES) expect((await call(forged, route)).status, route.path).toBe(401);
    const otherAudience = await api.issuer.sign(
      { sub: "usr_mallory", email: "m@example.com", role: "admin", authTime: now() },
      { audience: "someone-else" },
    );
    expect((await call(otherAudience, ROUTES[0] as (typeof ROUTES)[number])).status).toBe(401);
    for (const route of ROUTES) expect((await call(null, route)).status, route.path).toBe(401);
  });

  it("support reads but never changes; an admin without a recent sign-in is asked to sign in again", async () => {
    const support = await api.issuer.sign({
      sub: "usr_support",
      email: "sup@example.com",
      role: "support",
      authTime: now(),
    });
    const staleAdmin = await api.issuer.sign({
      sub: "usr_admin_old",
      email: "old@example.com",
      role: "admin",
      authTime: now() - 11 * 60,
    });
    const noTimeAdmin = await api.issuer.sign({
      sub: "usr_admin_nt",
      email: "nt@example.com",
      role: "admin",
    });
    for (const route of ROUTES) {
      const bySupport = await call(support, route);
      if (route.write) {
        expect(bySupport.status, `support ${route.path}`).toBe(403);
        for (const admin of [staleAdmin, noTimeAdmin]) {
          const res = await call(admin, route);
          expect(res.status, `stale admin ${route.path}`).toBe(401);
          expect(res.json.error?.code).toBe("STEP_UP_REQUIRED");
        }
      } else {
        expect([200, 404], `support ${route.path}`).toContain(bySupport.status);
        expect([200, 404], `stale admin ${route.path}`).toContain((await call(staleAdmin, route)).status);
      }
    }
  });

  it("hostile input from a real admin is refused cleanly, never a 500, never a wildcard listing", async () => {
    const admin = await api.issuer.sign({
      sub: "usr_admin",
      email: "admin@example.com",
      role: "admin",
      authTime: now(),
    });
    const get = (path: string) => call(admin, { method: "GET", path, write: false });
    // Customers for the search to (not) find.
    for (const sub of ["usr_alice", "usr_bob"]) {
      const token = await api.issuer.sign({ sub, email: `${sub}@example.com` });
      expect((await api.fetch("/api/chatbots", { token })).status).toBe(200);
    }
    const hits = async (q: string) => {
      const res = await get(`/api/admin/workspaces?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      return (res.json as unknown as { items: { id: string }[] }).items.map((i) => i.id);
    };
    expect(await hits("%%")).toEqual([]);
    expect(await hits("__")).toEqual([]);
    expect(await hits("' or '1'='1")).toEqual([]);
    expect(await hits("usr_alice@example.com")).toEqual(["usr_alice"]);
    for (const q of ["", "a", "x".repeat(201), "\u0000\u0000"]) {
      expect((await get(`/api/admin/workspaces?q=${encodeURIComponent(q)}`)).status, JSON.stringify(q)).toBe(
        400,
      );
    }
    for (const cursor of [
      "%%%",
      "bm9wZQ",
      Buffer.from("apay|2026-01-01T00:00:00Z|x' or 1=1").toString("base64url"),
    ]) {
      const res = await get(`/api/admin/payments?cursor=${encodeURIComponent(cursor)}`);
      expect([200, 400], cursor).toContain(res.status);
    }
    expect((await get("/api/admin/payments?state=everything")).status).toBe(400);
    // An id longer than any route parameter: Fastify's own refusal.
    expect([400, 414]).toContain((await get(`/api/admin/workspaces/${"x".repeat(300)}`)).status);
    expect((await get("/api/admin/workspaces/..%2F..%2Fetc")).status).toBe(404);

    const plans = (await get("/api/admin/plans")).json as unknown as {
      items: { id: string; version: number; tier: number; billingInterval: string }[];
    };
    const paid = plans.items.find((p) => p.tier > 0 && p.billingInterval === "monthly");
    if (!paid) throw new Error("no paid plan");
    const patch = (body: unknown) =>
      call(admin, { method: "PATCH", path: `/api/admin/plans/${paid.id}`, body, write: true });
    for (const body of [
      { version: paid.version, reason: "Cheap", price: { amount: 1.2345 } },
      { version: paid.version, reason: "Cheap", price: { amount: 0 } },
      { version: paid.version, reason: "Huge", price: { amount: 1e12 } },
      { version: paid.version, reason: "Later", price: { amount: 5, from: "2026-02-30" } },
      { version: paid.version, reason: "Limits", limits: { chatbots: -1 } },
      { version: paid.version, reason: "Limits", limits: { teamMembers: 0 } },
      { version: paid.version, reason: "Sneaky", priceMinor: 1 },
      { version: -1, reason: "Bad version", limits: { chatbots: 1 } },
      { version: paid.version, reason: "x".repeat(501), limits: { chatbots: 1 } },
      "not json at all",
    ]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // Not one of those changed the plan.
    const after = (await get("/api/admin/plans")).json as unknown as {
      items: { id: string; version: number }[];
    };
    expect(after.items.find((p) => p.id === paid.id)?.version).toBe(paid.version);

    const grant = (body: unknown, id = "usr_alice") =>
      call(admin, { method: "POST", path: `/api/admin/workspaces/${id}/subscription`, body, write: true });
    for (const until of ["2026-02-30", "0", "1e12", "tomorrow", "2099-01-01", "2001-01-01"]) {
      expect((await grant({ planId: paid.id, until, reason: "Testing dates" })).status, until).toBe(400);
    }
    expect((await api.fetch("/api/admin/health", { token: admin })).status).toBe(200);
    expect(api.output()).not.toMatch(/"level":(50|60)/);
  });
});
