import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

describe.each(testDrivers("either"))("builder isolation and limits on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const alice: Owner = { sub: "auth_alice", email: "alice@example.com", name: "Alice" };
  const bob: Owner = { sub: "auth_bob", email: "bob@example.com", name: "Bob" };
  let aliceBot = "";
  let aliceSource = "";
  let bobBot = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    aliceBot = (await api.createBot(alice, { name: "Alice's shop" }))._id;
    aliceSource = (
      await api.addSource(alice, aliceBot, {
        kind: "text",
        title: "Secret",
        content: "The staff discount code is PINEAPPLE42 and gives 40 percent off.",
      })
    ).body._id;
    bobBot = (await api.createBot(bob, { name: "Bob's shop" }))._id;
    await api.addSource(bob, bobBot, { kind: "text", title: "Hours", content: "Bob's shop opens at 9 am." });
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("answers another owner's bot, sources and playground with 404, changing nothing", async () => {
    const attempts = [
      api.json(bob, "GET", `/api/chatbots/${aliceBot}`),
      api.json(bob, "PATCH", `/api/chatbots/${aliceBot}`, { name: "Hijacked" }),
      api.json(bob, "DELETE", `/api/chatbots/${aliceBot}`),
      api.json(bob, "GET", `/api/chatbots/${aliceBot}/sources`),
      api.json(bob, "POST", `/api/chatbots/${aliceBot}/sources`, { kind: "text", title: "x", content: "y" }),
      api.json(bob, "GET", `/api/chatbots/${aliceBot}/sources/${aliceSource}`),
      api.json(bob, "DELETE", `/api/chatbots/${aliceBot}/sources/${aliceSource}`),
      api.json(bob, "POST", `/api/chatbots/${aliceBot}/sources/${aliceSource}/resync`),
      api.json(bob, "DELETE", `/api/chatbots/${bobBot}/sources/${aliceSource}`),
      api.upload(bob, aliceBot, "kettle-handbook.pdf"),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await api.ask(bob, aliceBot, "discount code?")).status).toBe(404);
    const mine = await api.json(alice, "GET", `/api/chatbots/${aliceBot}`);
    expect(mine.body.name).toBe("Alice's shop");
    expect((await api.sources(alice, aliceBot)).map((s) => s._id)).toEqual([aliceSource]);
  });

  it("lists only the caller's bots", async () => {
    expect((await api.json(bob, "GET", "/api/chatbots")).body.map((b: { _id: string }) => b._id)).toEqual([
      bobBot,
    ]);
  });

  it("never retrieves another bot's knowledge", async () => {
    const { events } = await api.ask(bob, bobBot, "What is the staff discount code?");
    expect(textOf(events)).not.toContain("PINEAPPLE42");
    expect(events.at(-1)?.data).toMatchObject({ answered: false, citations: [] });
    const hits = await t.app.services.retrieval.search(bobBot, "staff discount code PINEAPPLE42");
    expect(hits).toEqual([]);
  });

  it("enforces the Free plan's chatbot limit with a clear message", async () => {
    const res = await api.json(alice, "POST", "/api/chatbots", { name: "Second bot" });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      message: "Your Free plan includes 1 chatbot. Upgrade your plan to add more.",
    });
  });

  it("enforces the Free plan's knowledge-source limit", async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await api.addSource(alice, aliceBot, {
            kind: "qa",
            question: `Question ${i}?`,
            answer: `Answer ${i}`,
          })
        ).status,
      ).toBe(201);
    }
    const sixth = await api.addSource(alice, aliceBot, {
      kind: "qa",
      question: "One too many?",
      answer: "Yes",
    });
    expect(sixth.status).toBe(403);
    expect(sixth.body.error?.message).toBe(
      "Your Free plan includes 5 knowledge sources. Upgrade your plan to add more.",
    );
  });

  it("refuses invalid sources with field messages", async () => {
    const res = await api.addSource(alice, aliceBot, { kind: "website", url: "ftp://example.com" });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_FAILED");
    expect((await api.addSource(alice, aliceBot, { kind: "pdf" })).status).toBe(400);
  });

  it("deleting a bot removes its sources and chunks", async () => {
    expect((await api.json(bob, "DELETE", `/api/chatbots/${bobBot}`)).status).toBe(204);
    expect(await t.app.services.retrieval.search(bobBot, "shop opens")).toEqual([]);
    expect((await api.json(bob, "GET", `/api/chatbots/${bobBot}`)).status).toBe(404);
  });
});
