import { transcriptSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Issue #21, "Bad input": the inbox transcript, the leads list and its CSV show stored text as
 * it is. A direction override (U+202E) or isolate (U+2066–U+2069) in a visitor's message, a lead's
 * name or the model's reply could make a link or a file name read as another there, so none of
 * them is stored; the ordinary marks RLM/LRM (U+200F/U+200E) that Arabic text uses are kept.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const REPLY_TOKENS = ["Pay at ", "https://\u202Emoc.knab\u202C", " or open ", "\u2067invoice\u2069.pdf", "."];
const ARABIC_REPLY_TOKENS = ["\u0646\u0639\u0645\u060c ", "\u200fParley\u200e", " \u064a\u0639\u0645\u0644."];

describe.each(testDrivers("either"))("direction controls in stored chat text on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stub: LlmStub;
  let api: ReturnType<typeof builderClient>;
  let botId = "";
  const owner: Owner = { sub: "auth_bidi_chat", email: "bidi-chat@example.com", name: "Bidi" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    stub = await startLlmStub({ tokens: REPLY_TOKENS });
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, LLM_BASE_URL: stub.url, LLM_MODEL: "stub" },
      { listen: true },
    );
    api = builderClient(t, issuer);
    botId = (
      await api.createBot(owner, {
        name: "Bidi shop",
        published: true,
        leadCapture: true,
        model: { provider: "openai-compatible" },
      })
    )._id;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await issuer?.close();
  });

  const widget = (method: string, path: string, visitor: string, body?: unknown) =>
    fetch(`${t.url}/api/widget/${botId}${path}`, {
      method,
      headers: { "x-parley-visitor": visitor, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const startConversation = async (visitor: string) =>
    widgetConversationSchema.parse(await (await widget("POST", "/conversations", visitor)).json())._id;
  /** Sends a message and reads its whole streamed reply. */
  const ask = async (visitor: string, conv: string, content: string) => {
    const res = await widget("POST", `/conversations/${conv}/messages`, visitor, { content });
    expect(res.status).toBe(200);
    return res.text();
  };
  const transcript = async (conv: string) => {
    const res = await api.json(owner, "GET", `/api/conversations/${conv}`);
    expect(res.status).toBe(200);
    return transcriptSchema.parse(res.body);
  };

  it("stores a visitor's message and the model's reply without direction controls", async () => {
    stub.behaviour = { tokens: REPLY_TOKENS };
    const visitor = "visitorBidiAAAAAAAAAAA01";
    const conv = await startConversation(visitor);
    const stream = await ask(visitor, conv, "Is \u202Efdp.exe\u202C safe? \u2066see\u2069 this");
    // The stream itself is what the model said (the widget's renderer drops the controls).
    expect(stream).toContain("event: done");

    const messages = (await transcript(conv)).messages;
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Is fdp.exe safe? see this"],
      ["assistant", "Pay at https://moc.knab or open invoice.pdf."],
    ]);
    expect(messages.every((m) => !BIDI.test(m.content))).toBe(true);

    // The inbox list (first question) and its search see the clean text too.
    const list = await api.json(owner, "GET", `/api/conversations?q=${encodeURIComponent("fdp.exe")}`);
    expect(list.status).toBe(200);
    const item = (list.body.items as { _id: string; firstQuestion: string | null }[]).find(
      (c) => c._id === conv,
    );
    expect(item?.firstQuestion).toBe("Is fdp.exe safe? see this");
  });

  it("keeps an Arabic message and reply with RLM/LRM marks as they were sent", async () => {
    stub.behaviour = { tokens: ARABIC_REPLY_TOKENS };
    const visitor = "visitorBidiAAAAAAAAAAA02";
    const conv = await startConversation(visitor);
    const question =
      "\u0647\u0644 \u200fParley\u200e \u064a\u0639\u0645\u0644 \u0628\u0627\u0644\u0639\u0631\u0628\u064a\u0629\u061f";
    await ask(visitor, conv, question);
    expect((await transcript(conv)).messages.map((m) => m.content)).toEqual([
      question,
      ARABIC_REPLY_TOKENS.join(""),
    ]);
  });

  it("streams a playground answer to the team without direction controls, marks kept", async () => {
    stub.behaviour = { tokens: [...REPLY_TOKENS, " ", ...ARABIC_REPLY_TOKENS] };
    const res = await fetch(`${t.url}/api/chatbots/${botId}/playground/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${await issuer.sign(owner)}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Where do I pay \u202Enow?" }),
    });
    expect(res.status).toBe(200);
    const said = (await res.text())
      .split("\n\n")
      .filter((block) => block.startsWith("event: delta"))
      .map((block) => (JSON.parse(block.split("data: ")[1] ?? "{}") as { text: string }).text)
      .join("");
    expect(said).toBe(`Pay at https://moc.knab or open invoice.pdf. ${ARABIC_REPLY_TOKENS.join("")}`);
    // The question reached the model without the override too.
    expect(stub.requests.at(-1)?.body.messages.at(-1)?.content).toContain("Where do I pay now?");
  });

  it("refuses a message that is nothing but direction controls", async () => {
    const visitor = "visitorBidiAAAAAAAAAAA03";
    const conv = await startConversation(visitor);
    const res = await widget("POST", `/conversations/${conv}/messages`, visitor, {
      content: " \u202E\u2066 ",
    });
    expect(res.status).toBe(400);
  });

  it("saves a lead whose name holds U+202E without it (the visitor's details are not lost)", async () => {
    const visitor = "visitorBidiAAAAAAAAAAA04";
    const conv = await startConversation(visitor);
    const res = await widget("POST", `/conversations/${conv}/lead`, visitor, {
      email: "rlo@example.com",
      name: "Ali \u202Egnp.exe\u202C",
    });
    expect(res.status).toBe(200);
    const leads = (await api.json(owner, "GET", "/api/leads")).body as { email: string; name: string }[];
    expect(leads.find((l) => l.email === "rlo@example.com")?.name).toBe("Ali gnp.exe");
    const csv = await (
      await fetch(`${t.url}/api/leads.csv`, {
        headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
      })
    ).text();
    expect(csv).toContain("Ali gnp.exe");
    expect(BIDI.test(csv)).toBe(false);
  });

  it("saves an Arabic lead name with RLM/LRM marks as typed", async () => {
    const visitor = "visitorBidiAAAAAAAAAAA05";
    const conv = await startConversation(visitor);
    const name = "\u0633\u0627\u0631\u0629 \u200f(Sara)\u200e";
    const res = await widget("POST", `/conversations/${conv}/lead`, visitor, {
      email: "sara-ar@example.com",
      name,
    });
    expect(res.status).toBe(200);
    const leads = (await api.json(owner, "GET", "/api/leads")).body as { email: string; name: string }[];
    expect(leads.find((l) => l.email === "sara-ar@example.com")?.name).toBe(name);
  });
});
