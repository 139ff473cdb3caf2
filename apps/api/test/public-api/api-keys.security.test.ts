import { API_KEY_PATTERN, apiRequestsPerMinute } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, usageCounters } from "../../src/db/schema";
import { monthOf } from "../../src/modules/entitlements/usage.repo";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";
import { keysClient, v1 } from "./keys";

const shopA: Owner = { sub: "auth_shop_a", email: "a@example.com", name: "Shop A" };
const shopB: Owner = { sub: "auth_shop_b", email: "b@example.com", name: "Shop B" };
const freeShop: Owner = { sub: "auth_free", email: "free@example.com", name: "Free shop" };

describe.each(testDrivers("either"))("API keys and /api/v1 against hostile callers on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let keys: ReturnType<typeof keysClient>;
  let call: ReturnType<typeof v1>;
  /** Every log line the app wrote (pino JSON, with the app's own redaction), at trace level. */
  const lines: string[] = [];
  let keyA = "";
  let keyB = "";
  let botA = "";
  let botB = "";
  /** Every key this suite made: none may ever appear in a log line or an error. */
  const secrets: string[] = [];
  const bearer = (k: string) => `Bearer ${k}`;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url },
      {
        listen: true,
        logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
      },
    );
    keys = keysClient(t, issuer);
    call = v1(t);
    await keys.plan(shopA.sub, "pro-monthly");
    await keys.plan(shopB.sub, "business-monthly");
    const api = builderClient(t, issuer);
    botA = (await api.createBot(shopA, { name: "A bot", published: true }))._id;
    botB = (await api.createBot(shopB, { name: "B bot", published: true }))._id;
    keyA = (await keys.create(shopA)).key;
    keyB = (await keys.create(shopB)).key;
    secrets.push(keyA, keyB);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("shows a key once, keeps only its hash, and lists it by prefix and last four", async () => {
    const created = await keys.create(shopA, { name: "CRM sync", scopes: ["read", "read"] });
    secrets.push(created.key);
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.scopes).toEqual(["read"]);
    expect(created.prefix).toBe(created.key.slice(0, 9));
    expect(created.last4).toBe(created.key.slice(-4));
    const list = await keys.call(shopA, "GET", "/api/api-keys");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    const listed = list.body.keys.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({
      name: "CRM sync",
      prefix: created.prefix,
      last4: created.last4,
      status: "active",
    });
    expect(listed.createdBy).toEqual({ id: shopA.sub, email: shopA.email });
    // Nothing stored holds the key itself.
    const [row] = await t.db.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(9, -4));
    // Another workspace's list does not show it.
    const other = await keys.call(shopB, "GET", "/api/api-keys");
    expect(other.body.keys.map((k: { id: string }) => k.id)).not.toContain(created.id);
  });

  it("a Free workspace cannot create a key, and a key of a workspace downgraded to Free stops working", async () => {
    const refused = await keys.call(freeShop, "POST", "/api/api-keys", { name: "x", scopes: ["read"] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PLAN_LIMIT_REACHED");
    expect(refused.body.error.message).toMatch(/Free plan does not include API access/);
    const list = await keys.call(freeShop, "GET", "/api/api-keys");
    expect(list.body).toMatchObject({ keys: [], planIncludesApi: false, planName: "Free" });

    await keys.plan(freeShop.sub, "pro-monthly");
    const key = (await keys.create(freeShop, { scopes: ["read"] })).key;
    secrets.push(key);
    expect((await call(bearer(key), "GET", "/chatbots")).status).toBe(200);
    await keys.plan(freeShop.sub, "free-monthly");
    const after = await call(bearer(key), "GET", "/chatbots");
    expect(after.status).toBe(403);
    expect(after.body.error.code).toBe("PLAN_LIMIT_REACHED");
  });

  it("a key of workspace A cannot read, change or ask workspace B's bots", async () => {
    for (const [method, p, body] of [
      ["GET", `/chatbots/${botB}`],
      ["PATCH", `/chatbots/${botB}`, { name: "Hijacked" }],
      ["GET", `/chatbots/${botB}/sources`],
      ["POST", `/chatbots/${botB}/sources`, { kind: "text", title: "x", content: "planted" }],
      ["POST", `/chatbots/${botB}/ask`, { content: "hello" }],
    ] as [string, string, unknown?][]) {
      const res = await call(bearer(keyA), method, p, body);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    const list = await call(bearer(keyA), "GET", "/chatbots");
    expect(list.body.items.map((b: { _id: string }) => b._id)).toEqual([botA]);
    expect(list.body.nextCursor).toBeNull();
    // B's conversation, started through B's key, is not A's to read or continue.
    const asked = await call(bearer(keyB), "POST", `/chatbots/${botB}/ask`, { content: "hello" });
    expect(asked.status, asked.text).toBe(200);
    const conv = asked.body.conversationId;
    expect((await call(bearer(keyA), "GET", `/conversations/${conv}`)).status).toBe(404);
    expect((await call(bearer(keyA), "GET", `/conversations/${conv}/messages`)).status).toBe(404);
    const own = await call(bearer(keyB), "GET", `/conversations/${conv}/messages?limit=1`);
    expect(own.body.items).toHaveLength(1);
    const bad = await call(bearer(keyB), "GET", `/conversations/${conv}/messages?cursor=msg_not_in_it`);
    expect(bad.status).toBe(400);
    const cont = await call(bearer(keyA), "POST", `/chatbots/${botA}/ask`, {
      content: "hi",
      conversationId: conv,
    });
    expect(cont.status).toBe(404);
    const convs = await call(bearer(keyA), "GET", "/conversations");
    expect(convs.body.items.map((c: { _id: string }) => c._id)).not.toContain(conv);
  });

  it("scopes hold: chat cannot add a source, read cannot write, write cannot ask", async () => {
    const chat = (await keys.create(shopA, { scopes: ["chat"] })).key;
    const read = (await keys.create(shopA, { scopes: ["read"] })).key;
    const write = (await keys.create(shopA, { scopes: ["write"] })).key;
    secrets.push(chat, read, write);
    const source = { kind: "text", title: "Hours", content: "Open 9 to 5." };
    const cases: [string, string, string, unknown?][] = [
      [chat, "POST", `/chatbots/${botA}/sources`, source],
      [chat, "GET", "/conversations"],
      [read, "PATCH", `/chatbots/${botA}`, { name: "Renamed" }],
      [read, "POST", "/chatbots", { name: "New" }],
      [read, "POST", `/chatbots/${botA}/ask`, { content: "hi" }],
      [write, "POST", `/chatbots/${botA}/ask`, { content: "hi" }],
      [write, "GET", "/leads"],
    ];
    for (const [key, method, p, body] of cases) {
      const res = await call(bearer(key), method, p, body);
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.error.code).toBe("FORBIDDEN");
      expect(res.body.error.message).toMatch(/does not have the `\w+` scope/);
    }
    expect((await call(bearer(chat), "POST", `/chatbots/${botA}/ask`, { content: "hi" })).status).toBe(200);
    expect((await call(bearer(read), "GET", "/conversations")).status).toBe(200);
    expect((await call(bearer(write), "POST", `/chatbots/${botA}/sources`, source)).status).toBe(201);
    const sources = await call(bearer(read), "GET", `/chatbots/${botA}/sources`);
    expect(sources.body.items.map((s: { title: string }) => s.title)).toEqual(["Hours"]);
  });

  it("a revoked key stops on its next request; an expired one too; revoking is in the audit log", async () => {
    const made = await keys.create(shopA, { name: "Short-lived" });
    secrets.push(made.key);
    expect((await call(bearer(made.key), "GET", "/chatbots")).status).toBe(200);
    expect((await keys.revoke(shopA, made.id)).status).toBe(204);
    const after = await call(bearer(made.key), "GET", "/chatbots");
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({
      code: "UNAUTHORIZED",
      message: "This API key has been revoked",
    });
    // Revoking twice, or another workspace's key, is not found.
    expect((await keys.revoke(shopA, made.id)).status).toBe(404);
    const bKeys = await keys.call(shopB, "GET", "/api/api-keys");
    expect((await keys.revoke(shopA, bKeys.body.keys[0].id)).status).toBe(404);
    expect((await call(bearer(keyB), "GET", "/chatbots")).status).toBe(200);

    const expiring = await keys.create(shopA, {
      expiresAt: new Date(t.app.clock.now().getTime() + 3_600_000).toISOString(),
    });
    secrets.push(expiring.key);
    expect((await call(bearer(expiring.key), "GET", "/chatbots")).status).toBe(200);
    t.app.clock.advance(2 * 3_600_000);
    const expired = await call(bearer(expiring.key), "GET", "/chatbots");
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe("This API key has expired");
    const listed = (await keys.call(shopA, "GET", "/api/api-keys")).body.keys;
    expect(listed.find((k: { id: string }) => k.id === expiring.id).status).toBe("expired");
    // An expiry in the past is refused at creation.
    const past = await keys.call(shopA, "POST", "/api/api-keys", {
      name: "Past",
      scopes: ["read"],
      expiresAt: "2001-01-01T00:00:00Z",
    });
    expect(past.status).toBe(400);

    const audit = await t.db.db.select().from(auditLog).where(eq(auditLog.target, made.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
    expect(audit.every((a) => a.actorId === shopA.sub && a.actorEmail === shopA.email)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(made.key);
  });

  it("puts every use of a key in the audit log: a change as itself, a read, a question or a refusal as a use", async () => {
    const made = await keys.create(shopA, { name: "Audited", scopes: ["read", "chat"] });
    secrets.push(made.key);
    expect((await call(bearer(made.key), "GET", `/chatbots/${botA}?x=1`)).status).toBe(200);
    expect((await call(bearer(made.key), "POST", `/chatbots/${botA}/ask`, { content: "hi" })).status).toBe(
      200,
    );
    expect((await call(bearer(made.key), "PATCH", `/chatbots/${botA}`, { name: "Renamed" })).status).toBe(
      403,
    );
    // Another workspace's bot: refused, and the use is on this key's workspace's log, not B's.
    expect((await call(bearer(made.key), "GET", `/chatbots/${botB}`)).status).toBe(404);
    const writer = await keys.create(shopA, { name: "Writer", scopes: ["write"] });
    secrets.push(writer.key);
    const renamed = await call(bearer(writer.key), "PATCH", `/chatbots/${botA}`, { name: "A bot" });
    expect(renamed.status).toBe(200);

    // The log records them once the answers have gone out.
    const uses = async () =>
      (await t.db.db.select().from(auditLog).where(eq(auditLog.actorId, made.id))).filter(
        (a) => a.action === "api_key.used",
      );
    await until("the uses to be recorded", async () => (await uses()).length === 4, 5_000);
    const recorded = (await uses())
      .map((a) => `${a.workspaceId} ${a.target} ${(a.details as { status: number }).status}`)
      .sort();
    expect(recorded).toEqual(
      [
        `${shopA.sub} GET /api/v1/chatbots/:id 200`,
        `${shopA.sub} POST /api/v1/chatbots/:id/ask 200`,
        `${shopA.sub} PATCH /api/v1/chatbots/:id 403`,
        `${shopA.sub} GET /api/v1/chatbots/:id 404`,
      ].sort(),
    );
    // The writer's change is one entry, the change itself (no use entry beside it).
    const writerEntries = await t.db.db.select().from(auditLog).where(eq(auditLog.actorId, writer.id));
    expect(writerEntries.map((a) => a.action)).toEqual(["bot.updated"]);
    expect(JSON.stringify(await uses())).not.toContain(made.key);

    // The owner's log lists changes; the uses only when asked for. An agent sees neither.
    const changes = await keys.call(shopA, "GET", "/api/workspace/audit-log");
    expect(changes.status).toBe(200);
    expect(changes.body.entries.some((e: { action: string }) => e.action === "api_key.used")).toBe(false);
    expect(changes.body.entries.some((e: { action: string }) => e.action === "bot.updated")).toBe(true);
    const withUse = await keys.call(shopA, "GET", "/api/workspace/audit-log?include=api-use");
    expect(
      withUse.body.entries.filter((e: { action: string }) => e.action === "api_key.used").length,
    ).toBeGreaterThanOrEqual(4);
    const bLog = await keys.call(shopB, "GET", "/api/workspace/audit-log?include=api-use");
    expect(bLog.body.entries.some((e: { actorId: string }) => e.actorId === made.id)).toBe(false);
    const odd = await keys.call(shopA, "GET", "/api/workspace/audit-log?include=everything");
    expect(odd.status).toBe(400);
    const agent = await issuer.sign({ ...shopB, workspaceId: shopA.sub, workspaceRole: "agent" });
    const agentLog = await fetch(`${t.url}/api/workspace/audit-log?include=api-use`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(agentLog.status).toBe(403);
  });

  it("refuses malformed bearers, access tokens on /api/v1, and keys anywhere but /api/v1", async () => {
    const token = await issuer.sign(shopA);
    for (const auth of [
      undefined,
      "",
      "Bearer",
      "Basic dXNlcjpwYXNz",
      `Bearer ${keyA} extra`,
      `Bearer ${keyA.slice(0, -1)}`,
      `Bearer ${keyA}x`,
      `Bearer prly_${"A".repeat(43)}`,
      `Bearer ${token}`,
      `Bearer ${"x".repeat(6000)}`,
    ]) {
      const res = await call(auth, "GET", "/chatbots");
      expect(res.status, String(auth).slice(0, 40)).toBe(401);
      expect(res.body.error.code).toBe("UNAUTHORIZED");
      // The answer never repeats what was sent.
      expect(res.text).not.toContain(keyA.slice(9, -4));
      expect(res.text).not.toContain("AAAAAAAAAA");
    }
    // A key is no access token: billing, members, the account, audit and key management refuse it.
    for (const [method, p] of [
      ["GET", `/api/subscription/details/${shopA.sub}`],
      ["GET", "/api/payments"],
      ["GET", "/api/usage"],
      ["GET", "/api/workspace/seats"],
      ["GET", "/api/workspace/audit-log"],
      ["GET", "/api/user/me"],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys"],
      ["GET", "/api/chatbots"],
      ["GET", "/api/leads"],
    ]) {
      const res = await fetch(`${t.url}${p}`, { method, headers: { authorization: bearer(keyA) } });
      expect(res.status, `${method} ${p}`).toBe(401);
    }
    // A removed member (a token for a workspace that no longer has them) cannot manage keys.
    const removed = await issuer.sign({ ...shopB, workspaceId: shopA.sub, workspaceRole: "admin" });
    const res = await fetch(`${t.url}/api/api-keys`, { headers: { authorization: `Bearer ${removed}` } });
    expect(res.status).toBe(403);
  });

  it("refuses oversized and malformed input with the one error shape", async () => {
    const long = await keys.call(shopA, "POST", "/api/api-keys", { name: "n".repeat(81), scopes: ["read"] });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("VALIDATION_FAILED");
    for (const body of [
      { name: "x", scopes: [] },
      { name: "x", scopes: ["admin"] },
      { name: "x", scopes: ["read"], expiresAt: "tomorrow" },
      { name: "\u0000", scopes: ["read"] },
    ]) {
      expect((await keys.call(shopA, "POST", "/api/api-keys", body)).status).toBe(400);
    }
    const big = await call(bearer(keyA), "POST", `/chatbots/${botA}/ask`, { content: "x".repeat(2001) });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe("VALIDATION_FAILED");
    // An id longer than any id: refused before any lookup (Fastify's parameter length, 414).
    const longId = await call(bearer(keyA), "GET", `/chatbots/${"c".repeat(201)}`);
    expect(longId.status).toBe(414);
    const badCursor = await call(bearer(keyA), "GET", "/leads?cursor=bm90LWEtY3Vyc29y");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.code).toBe("BAD_REQUEST");
    const limit = await call(bearer(keyA), "GET", "/conversations?limit=100000");
    expect(limit.status).toBe(400);
    const huge = await call(bearer(keyA), "POST", `/chatbots/${botA}/sources`, {
      kind: "text",
      title: "Huge",
      content: "x".repeat(1_100_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("rate-limits each key by its plan through the one limiter", async () => {
    const key = (await keys.create(shopA, { scopes: ["read"] })).key;
    secrets.push(key);
    const limit = apiRequestsPerMinute(2);
    // A minute's allowance and a few more, 25 at a time: sent one by one, a slow machine could
    // stretch them past the minute, and the window would start again.
    const answers: Awaited<ReturnType<typeof call>>[] = [];
    for (let sent = 0; sent < limit + 5; sent += 25)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, limit + 5 - sent) }, () => call(bearer(key), "GET", "/chatbots")),
        )),
      );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limit);
    const refused = answers.find((r) => r.status !== 200);
    expect(refused?.status).toBe(429);
    expect(refused?.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key of the same workspace has its own budget.
    expect((await call(bearer(keyA), "GET", "/chatbots")).status).toBe(200);
  });

  it("counts answers against the workspace's monthly messages: past the plan's, the API refuses with PLAN_LIMIT_REACHED", async () => {
    const month = monthOf(t.app.clock.now());
    const limit = 10_000; // Pro
    await t.db.db
      .insert(usageCounters)
      .values({ workspaceId: shopA.sub, month, messages: limit })
      .onConflictDoUpdate({
        target: [usageCounters.workspaceId, usageCounters.month],
        set: { messages: limit },
      });
    const res = await call(bearer(keyA), "POST", `/chatbots/${botA}/ask`, { content: "Anyone there?" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PLAN_LIMIT_REACHED");
    const sse = await call(
      bearer(keyA),
      "POST",
      `/chatbots/${botA}/ask`,
      { content: "Anyone?" },
      {
        accept: "text/event-stream",
      },
    );
    expect(sse.text).toContain("event: error");
    expect(sse.text).toContain("PLAN_LIMIT_REACHED");
    // Another workspace's allowance is its own.
    expect((await call(bearer(keyB), "POST", `/chatbots/${botB}/ask`, { content: "hi" })).status).toBe(200);
    await t.db.db.update(usageCounters).set({ messages: 0 }).where(eq(usageCounters.workspaceId, shopA.sub));
  });

  it("never writes a key into a log line or an error body", async () => {
    // Every request above was logged through the captured logger (requests, errors, refusals).
    expect(lines.length).toBeGreaterThan(50);
    const logged = lines.join("\n");
    for (const key of secrets) {
      expect(logged).not.toContain(key);
      expect(logged).not.toContain(key.slice(9, -4));
    }
    // The log says which key acted, by its id.
    expect(logged).toContain("apiKeyId");
  });
});

describe("which plans include the API", () => {
  it("is the one rule the plans table shows and the keys enforce (Pro and Business)", async () => {
    const { catalogue } = await import("../../src/modules/plans/plans.catalogue");
    const { planIncludesApiAccess } = await import("@parley/contracts");
    for (const plan of catalogue) {
      expect(plan.texts.en.extras.includes("REST API and webhooks"), plan.texts.en.name).toBe(
        planIncludesApiAccess(plan.tier),
      );
    }
    expect(catalogue.filter((p) => planIncludesApiAccess(p.tier)).map((p) => p.texts.en.name)).toEqual([
      "Pro",
      "Business",
    ]);
  });
});
