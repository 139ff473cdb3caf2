import { EMBEDDINGS_TEST_LIMITS, type EmbeddingsTestResult } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEXT } from "../../src/modules/chatbots/embeddings-test";
import { startAuthStandIn } from "../auth-stand-in";
import { type EmbeddingsMode, type EmbeddingsStub, startEmbeddingsStub } from "../embeddings-stub";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startInternalService } from "../internal-service";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

/**
 * "Test connection" for a bot's embeddings endpoint, against the local OpenAI-compatible stub:
 * the values typed (not yet saved) are tried through the same client and outbound guard as
 * ingestion. The stub is the server's own endpoint (trusted by the guard); bots may not reach
 * any other private address (LLM_ALLOW_PRIVATE=false, as in production).
 */
describe.each(testDrivers("either"))("testing a bot's embeddings endpoint on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stub: EmbeddingsStub;
  let internal: Awaited<ReturnType<typeof startInternalService>>;
  let authStandIn: Awaited<ReturnType<typeof startAuthStandIn>>;
  let api: ReturnType<typeof builderClient>;
  // One bot per workspace on the Free plan, and the limit counts per workspace: one owner per concern.
  const alice: Owner = { sub: "auth_emb_alice", email: "alice@example.com", name: "Alice" };
  const bob: Owner = { sub: "auth_emb_bob", email: "bob@example.com", name: "Bob" };
  const carol: Owner = { sub: "auth_emb_carol", email: "carol@example.com", name: "Carol" };
  const agent = { sub: "auth_emb_agent", email: "agent@example.com", name: "Sara" };
  let aliceBot = "";
  let bobBot = "";
  let carolBot = "";

  const test = (who: Owner, bot: string, body: unknown) =>
    api.json(who, "POST", `/api/chatbots/${bot}/embeddings/test`, body) as Promise<{
      status: number;
      body: EmbeddingsTestResult & { error?: { code: string; message: string } };
    }>;
  const withMode = async <T>(mode: EmbeddingsMode, run: () => Promise<T>): Promise<T> => {
    stub.mode = mode;
    try {
      return await run();
    } finally {
      stub.mode = "ok";
    }
  };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    stub = await startEmbeddingsStub(64);
    internal = await startInternalService();
    authStandIn = await startAuthStandIn(issuer, new Map([[`${alice.sub}/${agent.sub}`, "agent"]]));
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        AUTH_INTERNAL_URL: authStandIn.url,
        EMBEDDINGS_BASE_URL: stub.url,
        EMBEDDINGS_MODEL: "stub-1",
        EMBEDDINGS_API_KEY: "operator-key",
        EMBEDDINGS_TIMEOUT_SECONDS: "1",
        LLM_ALLOW_PRIVATE: "false",
      },
      { listen: true },
    );
    api = builderClient(t, issuer);
    aliceBot = (await api.createBot(alice, { name: "Alice's shop" }))._id;
    bobBot = (await api.createBot(bob, { name: "Bob's shop" }))._id;
    carolBot = (await api.createBot(carol, { name: "Carol's shop" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await internal?.close();
    await authStandIn?.close();
    await issuer?.close();
  });

  it("embeds one short text with the values typed and answers its dimensions and latency", async () => {
    const res = await test(alice, aliceBot, { baseUrl: stub.url, model: "stub-2", apiKey: "typed-key" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, dimensions: 64, latencyMs: expect.any(Number) });
    expect(stub.requests.at(-1)).toEqual({
      model: "stub-2",
      input: [TEST_TEXT],
      authorization: "Bearer typed-key",
    });
    // Nothing was saved: a test is not an edit.
    const bot = (await api.json(alice, "GET", `/api/chatbots/${aliceBot}`)).body;
    expect(bot.embeddings).toEqual({ model: null, baseUrl: null, hasApiKey: false });
  });

  it("uses the stored key when none is typed, and none when the key is being removed", async () => {
    const saved = await api.json(alice, "PATCH", `/api/chatbots/${aliceBot}`, {
      embeddings: { baseUrl: stub.url, model: "stub-1", apiKey: "stored-key" },
    });
    expect(saved.body.embeddings.hasApiKey).toBe(true);
    expect((await test(alice, aliceBot, { baseUrl: stub.url, model: "stub-1" })).body.ok).toBe(true);
    expect(stub.requests.at(-1)?.authorization).toBe("Bearer stored-key");
    expect((await test(alice, aliceBot, { baseUrl: stub.url, model: "stub-1", apiKey: null })).body.ok).toBe(
      true,
    );
    expect(stub.requests.at(-1)?.authorization).toBeUndefined();
  });

  it("tests the server's own endpoint, with the server's key, when the fields are left empty", async () => {
    const res = await test(bob, bobBot, { baseUrl: null, model: null });
    expect(res.body).toMatchObject({ ok: true, dimensions: 64 });
    expect(stub.requests.at(-1)).toMatchObject({ model: "stub-1", authorization: "Bearer operator-key" });
  });

  it("refuses a private address through the outbound guard, never reaching it", async () => {
    const before = stub.requests.length;
    for (const baseUrl of [`${internal.url}/v1`, `http://localhost:${internal.port}/v1`]) {
      const res = await test(bob, bobBot, { baseUrl, model: "stub-1", apiKey: "typed-key" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, code: "private_address", status: null });
    }
    expect(internal.hits).toEqual([]);
    expect(stub.requests.length).toBe(before);
  });

  it.each<[EmbeddingsMode, string, number | null]>([
    ["status401", "unauthorized", 401],
    ["status500", "http_error", 500],
    ["notJson", "bad_response", 200],
    ["huge", "too_large", 200],
    ["hang", "timeout", null],
  ])("an endpoint that answers %s is reported as %s", async (mode, code, status) => {
    const res = await withMode(mode, () => test(alice, aliceBot, { baseUrl: stub.url, model: "stub-1" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, code, status });
    if (!res.body.ok) expect(res.body.detail.length).toBeLessThan(400);
  });

  it("answers another workspace's bot with 404, sending nothing and no stored key", async () => {
    const before = stub.requests.length;
    const res = await test(bob, aliceBot, { baseUrl: stub.url, model: "stub-1" });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("NOT_FOUND");
    expect(stub.requests.length).toBe(before);
  });

  it("refuses an agent (bots:write), sending nothing", async () => {
    const before = stub.requests.length;
    const token = await issuer.sign({ ...agent, workspaceId: alice.sub, workspaceRole: "agent" });
    const res = await fetch(`${t.url}/api/chatbots/${aliceBot}/embeddings/test`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ baseUrl: stub.url, model: "stub-1" }),
    });
    expect(res.status).toBe(403);
    expect(stub.requests.length).toBe(before);
  });

  it("refuses oversized and malformed values before any request", async () => {
    const before = stub.requests.length;
    for (const body of [
      { baseUrl: `${stub.url}?${"a".repeat(3000)}`, model: "stub-1" },
      { baseUrl: stub.url, model: "m".repeat(201) },
      { baseUrl: stub.url, model: "stub-1", apiKey: "k".repeat(501) },
      { baseUrl: "file:///etc/passwd", model: "stub-1" },
      { baseUrl: "not a url", model: "stub-1" },
      { baseUrl: stub.url, model: "stub-1\u0000" },
    ]) {
      const res = await test(carol, carolBot, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(stub.requests.length).toBe(before);
  });

  it("limits tests per workspace", async () => {
    const body = { baseUrl: `${internal.url}/v1`, model: "stub-1" };
    for (let i = 0; i < EMBEDDINGS_TEST_LIMITS.perWorkspacePerMinute; i++) {
      expect((await test(carol, carolBot, body)).status).toBe(200);
    }
    const refused = await test(carol, carolBot, body);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("RATE_LIMITED");
    // Another workspace is not held up by it.
    expect((await test(bob, bobBot, body)).status).toBe(200);
  });
});
