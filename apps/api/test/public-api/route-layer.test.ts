import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_KEY_SCOPE_FOR, WORKSPACE_CAPABILITIES, type WorkspaceCapability } from "@parley/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { AppError } from "../../src/lib/errors";
import { publicApiRoutes } from "../../src/modules/public-api/public-api";
import { actorOf, authOf, memberIdOf, type RequestActor, workspaceOf } from "../../src/plugins/auth";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient, v1 } from "./keys";

/**
 * Issue #32's one route layer: the actor (a member's token on `/api`, a key on `/api/v1`) is
 * resolved once per request, and `/api/v1` is the versioned surface of the app's own routes, not a
 * copy: the same modules register them on both surfaces, and each handler asks `workspaceOf`.
 */
const KEY_ONLY = new Set([
  "POST /api/v1/chatbots/:id/ask",
  "POST /api/v1/chatbots/:id/sources/upload",
  "GET /api/v1/conversations/:id/messages",
]);

const owner: Owner = { sub: "auth_layer_owner", email: "owner@layer.example", name: "Layer owner" };

describe.each(testDrivers("either"))("one route layer for members and keys on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let keys: ReturnType<typeof keysClient>;
  let call: ReturnType<typeof v1>;
  let bot = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    keys = keysClient(t, issuer);
    call = v1(t);
    await keys.plan(owner.sub, "pro-monthly");
    bot = (await builderClient(t, issuer).createBot(owner, { name: "Layer bot" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("serves every key route but the key-only ones from the app's own route, method and path alike", () => {
    const routes = publicApiRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const keyOnly of KEY_ONLY) expect(routes).toContain(keyOnly);
    const notInApp = routes.filter((route) => {
      if (KEY_ONLY.has(route)) return false;
      const [method = "", url = ""] = route.split(" ");
      return !t.app.hasRoute({ method, url: url.replace(/^\/api\/v1\//, "/api/") });
    });
    expect(notInApp).toEqual([]);
  });

  it("records the same change by a member and by a key through the one handler, each as its actor", async () => {
    const member = await keys.call(owner, "PATCH", `/api/chatbots/${bot}`, { name: "By the owner" });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    const key = await keys.create(owner, { scopes: ["write"] });
    const byKey = await call(`Bearer ${key.key}`, "PATCH", `/chatbots/${bot}`, { name: "By the key" });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body.name).toBe("By the key");

    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, bot), eq(auditLog.action, "bot.updated")));
    const ofMember = entries.find((e) => e.actorId === owner.sub);
    const ofKey = entries.find((e) => e.actorId === key.id);
    expect(ofMember).toMatchObject({
      actorEmail: owner.email,
      details: { name: "By the owner", fields: "name" },
    });
    expect(ofMember?.details).not.toHaveProperty("via");
    expect(ofKey).toMatchObject({
      actorEmail: null,
      details: { name: "By the key", fields: "name", via: "api" },
    });
    // The key's change is its use's record: no separate `api_key.used` entry for that request.
    const uses = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, key.id), eq(auditLog.action, "api_key.used")));
    expect(uses).toEqual([]);
  });

  it("keeps each surface to its caller: a key on /api and a member's token on /api/v1 are both refused", async () => {
    const key = await keys.create(owner, { scopes: ["read", "write", "chat"] });
    const keyOnApp = await fetch(`${t.url}/api/chatbots`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(keyOnApp.status).toBe(401);
    const tokenOnV1 = await call(`Bearer ${await issuer.sign(owner)}`, "GET", "/chatbots");
    expect(tokenOnV1.status).toBe(401);
    // And a route only members have (deleting a bot) does not exist on the key's surface.
    const deleted = await call(`Bearer ${key.key}`, "DELETE", `/chatbots/${bot}`);
    expect(deleted.status).toBe(404);
    expect((await keys.call(owner, "GET", `/api/chatbots/${bot}`)).status).toBe(200);
  });

  it("asks a key for the scope a capability maps to, by its message code", async () => {
    const reader = await keys.create(owner, { scopes: ["read"] });
    const refused = await call(`Bearer ${reader.key}`, "PATCH", `/chatbots/${bot}`, { name: "Nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "FORBIDDEN",
      messageKey: "apiKeys.apiKeyDoesNotHave",
      values: { scope: "write" },
    });
    const asked = await call(`Bearer ${reader.key}`, "POST", `/chatbots/${bot}/ask`, { content: "hello" });
    expect(asked.status).toBe(403);
    expect(asked.body.error.values).toEqual({ scope: "chat" });
  });
});

describe("the actor, resolved once", () => {
  const key: RequestActor = { kind: "key", keyId: "key_1", workspaceId: "ws_1", scopes: ["read"], tier: 2 };
  const requestOf = (actor?: RequestActor) => ({ actor }) as FastifyRequest;
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof AppError ? { code: err.code, key: err.keyed?.messageKey } : String(err);
    }
    return "passed";
  };

  it("maps every capability a key may hold to a scope, and no key holds any other", () => {
    for (const capability of Object.keys(WORKSPACE_CAPABILITIES) as WorkspaceCapability[]) {
      const scope = (API_KEY_SCOPE_FOR as Partial<Record<string, string>>)[capability];
      const outcome = refusal(() =>
        workspaceOf(requestOf({ ...key, scopes: ["chat", "read", "write"] }), capability),
      );
      if (scope) expect(outcome, capability).toBe("passed");
      else expect(outcome, capability).toEqual({ code: "FORBIDDEN", key: "apiKeys.keyCannotDoThis" });
    }
    // Billing, members, keys and exports are a person's: never a key's, whatever its scopes.
    for (const capability of ["billing", "members:manage", "apiKeys:manage", "data:export", "inbox:delete"])
      expect(capability in API_KEY_SCOPE_FOR, capability).toBe(false);
  });

  it("refuses a key what a person must do, names no member for it, and marks its change as its use", () => {
    expect(refusal(() => authOf(requestOf(key)))).toEqual({
      code: "FORBIDDEN",
      key: "apiKeys.keyCannotDoThis",
    });
    expect(refusal(() => workspaceOf(requestOf(), "bots:read"))).toEqual({
      code: "UNAUTHORIZED",
      key: "session.signInToContinue",
    });
    expect(memberIdOf(requestOf(key))).toBeNull();
    const request = requestOf(key);
    expect(actorOf(request)).toEqual({ userId: "key_1", email: null, via: "api" });
    expect(request.apiChangeAudited).toBe(true);
  });
});

describe("the public API module", () => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/modules/public-api");
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => ({ f, code: readFileSync(path.join(dir, f), "utf8") }));

  it("holds the key check's scope, the document and the API's own channel (asking), and no copy of the app's routes", () => {
    expect(sources.length).toBeGreaterThan(0);
    const routes = sources.flatMap(({ f, code }) =>
      [...code.matchAll(/\.(get|post|put|patch|delete)\(\s*["'`]([^"'`]+)/g)].map((m) => `${f}: ${m[2]}`),
    );
    expect(routes.sort()).toEqual(["ask.routes.ts: /chatbots/:id/ask", "public-api.ts: /openapi.json"]);
    // The bots' settings, knowledge and conversations are served by their own modules' routes.
    const reached = sources.flatMap(({ f, code }) =>
      [...code.matchAll(/from "\.\.\/(knowledge|inbox)\/([\w.-]+)"/g)].map((m) => `${f}: ${m[1]}/${m[2]}`),
    );
    expect(reached).toEqual([]);
  });
});
