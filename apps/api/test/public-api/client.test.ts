import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient } from "./keys";
import type { paths } from "./openapi-v1.generated";

const owner: Owner = { sub: "auth_bakery", email: "owner@bakery.example", name: "Bakery" };
const visitor = "visitorCLIENTTEST000001";

/**
 * Issue #24's "done when": a client generated from /api/v1/openapi.json (openapi-typescript types,
 * committed and checked fresh by openapi.test.ts; openapi-fetch) drives the whole journey.
 */
describe.each(testDrivers("either"))(
  "a generated TypeScript client drives the public API on %s",
  (driver) => {
    let t: TestApp;
    let issuer: TokenIssuer;
    let api: ReturnType<typeof createClient<paths>>;

    beforeAll(async () => {
      issuer = await startTokenIssuer();
      t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
      const keys = keysClient(t, issuer);
      await keys.plan(owner.sub, "pro-monthly");
      const { key } = await keys.create(owner, { name: "Storefront", scopes: ["chat", "read", "write"] });
      api = createClient<paths>({ baseUrl: t.url, headers: { authorization: `Bearer ${key}` } });
    });
    afterAll(async () => {
      await t?.close();
      await issuer?.close();
    });

    it("creates a bot, teaches it, asks it, and reads the conversation and the lead", async () => {
      const created = await api.POST("/api/v1/chatbots", {
        body: { name: "Bakery helper", leadCapture: true, published: true },
      });
      expect(created.response.status).toBe(201);
      const bot = created.data;
      if (!bot) throw new Error(JSON.stringify(created.error));
      const id = bot._id;
      // The bots, a page at a time like every list (the typed page: items and nextCursor).
      const bots = await api.GET("/api/v1/chatbots", { params: { query: { limit: 1 } } });
      expect(bots.data?.items.map((b) => [b._id, b.sourceCount])).toEqual([[id, 0]]);
      expect(bots.data?.nextCursor).toBeNull();
      const badCursor = await api.GET("/api/v1/chatbots", { params: { query: { cursor: "nonsense" } } });
      expect(badCursor.response.status).toBe(400);
      expect(badCursor.error?.error.code).toBe("BAD_REQUEST");

      const added = await api.POST("/api/v1/chatbots/{id}/sources", {
        params: { path: { id } },
        body: {
          kind: "text",
          title: "Opening hours",
          content:
            "The bakery opens at 7 in the morning and closes at 6 in the evening, every day but Friday.",
        },
      });
      expect(added.response.status).toBe(201);
      const sourceId = added.data?._id ?? "";

      // Wait until it is ready (the job queue runs here on demand).
      let status = added.data?.status;
      for (let i = 0; i < 50 && status !== "ready"; i++) {
        await t.app.services.jobs.drain();
        const got = await api.GET("/api/v1/chatbots/{id}/sources/{sourceId}", {
          params: { path: { id, sourceId } },
        });
        status = got.data?.status;
        expect(status).not.toBe("failed");
      }
      expect(status).toBe("ready");
      const listed = await api.GET("/api/v1/chatbots/{id}/sources", { params: { path: { id } } });
      expect(listed.data?.items.map((s) => s.title)).toEqual(["Opening hours"]);
      expect(listed.data?.nextCursor).toBeNull();

      // Ask (JSON), then continue the same conversation.
      const asked = await api.POST("/api/v1/chatbots/{id}/ask", {
        params: { path: { id } },
        body: { content: "When does the bakery open in the morning?" },
      });
      expect(asked.response.status).toBe(200);
      const answer = asked.data;
      if (!answer) throw new Error(JSON.stringify(asked.error));
      expect(answer.answer.answered).toBe(true);
      expect(answer.answer.fallback).toBe(false);
      expect(answer.answer.text).toMatch(/7/);
      expect(answer.answer.citations.map((c) => c.sourceId)).toContain(sourceId);
      const again = await api.POST("/api/v1/chatbots/{id}/ask", {
        params: { path: { id } },
        body: { content: "And when does it close?", conversationId: answer.conversationId },
      });
      expect(again.data?.conversationId).toBe(answer.conversationId);

      // The same question as Server-Sent Events.
      const streamed = await api.POST("/api/v1/chatbots/{id}/ask", {
        params: { path: { id } },
        body: { content: "Is it open on Friday?", conversationId: answer.conversationId },
        headers: { accept: "text/event-stream" },
        parseAs: "stream",
      });
      expect(streamed.response.headers.get("content-type")).toMatch(/text\/event-stream/);
      const events = await readSse(streamed.response);
      expect(events[0]?.event).toBe("start");
      expect(events.at(-1)?.event).toBe("done");
      expect(events.some((e) => e.event === "delta")).toBe(true);

      // Read the conversation and its messages.
      const conv = await api.GET("/api/v1/conversations/{id}", {
        params: { path: { id: answer.conversationId } },
      });
      expect(conv.data?.messages.map((m) => m.role)).toEqual([
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
      ]);
      expect(conv.data?.messages[0]?.content).toBe("When does the bakery open in the morning?");
      // The same messages a page at a time.
      const paged: string[] = [];
      let pageAfter: string | undefined;
      do {
        const page = await api.GET("/api/v1/conversations/{id}/messages", {
          params: { path: { id: answer.conversationId }, query: { limit: 4, cursor: pageAfter } },
        });
        paged.push(...(page.data?.items.map((m) => m._id) ?? []));
        pageAfter = page.data?.nextCursor ?? undefined;
      } while (pageAfter);
      expect(paged).toEqual(conv.data?.messages.map((m) => m._id));

      // A visitor leaves their address in the widget (the way leads are made)…
      const widget = (p: string, body?: unknown) =>
        fetch(`${t.url}/api/widget/${id}${p}`, {
          method: "POST",
          headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
          body: JSON.stringify(body ?? {}),
        });
      const started = (await (await widget("/conversations")).json()) as { _id: string };
      const lead = await widget(`/conversations/${started._id}/lead`, {
        email: "Reem@Example.com",
        name: "Reem",
      });
      expect(lead.status).toBe(200);

      // …and the API lists it, and both conversations, a page at a time.
      const leads = await api.GET("/api/v1/leads", { params: { query: { chatbotId: id } } });
      expect(leads.data?.items.map((l) => [l.email, l.name, l.conversationId])).toEqual([
        ["reem@example.com", "Reem", started._id],
      ]);
      expect(leads.data?.nextCursor).toBeNull();
      const first = await api.GET("/api/v1/conversations", { params: { query: { limit: 1 } } });
      expect(first.data?.items).toHaveLength(1);
      const cursor = first.data?.nextCursor;
      expect(cursor).toBeTruthy();
      const second = await api.GET("/api/v1/conversations", {
        params: { query: { limit: 1, cursor: cursor ?? undefined } },
      });
      const ids = [...(first.data?.items ?? []), ...(second.data?.items ?? [])].map((c) => c._id).sort();
      expect(ids).toEqual([answer.conversationId, started._id].sort());
      expect(second.data?.nextCursor).toBeNull();

      // Settings through PATCH; errors come back typed in the one shape.
      const patched = await api.PATCH("/api/v1/chatbots/{id}", {
        params: { path: { id } },
        body: { greeting: "Fresh bread daily!" },
      });
      expect(patched.data?.greeting).toBe("Fresh bread daily!");
      const missing = await api.GET("/api/v1/chatbots/{id}", { params: { path: { id: "cb_missing" } } });
      expect(missing.response.status).toBe(404);
      expect(missing.error?.error.code).toBe("NOT_FOUND");

      // Delete: the bot forgets the source.
      const removed = await api.DELETE("/api/v1/chatbots/{id}/sources/{sourceId}", {
        params: { path: { id, sourceId } },
      });
      expect(removed.response.status).toBe(204);
      const after = await api.GET("/api/v1/chatbots/{id}/sources", { params: { path: { id } } });
      expect(after.data).toEqual({ items: [], nextCursor: null });

      // Usage per key: the three answers are counted against this key this month.
      const usage = (await keysClient(t, issuer).call(owner, "GET", "/api/api-keys")).body.keys[0];
      expect(usage.thisMonth.messages).toBe(3);
      expect(usage.lastUsedAt).not.toBeNull();
    });

    it("asks a bot that is not published yet (like the Playground); the widget still cannot reach it", async () => {
      const draft = await api.POST("/api/v1/chatbots", { body: { name: "Draft bot" } });
      const id = draft.data?._id ?? "";
      expect(draft.data?.published).toBe(false);
      const asked = await api.POST("/api/v1/chatbots/{id}/ask", {
        params: { path: { id } },
        body: { content: "Hello?" },
      });
      expect(asked.response.status).toBe(200);
      expect(asked.data?.answer.messageId).toBeTruthy();
      const conv = await api.GET("/api/v1/conversations/{id}", {
        params: { path: { id: asked.data?.conversationId ?? "" } },
      });
      expect(conv.data?.messages).toHaveLength(2);
      const widget = await fetch(`${t.url}/api/widget/${id}/conversations`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor },
      });
      expect(widget.status).toBe(404);
    });

    it("uploads a document through the multipart route", async () => {
      const bot = await api.POST("/api/v1/chatbots", { body: { name: "Docs bot" } });
      const id = bot.data?._id ?? "";
      const form = new FormData();
      form.append("file", new Blob(["Returns are accepted within 14 days with a receipt."]), "returns.txt");
      const res = await api.POST("/api/v1/chatbots/{id}/sources/upload", {
        params: { path: { id } },
        body: { file: "" },
        bodySerializer: () => form,
      });
      expect(res.response.status).toBe(201);
      expect(res.data).toMatchObject({ kind: "file", fileName: "returns.txt" });
    });
  },
);
