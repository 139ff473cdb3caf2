import {
  DEMO_ACCOUNT,
  demoInfoSchema,
  SHOWCASE_CHATBOT_ID,
  type StreamDone,
  widgetConfigSchema,
  widgetConversationSchema,
} from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient } from "../../../test/builder/client";
import { createTestApp, type TestApp } from "../../../test/harness";
import { readSse, textOf } from "../../../test/sse-client";
import { startTokenIssuer, type TokenIssuer } from "../../../test/token-issuer";

describe("demo content (embedded default)", () => {
  let t: TestApp;
  let issuer: TokenIssuer;
  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp("pglite", { AUTH_URL: issuer.url, DEMO_CONTENT: "true" }, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("seeds a published showcase bot once, and it answers from its knowledge", async () => {
    expect(await t.app.services.demo.seedShowcase()).toBe(SHOWCASE_CHATBOT_ID);
    expect(await t.app.services.demo.seedShowcase()).toBe(SHOWCASE_CHATBOT_ID);
    await t.app.services.jobs.drain();
    expect(demoInfoSchema.parse(await (await fetch(`${t.url}/api/demo`)).json()).chatbotId).toBe(
      SHOWCASE_CHATBOT_ID,
    );
    const config = widgetConfigSchema.parse(
      await (await fetch(`${t.url}/api/widget/${SHOWCASE_CHATBOT_ID}/config`)).json(),
    );
    expect(config.name).toBe("Acme Coffee assistant");
    const visitor = { "x-parley-visitor": "demoVisitor000000000000" };
    const conv = widgetConversationSchema.parse(
      await (
        await fetch(`${t.url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations`, {
          method: "POST",
          headers: visitor,
        })
      ).json(),
    );
    const res = await fetch(`${t.url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations/${conv._id}/messages`, {
      method: "POST",
      headers: { ...visitor, "content-type": "application/json" },
      body: JSON.stringify({ content: "When is the café open on Fridays?" }),
    });
    const events = await readSse(res);
    expect(textOf(events)).toContain("2 pm to 11 pm on Fridays");
    expect(events.at(-1)?.data).toMatchObject({ answered: true } satisfies Partial<StreamDone>);
  });

  it("gives the demo account its own demo chatbot on first sign-in, once", async () => {
    const api = builderClient(t, issuer);
    const demo = { sub: "auth_demo", email: DEMO_ACCOUNT.email, name: DEMO_ACCOUNT.name };
    const first = await api.json(demo, "GET", "/api/chatbots");
    expect(first.body).toHaveLength(1);
    expect(first.body[0]).toMatchObject({ name: "Acme Coffee assistant", published: true, sourceCount: 5 });
    expect((await api.json(demo, "GET", "/api/chatbots")).body).toHaveLength(1);
    const someone = { sub: "auth_someone", email: "someone@example.com", name: "S" };
    expect((await api.json(someone, "GET", "/api/chatbots")).body).toHaveLength(0);
  });
});
