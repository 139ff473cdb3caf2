import type { StreamDone } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbots } from "../../src/db/schema";
import { createModelKeyBox } from "../../src/modules/chatbots/model-key-box";
import { createTestApp, freePort, setPlan, type TestApp, testDrivers } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { type SseEvent, textOf } from "../sse-client";
import { startTestSite } from "../test-site";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

/** The app runs mid-rotation: keys sealed under the old secret still open (MODEL_KEYS_SECRET_PREVIOUS). */
const OLD_MODEL_KEYS_SECRET = "model-keys-secret-before-the-rotation-0000";
const NEW_MODEL_KEYS_SECRET = "model-keys-secret-after-the-rotation-11111";

const lastData = <T>(events: SseEvent[]): T => {
  const last = events.at(-1);
  if (!last) throw new Error("no events");
  return last.data as T;
};

describe.each(testDrivers("either"))("chatbot builder on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let stub: LlmStub;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_owner", email: "owner@acme.example", name: "Noor" };
  let botId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    site = await startTestSite();
    stub = await startLlmStub({ tokens: [] });
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        MODEL_KEYS_SECRET: NEW_MODEL_KEYS_SECRET,
        MODEL_KEYS_SECRET_PREVIOUS: OLD_MODEL_KEYS_SECRET,
      },
      { listen: true },
    );
    api = builderClient(t, issuer);
    // The journey needs more than the Free plan's five sources.
    await setPlan(t, owner.sub, "business-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), site?.close(), stub?.close()]);
  });

  it("creates a bot with sensible defaults", async () => {
    const bot = await api.createBot(owner, { name: "Acme helper" });
    botId = bot._id;
    expect(bot._id).toMatch(/^cb_/);
    expect(bot).toMatchObject({
      name: "Acme helper",
      published: false,
      model: { provider: "builtin", hasApiKey: false },
      theme: { position: "bottom-right" },
    });
    expect(bot.fallbackReply.length).toBeGreaterThan(10);
  });

  it("ingests a text source, a Q&A pair, a PDF, a DOCX and a website, each to ready with progress", async () => {
    expect(
      (
        await api.addSource(owner, botId, {
          kind: "text",
          title: "Delivery",
          content: "# Delivery\n\nWe deliver across Bahrain within two days. Orders above 20 BHD ship free.",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.addSource(owner, botId, {
          kind: "qa",
          question: "Do you deliver on Fridays?",
          answer: "Yes, we deliver every day including Fridays, between 9 am and 9 pm.",
        })
      ).status,
    ).toBe(201);
    const pdf = await api.upload(owner, botId, "kettle-handbook.pdf");
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({
      kind: "file",
      status: "queued",
      mimeType: "application/pdf",
      fileName: "kettle-handbook.pdf",
    });
    expect((await api.upload(owner, botId, "store-policies.docx")).status).toBe(201);
    const web = await api.addSource(owner, botId, { kind: "website", url: `${site.url}/`, maxPages: 10 });
    expect(web.status).toBe(201);
    expect(web.body.progress.unit).toBe("pages");

    await t.app.services.jobs.drain();
    const sources = await api.sources(owner, botId);
    expect(sources.map((s) => [s.kind, s.status])).toEqual([
      ["text", "ready"],
      ["qa", "ready"],
      ["file", "ready"],
      ["file", "ready"],
      ["website", "ready"],
    ]);
    for (const s of sources) {
      expect(s.chunkCount).toBeGreaterThan(0);
      expect(s.progress.done).toBe(s.progress.total);
    }
    const website = sources.find((s) => s.kind === "website");
    // Home, About and Rentals: the robots.txt-disallowed page, the PDF link and the other site are skipped.
    expect(website?.progress).toEqual({ done: 3, total: 3, unit: "pages" });
    expect(site.hits).not.toContain("/private/admin");
    expect(site.hits).not.toContain("/brochure.pdf");
    expect(sources.find((s) => s.fileName === "kettle-handbook.pdf")?.progress.unit).toBe("bytes");
  });

  it("answers a question found only in the PDF, citing the PDF (built-in engine, streamed)", async () => {
    const { status, headers, events } = await api.ask(owner, botId, "How long is the kettle warranty?");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/event-stream");
    expect(events[0]?.event).toBe("start");
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(1);
    expect(textOf(events)).toContain("3-year warranty");
    const done = lastData<StreamDone>(events);
    expect(events.at(-1)?.event).toBe("done");
    expect(done.answered).toBe(true);
    expect(done.engine).toBe("builtin");
    expect(done.citations[0]).toMatchObject({ kind: "file", title: "kettle-handbook" });
  });

  it("answers a Q&A match verbatim", async () => {
    const { events } = await api.ask(owner, botId, "do you deliver on fridays");
    expect(textOf(events)).toBe("Yes, we deliver every day including Fridays, between 9 am and 9 pm.");
    expect(lastData<StreamDone>(events).citations[0]?.kind).toBe("qa");
  });

  it("answers from the crawled site with the page's address, and from the DOCX", async () => {
    const web = await api.ask(owner, botId, "How much does an e-bike rental cost per hour?");
    expect(textOf(web.events)).toContain("4 BHD per hour");
    expect(lastData<StreamDone>(web.events).citations[0]).toMatchObject({
      kind: "website",
      title: "Rentals",
      url: `${site.url}/rentals`,
    });
    const doc = await api.ask(owner, botId, "What are the opening hours of the Seef Mall store?");
    expect(textOf(doc.events)).toContain("10 am to 10 pm");
  });

  it("reads a follow-up with the question before it, and says what it searched for", async () => {
    const history = [
      { role: "user" as const, content: "Is there an e-bike rental?" },
      { role: "assistant" as const, content: "Yes [1]." },
    ];
    const { events } = await api.ask(owner, botId, "How much does it cost per hour?", { history });
    expect(textOf(events)).toContain("4 BHD per hour");
    expect(lastData<StreamDone>(events).searchedFor).toBe(
      "Is there an e-bike rental? How much does it cost per hour?",
    );
    const plain = await api.ask(owner, botId, "How long is the kettle warranty?");
    expect(lastData<StreamDone>(plain.events).searchedFor).toBeUndefined();
  });

  it("gives the fallback reply when nothing matches", async () => {
    const bot = (await api.json(owner, "GET", `/api/chatbots/${botId}`)).body;
    const { events } = await api.ask(owner, botId, "What is the capital of Peru?");
    expect(textOf(events)).toBe(bot.fallbackReply);
    expect(events.at(-1)?.data).toMatchObject({ answered: false, citations: [] });
  });

  describe("with an OpenAI-compatible model", () => {
    beforeAll(async () => {
      const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
        model: {
          provider: "openai-compatible",
          baseUrl: stub.url,
          model: "stub-model",
          apiKey: "sk-test-123",
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.model).toMatchObject({ provider: "openai-compatible", hasApiKey: true });
      expect(JSON.stringify(res.body)).not.toContain("sk-test-123");
    });

    it("streams the model's tokens with the retrieved passages in the prompt, citing what it used", async () => {
      stub.behaviour = { tokens: ["The ", "kettle ", "has ", "a ", "3-year ", "warranty ", "[1]."] };
      const { events } = await api.ask(owner, botId, "How long is the kettle warranty?");
      expect(textOf(events)).toBe("The kettle has a 3-year warranty [1].");
      const request = stub.requests.at(-1);
      expect(request?.authorization).toBe("Bearer sk-test-123");
      expect(request?.body).toMatchObject({ model: "stub-model", stream: true });
      expect(request?.body.messages[0]?.content).toContain("3-year warranty that covers the heating element");
      const done = lastData<StreamDone>(events);
      expect(done).toMatchObject({ engine: "openai-compatible", answered: true });
      expect(done.citations[0]?.kind).toBe("file");
    });

    it("reports an error that happens mid-stream after the tokens already sent", async () => {
      stub.behaviour = { tokens: ["Part ", "one ", "never ", "finished"], errorAfter: 2 };
      const { events } = await api.ask(owner, botId, "warranty?");
      expect(textOf(events)).toBe("Part one ");
      expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "MODEL_ERROR" } });
    });

    it("opens the stream at once even when the model's first token is slow", async () => {
      stub.behaviour = { tokens: ["Slow ", "but ", "here."], firstTokenDelayMs: 400 };
      const { sent, events } = await api.ask(owner, botId, "warranty?");
      const start = events.find((e) => e.event === "start");
      const firstDelta = events.find((e) => e.event === "delta");
      // The stream opens while the model is still silent: well before its first token (a gap
      // that holds however busy the machine is, unlike a bound on the time since sending).
      expect((firstDelta?.at ?? 0) - (start?.at ?? 0)).toBeGreaterThanOrEqual(300);
      expect((firstDelta?.at ?? 0) - sent).toBeGreaterThanOrEqual(400);
    });

    it("aborts the upstream model call when the client disconnects", async () => {
      stub.behaviour = { tokens: Array.from({ length: 40 }, (_, i) => `t${i} `), betweenTokensMs: 50 };
      const before = stub.aborted;
      const { events } = await api.ask(owner, botId, "warranty?", { stopAfter: 3 });
      expect(events.length).toBe(3);
      for (let i = 0; i < 40 && stub.aborted === before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(stub.aborted).toBe(before + 1);
    });

    it("explains an unavailable model instead of crashing", async () => {
      stub.behaviour = { tokens: [], status: 503 };
      const { events } = await api.ask(owner, botId, "warranty?");
      expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "MODEL_UNAVAILABLE" } });
      expect(String(lastData<{ message: string }>(events).message)).toContain("503");
    });
  });

  describe("model API keys at rest", () => {
    const key = "sk-live-0123456789abcdefc0de";
    const stored = async (id: string) => {
      const [row] = await t.db.db
        .select({ raw: chatbots.modelApiKeySealed, last4: chatbots.modelApiKeyLast4 })
        .from(chatbots)
        .where(eq(chatbots.id, id));
      return row;
    };
    const setRaw = (id: string, raw: string | null) =>
      t.db.db.update(chatbots).set({ modelApiKeySealed: raw }).where(eq(chatbots.id, id));

    it("stores the key sealed, shows only its last four, and answers with it", async () => {
      const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { model: { apiKey: key } });
      expect(res.status).toBe(200);
      expect(res.body.model).toMatchObject({ hasApiKey: true, apiKeyLast4: "c0de" });
      const row = await stored(botId);
      expect(row?.raw).toMatch(/^mk1\./);
      expect(row?.raw).not.toContain(key);
      expect(row?.raw).not.toContain(Buffer.from(key).toString("base64url").slice(0, 12));
      for (const path of [`/api/chatbots/${botId}`, "/api/chatbots"]) {
        const got = await api.json(owner, "GET", path);
        expect(JSON.stringify(got.body)).not.toContain(key.slice(0, -4));
      }
      stub.behaviour = { tokens: ["Sealed ", "fine."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${key}`);
    });

    it("lets no other workspace read or replace the key", async () => {
      const other: Owner = { sub: "auth_key_thief", email: "thief@evil.example", name: "Eve" };
      expect((await api.json(other, "GET", `/api/chatbots/${botId}`)).status).toBe(404);
      const patch = await api.json(other, "PATCH", `/api/chatbots/${botId}`, {
        model: { apiKey: "sk-attacker-key-000000000" },
      });
      expect(patch.status).toBe(404);
      expect(JSON.stringify(patch.body)).not.toContain("c0de");
      // A sealed key copied onto the thief's own bot does not open there: it is bound to its bot.
      const theirs = await api.createBot(other, {
        name: "Copycat",
        model: { provider: "openai-compatible", baseUrl: stub.url, model: "stub-model" },
      });
      await setRaw(theirs._id, (await stored(botId))?.raw ?? null);
      const before = stub.requests.length;
      const copied = await api.ask(other, theirs._id, "warranty?");
      expect(copied.status).toBe(422);
      expect(stub.requests.length).toBe(before);
      stub.behaviour = { tokens: ["Still ", "mine."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${key}`);
    });

    it("fails closed with a clear error when the stored ciphertext was tampered with", async () => {
      const raw = (await stored(botId))?.raw ?? "";
      const parts = raw.split(".");
      const body = parts[5] ?? "";
      parts[5] = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
      await setRaw(botId, parts.join("."));
      const before = stub.requests.length;
      const res = await api.ask(owner, botId, "warranty?");
      expect(res.status).toBe(422);
      const err = ((await res.res.json()) as { error: { code: string; message: string } }).error;
      expect(err.code).toBe("MODEL_NOT_CONFIGURED");
      expect(err.message).toContain("cannot be decrypted");
      // Never answered with the server's key, or with none.
      expect(stub.requests.length).toBe(before);
      // The dashboard still loads; setting the key again repairs the bot.
      expect((await api.json(owner, "GET", `/api/chatbots/${botId}`)).body.model.apiKeyLast4).toBe("c0de");
      await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { model: { apiKey: key } });
      stub.behaviour = { tokens: ["Repaired."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${key}`);
    });

    it("seals keys stored in plain text before encryption (the boot-time migration)", async () => {
      const legacy = "sk-legacy-plaintext-key-9999";
      await setRaw(botId, legacy);
      expect(await t.app.services.chatbots.sealPlaintextModelKeys()).toBe(1);
      const row = await stored(botId);
      expect(row?.raw).toMatch(/^mk1\./);
      expect(row?.raw).not.toContain(legacy);
      expect(row?.last4).toBe("9999");
      expect(await t.app.services.chatbots.sealPlaintextModelKeys()).toBe(0);
      stub.behaviour = { tokens: ["Migrated."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${legacy}`);
    });

    it("keeps keys working through a MODEL_KEYS_SECRET rotation and rewraps them under the new secret", async () => {
      const rotated = "sk-rotated-key-0123456789-beef";
      // Sealed under the secret in use before the rotation (this app has it as the previous one).
      await setRaw(botId, createModelKeyBox(OLD_MODEL_KEYS_SECRET).seal(rotated, botId));
      stub.behaviour = { tokens: ["Old ", "secret."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${rotated}`);
      // The boot-time pass rewraps it once; the new secret alone then opens it.
      expect(await t.app.services.chatbots.rewrapModelKeys()).toBe(1);
      const raw = (await stored(botId))?.raw ?? "";
      expect(createModelKeyBox(NEW_MODEL_KEYS_SECRET).open(raw, botId)).toBe(rotated);
      expect(() => createModelKeyBox(OLD_MODEL_KEYS_SECRET).open(raw, botId)).toThrow(/cannot be decrypted/);
      expect(await t.app.services.chatbots.rewrapModelKeys()).toBe(0);
      stub.behaviour = { tokens: ["New ", "secret."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${rotated}`);
      // A key under a secret the server never had is left alone and still fails closed.
      await setRaw(
        botId,
        createModelKeyBox("a-stranger-secret-that-is-long-enough-000").seal(rotated, botId),
      );
      expect(await t.app.services.chatbots.rewrapModelKeys()).toBe(0);
      expect((await api.ask(owner, botId, "warranty?")).status).toBe(422);
    });

    it("clears the key, and then answers with the server's key (none here)", async () => {
      const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { model: { apiKey: null } });
      expect(res.body.model).toMatchObject({ hasApiKey: false, apiKeyLast4: null });
      expect(await stored(botId)).toEqual({ raw: null, last4: null });
      stub.behaviour = { tokens: ["Keyless."] };
      await api.ask(owner, botId, "warranty?");
      expect(stub.requests.at(-1)?.authorization).toBeUndefined();
    });
  });

  it("explains a bot set to an AI model when no endpoint is configured", async () => {
    const bot = await api.createBot(
      { ...owner, sub: "auth_owner_nollm" },
      { name: "No model", model: { provider: "openai-compatible" } },
    );
    const res = await api.ask({ ...owner, sub: "auth_owner_nollm" }, bot._id, "hello?");
    expect(res.status).toBe(422);
    const body = (await res.res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("MODEL_NOT_CONFIGURED");
    expect(body.error.message).toContain("no model endpoint is configured");
  });

  it("fails bad sources with a clear reason and never breaks the others", async () => {
    const corrupt = await api.upload(owner, botId, "corrupt.pdf");
    expect(corrupt.status).toBe(201);
    const closedPort = await freePort();
    const dead = await api.addSource(owner, botId, {
      kind: "website",
      url: `http://127.0.0.1:${closedPort}/`,
    });
    expect(dead.status).toBe(201);
    await t.app.services.jobs.drain();
    const sources = await api.sources(owner, botId);
    expect(sources.find((s) => s._id === corrupt.body._id)).toMatchObject({
      status: "failed",
      error: "This PDF could not be read. It may be damaged; try exporting it again.",
    });
    expect(sources.find((s) => s._id === dead.body._id)?.error).toBe(
      `We couldn't reach http://127.0.0.1:${closedPort}/ (connection refused).`,
    );
    expect(sources.filter((s) => s.status === "ready")).toHaveLength(5);
  });

  it("checks the file type by content, not by name", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const res = await api.upload(owner, botId, "brochure.pdf", png);
    expect(res.status).toBe(415);
    expect(res.body.error.message).toContain("Upload a PDF, Word (.docx), Markdown or text file");
    // A text file named .pdf is ingested as the text it is.
    const txt = await api.upload(
      owner,
      botId,
      "notes.pdf",
      Buffer.from("Gift cards never expire and can be used online."),
    );
    expect(txt.status).toBe(201);
    expect(txt.body.mimeType).toBe("text/plain");
  });

  it("deletes a source with its chunks, and re-syncs one", async () => {
    const sources = await api.sources(owner, botId);
    const text = sources.find((s) => s.kind === "text");
    expect((await api.json(owner, "DELETE", `/api/chatbots/${botId}/sources/${text?._id}`)).status).toBe(204);
    const { events } = await api.ask(owner, botId, "Do orders above 20 BHD ship free?");
    expect(textOf(events)).not.toContain("ship free");

    // A website is fetched again; an uploaded file is read again from the stored bytes.
    const web = sources.find((s) => s.kind === "website");
    const pdf = sources.find((s) => s.fileName === "kettle-handbook.pdf");
    for (const s of [web, pdf]) {
      const res = await api.json(owner, "POST", `/api/chatbots/${botId}/sources/${s?._id}/resync`);
      expect(res.body.status).toBe("queued");
    }
    await t.app.services.jobs.drain();
    const after = await api.sources(owner, botId);
    for (const s of [web, pdf])
      expect(after.find((a) => a._id === s?._id)).toMatchObject({
        status: "ready",
        chunkCount: s?.chunkCount,
      });
  });
});
