import { connect } from "node:net";
import type { KnowledgeSource } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { wordDocument } from "../fixtures/hostile-files";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";

/**
 * A page's bound, 2 s on a quiet machine: long enough for the endless page to pass 3 MB first (it
 * is skipped for its size, not its time) when the machine is starved. 1 s (2 s stretched) was not,
 * on a run beside a second test suite (load average 30).
 */
const PAGE_TIMEOUT_S = scaled(2);

import { type LlmStub, startLlmStub } from "../llm-stub";
import { textOf } from "../sse-client";
import { startTestSite } from "../test-site";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";
import { pushUpload } from "./upload-client";

const MB = 1024 * 1024;

describe.each(testDrivers("either"))("hostile sources on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const free: Owner = { sub: "auth_free", email: "free@example.com", name: "Free" };
  const business: Owner = { sub: "auth_business", email: "biz@example.com", name: "Biz" };
  let freeBot = "";
  let bizBot = "";
  const token = (who: Owner) => issuer.sign(who);
  const sourceOf = async (who: Owner, bot: string, id: string) =>
    (await api.sources(who, bot)).find((s) => s._id === id) as KnowledgeSource;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, CRAWLER_TIMEOUT_SECONDS: String(PAGE_TIMEOUT_S) },
      { listen: true },
    );
    api = builderClient(t, issuer);
    freeBot = (await api.createBot(free, { name: "Free bot" }))._id;
    await setPlan(t, business.sub, "business-monthly");
    bizBot = (await api.createBot(business, { name: "Business bot" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  describe("uploads", () => {
    it("refuses a 60 MB upload to a Free account from its Content-Length, without reading it", async () => {
      const out = await pushUpload(`${t.url}/api/chatbots/${freeBot}/sources`, await token(free), 60 * MB);
      expect(out.status).toBe(413);
      expect(JSON.parse(out.body ?? "{}").error).toMatchObject({
        code: "PAYLOAD_TOO_LARGE",
        message: "Files are limited to 5 MB on your plan. Upgrade for larger files.",
      });
      // Whatever the socket buffers took, far from the 60 MB offered.
      expect(out.sent).toBeLessThan(16 * MB);
    });

    it("stops reading an upload without a Content-Length one byte past the plan's limit", async () => {
      const out = await pushUpload(`${t.url}/api/chatbots/${freeBot}/sources`, await token(free), 60 * MB, {
        contentLength: false,
      });
      expect(out.status).toBe(413);
      expect(out.sent).toBeLessThan(5 * MB + 16 * MB);
    });

    it("refuses past the largest plan's limit too", async () => {
      const out = await pushUpload(`${t.url}/api/chatbots/${bizBot}/sources`, await token(business), 51 * MB);
      expect(out.status).toBe(413);
      expect(JSON.parse(out.body ?? "{}").error.message).toBe(
        "Files are limited to 50 MB on your plan. Upgrade for larger files.",
      );
    });

    it("refuses another owner's bot before reading the upload", async () => {
      const out = await pushUpload(`${t.url}/api/chatbots/${bizBot}/sources`, await token(free), 40 * MB);
      expect(out.status).toBe(404);
      expect(out.sent).toBeLessThan(16 * MB);
    });

    it.each([
      ["another owner's bot", true],
      ["no token", false],
    ])("closes the connection after refusing an unfinished upload (%s)", async (_, withToken) => {
      // A client that stops sending after the refusal must not keep the connection (and with it the
      // server's shutdown) open: the server closes it once the answer is out.
      const socket = connect(Number(new URL(t.url).port), "127.0.0.1");
      const auth = withToken ? `authorization: Bearer ${await token(free)}\r\n` : "";
      socket.write(
        `POST /api/chatbots/${bizBot}/sources HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}` +
          "content-type: multipart/form-data; boundary=x\r\ncontent-length: 41943040\r\n\r\n--x\r\n",
      );
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      // A server that kept the connection would fail the test at the runner's timeout.
      await new Promise((resolve) => socket.once("close", resolve));
      expect(answer).toMatch(withToken ? /^HTTP\/1\.1 404/ : /^HTTP\/1\.1 401/);
      expect(answer.toLowerCase()).toContain("connection: close");
    });

    it("stores a cleaned, capped file name", async () => {
      const hostile = `../../${"\u202e\u0007x".repeat(3)}${"long-name-".repeat(500)}\u0000.md`;
      const res = await api.upload(free, freeBot, hostile, Buffer.from("# Hours\n\nOpen at nine."));
      expect(res.status).toBe(201);
      expect([...(res.body.fileName ?? "")].length).toBeLessThanOrEqual(200);
      expect(res.body.fileName).toMatch(/^xxxlong-name-long-name-.*….md$/);
      expect(res.body.fileName).not.toMatch(/[\p{Cc}\u202e/\\]/u);
      expect(res.body.title.length).toBeLessThanOrEqual(200);
      await api.json(free, "DELETE", `/api/chatbots/${freeBot}/sources/${res.body._id}`);
    });
  });

  describe("files past their limits", () => {
    it("fails a zip-bomb DOCX with its reason while the API keeps answering", async () => {
      const bomb = wordDocument(120 * MB);
      const res = await api.upload(free, freeBot, "policies.docx", bomb);
      expect(res.status).toBe(201);
      const draining = t.app.services.jobs.drain();
      let answered = 0;
      let done = false;
      void draining.then(() => {
        done = true;
      });
      while (!done) {
        expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
        answered++;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(answered).toBeGreaterThan(0);
      expect(await sourceOf(free, freeBot, res.body._id)).toMatchObject({
        status: "failed",
        chunkCount: 0,
        error:
          "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.",
      });
      await api.json(free, "DELETE", `/api/chatbots/${freeBot}/sources/${res.body._id}`);
    });

    it("fails a document past the Free plan's text limit, naming the limit and the plan", async () => {
      const text = Buffer.from(`# Manual\n\n${"The kettle boils water quickly. ".repeat(40_000)}`);
      expect(text.length).toBeLessThan(5 * MB);
      const res = await api.upload(free, freeBot, "manual.md", text);
      expect(res.status).toBe(201);
      await t.app.services.jobs.drain();
      expect((await sourceOf(free, freeBot, res.body._id)).error).toBe(
        "This document has more than 1,000,000 characters of text, the most one source can hold on the Free plan. Split it into smaller files or upgrade your plan.",
      );
      // The same file is within the Business plan's limits.
      const biz = await api.upload(business, bizBot, "manual.md", text);
      await t.app.services.jobs.drain();
      expect(await sourceOf(business, bizBot, biz.body._id)).toMatchObject({ status: "ready" });
      await api.json(free, "DELETE", `/api/chatbots/${freeBot}/sources/${res.body._id}`);
    });
  });

  describe("crawls", () => {
    it("skips bad pages with their reasons on the source and ingests the rest", async () => {
      const other = await startTestSite();
      const site = await startTestSite(3, { hostile: { otherSiteUrl: other.url, internalUrl: other.url } });
      try {
        const web = await api.addSource(business, bizBot, {
          kind: "website",
          url: `${site.url}/`,
          maxPages: 20,
        });
        await t.app.services.jobs.drain();
        const source = await sourceOf(business, bizBot, web.body._id);
        expect(source).toMatchObject({ status: "ready", progress: { done: 3, total: 3, unit: "pages" } });
        expect(source.chunkCount).toBeGreaterThan(0);
        const reasons = Object.fromEntries(
          source.skippedPages.map((p) => [new URL(p.url).pathname, p.reason]),
        );
        expect(reasons).toMatchObject({
          "/endless": "The page is larger than 3 MB; reading stopped there.",
          "/deep": "The page is nested too deeply to read.",
          "/never-finishes": `The page did not load within ${PAGE_TIMEOUT_S} second${PAGE_TIMEOUT_S === 1 ? "" : "s"}.`,
          "/missing": "The page answered 404 Not Found.",
          "/logo": "It is not a web page (image/png).",
          "/moved-away": `It redirects to another site (${other.url}).`,
        });
        expect(other.hits).toEqual([]);
        // A re-sync starts over: the list is the new crawl's.
        const again = await api.json(
          business,
          "POST",
          `/api/chatbots/${bizBot}/sources/${web.body._id}/resync`,
        );
        expect(again.body.skippedPages).toEqual([]);
        await t.app.services.jobs.drain();
        expect((await sourceOf(business, bizBot, web.body._id)).skippedPages).toHaveLength(
          source.skippedPages.length,
        );
      } finally {
        await Promise.all([site.close(), other.close()]);
      }
    });
  });
});

describe.each(testDrivers("either"))("model endpoints on %s, with private addresses refused", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stub: LlmStub;
  /** A model server on 127.0.0.1 that the operator did not configure: a bot owner's target. */
  let internal: LlmStub;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_model_owner", email: "model@example.com", name: "Model" };
  let accounts = 0;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    stub = await startLlmStub({ tokens: ["From ", "the ", "operator's ", "model."] });
    internal = await startLlmStub({ tokens: ["internal"] });
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        LLM_ALLOW_PRIVATE: "false",
        LLM_BASE_URL: stub.url,
        LLM_MODEL: "stub-model",
      },
      { listen: true },
    );
    api = builderClient(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([issuer?.close(), stub?.close(), internal?.close()]);
  });

  it("uses the operator's own endpoint although it is local", async () => {
    const bot = await api.createBot(owner, {
      name: "Operator model",
      model: { provider: "openai-compatible" },
    });
    const { events } = await api.ask(owner, bot._id, "hello?");
    expect(textOf(events)).toBe("From the operator's model.");
  });

  it.each([
    (port: string) => `http://127.0.0.1:${port}/v1`,
    (port: string) => `http://localhost:${port}/v1`,
    (port: string) => `http://[::ffff:127.0.0.1]:${port}/v1`,
    (port: string) => `http://2130706433:${port}/v1`,
    (port: string) => `http://[::]:${port}/v1`,
  ])("refuses a bot's own endpoint on a private address (%s)", async (spell) => {
    const port = new URL(internal.url).port;
    // A Free account has one bot: one account per spelling.
    const who = { ...owner, sub: `auth_model_${++accounts}` };
    const bot = await api.createBot(who, {
      name: "Own model",
      model: { provider: "openai-compatible", baseUrl: spell(port), model: "x" },
    });
    const { events } = await api.ask(who, bot._id, "hello?");
    expect(events.at(-1)).toMatchObject({
      event: "error",
      data: {
        code: "MODEL_UNAVAILABLE",
        message: "The AI model's address is on a private or local network, which this server does not allow.",
      },
    });
    expect(internal.requests.length).toBe(0);
  });
});
