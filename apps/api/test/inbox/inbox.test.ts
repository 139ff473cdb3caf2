import {
  analyticsSchema,
  conversationPageSchema,
  type StreamDone,
  transcriptSchema,
  unansweredListSchema,
  widgetConversationSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

describe.each(testDrivers("either"))("inbox, analytics and data lifecycle on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_owner7", email: "owner7@example.com", name: "Huda" };
  const other: Owner = { sub: "auth_other7", email: "other7@example.com", name: "Omar" };
  let botId = "";
  const today = () => t.app.clock.now().toISOString().slice(0, 10);

  const widget = (method: string, p: string, visitor: string, body?: unknown) =>
    fetch(`${t.url}/api/widget/${botId}${p}`, {
      method,
      headers: {
        "x-parley-visitor": visitor,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const visit = async (visitor: string, questions: string[]) => {
    const conv = widgetConversationSchema.parse(
      await (await widget("POST", "/conversations", visitor)).json(),
    )._id;
    const replies: { text: string; done: StreamDone }[] = [];
    for (const q of questions) {
      const events = await readSse(
        await widget("POST", `/conversations/${conv}/messages`, visitor, { content: q }),
      );
      replies.push({ text: textOf(events), done: events.at(-1)?.data as StreamDone });
    }
    return { conv, replies };
  };

  let ratedConv = "";
  let leadConv = "";
  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    // Run a month ahead of the database's clock, as after a test that moved the app clock:
    // every date the inbox compares must come from the app clock.
    t.app.clock.advance(31 * 86_400_000);
    botId = (
      await api.createBot(owner, { name: "Gift shop", published: true, leadCapture: true, retentionDays: 30 })
    )._id;
    await api.addSource(owner, botId, {
      kind: "text",
      title: "Shipping",
      content: "We ship across Bahrain in two days. Shipping is free above 20 BHD.",
    });
    await t.app.services.jobs.drain();
    // Visitor 1: answered, then rated down. Visitor 2: unanswered (x2, similar) and leaves a lead.
    const v1 = await visit("visitor1111111111111111", ["Is shipping free?"]);
    ratedConv = v1.conv;
    await widget(
      "POST",
      `/conversations/${v1.conv}/messages/${v1.replies[0]?.done.messageId}/feedback`,
      "visitor1111111111111111",
      { value: "down" },
    );
    const v2 = await visit("visitor2222222222222222", ["Do you sell gift cards?", "Can I buy gift cards?"]);
    leadConv = v2.conv;
    await widget("POST", `/conversations/${v2.conv}/lead`, "visitor2222222222222222", {
      email: "sara@example.com",
      name: '=HYPERLINK("x")',
    });
    await visit("visitor3333333333333333", ["How fast do you ship?"]);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const inbox = async (who: Owner, query = "") =>
    conversationPageSchema.parse((await api.json(who, "GET", `/api/conversations${query}`)).body);

  it("lists the owner's conversations newest first, with filters and message search", async () => {
    const all = await inbox(owner);
    expect(all.items).toHaveLength(3);
    expect(all.items[0]?.firstQuestion).toBe("How fast do you ship?");
    expect((await inbox(owner, "?unanswered=true")).items.map((c) => c._id)).toEqual([leadConv]);
    expect((await inbox(owner, "?rating=down")).items.map((c) => c._id)).toEqual([ratedConv]);
    expect((await inbox(owner, "?hasLead=true")).items.map((c) => c._id)).toEqual([leadConv]);
    expect((await inbox(owner, `?q=${encodeURIComponent("gift cards")}`)).items.map((c) => c._id)).toEqual([
      leadConv,
    ]);
    expect((await inbox(owner, `?chatbotId=${botId}&from=${today()}&to=${today()}`)).items).toHaveLength(3);
    expect((await inbox(owner, "?from=2020-01-01&to=2020-01-02")).items).toHaveLength(0);
    expect((await inbox(other)).items).toHaveLength(0);
  });

  it("pages with a cursor without repeats or gaps", async () => {
    const first = await inbox(owner, "?limit=2");
    expect(first.items).toHaveLength(2);
    const second = await inbox(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((c) => c._id);
    expect(new Set(ids).size).toBe(3);
  });

  it("shows a transcript with the sources each answer used, to its owner only", async () => {
    const res = await api.json(owner, "GET", `/api/conversations/${ratedConv}`);
    const tr = transcriptSchema.parse(res.body);
    expect(tr.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(tr.messages[1]).toMatchObject({ feedback: "down", answered: true });
    expect(tr.messages[1]?.citations[0]?.title).toBe("Shipping");
    expect((await api.json(other, "GET", `/api/conversations/${ratedConv}`)).status).toBe(404);
    expect((await api.json(other, "DELETE", `/api/conversations/${ratedConv}`)).status).toBe(404);
  });

  it("groups similar unanswered questions; one click adds an answer the next visitor gets", async () => {
    const groups = unansweredListSchema.parse(
      (await api.json(owner, "GET", "/api/insights/unanswered")).body,
    );
    const gift = groups.find((g) => /gift card/i.test(g.question));
    expect(gift).toMatchObject({ count: 2, reasons: { fallback: 2, thumbsDown: 0 }, chatbotId: botId });
    expect(groups.find((g) => /shipping free/i.test(g.question))).toMatchObject({
      count: 1,
      reasons: { thumbsDown: 1 },
    });

    const added = await api.addSource(owner, botId, {
      kind: "qa",
      question: gift?.question,
      answer: "Yes! Gift cards from 5 to 100 BHD are sold in store and online.",
    });
    expect(added.status).toBe(201);
    await t.app.services.jobs.drain();
    const next = await visit("visitor4444444444444444", ["Do you sell gift cards?"]);
    expect(next.replies[0]?.text).toBe("Yes! Gift cards from 5 to 100 BHD are sold in store and online.");
    const after = unansweredListSchema.parse((await api.json(owner, "GET", "/api/insights/unanswered")).body);
    expect(after.find((g) => /gift card/i.test(g.question))).toBeUndefined();
  });

  it("lists leads and exports them as CSV with formulas neutralised", async () => {
    const leads = (await api.json(owner, "GET", "/api/leads")).body;
    expect(leads).toEqual([
      expect.objectContaining({
        email: "sara@example.com",
        conversationId: leadConv,
        chatbotName: "Gift shop",
      }),
    ]);
    const res = await fetch(`${t.url}/api/leads.csv`, {
      headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
    });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="parley-leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = await res.text();
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe("email,name,chatbot,captured_at,conversation");
    expect(row).toContain("sara@example.com");
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain(`/inbox/${leadConv}`);
  });

  it("reports analytics that match the raw rows", async () => {
    const a = analyticsSchema.parse(
      (await api.json(owner, "GET", `/api/analytics?from=${today()}&to=${today()}`)).body,
    );
    // The same figures computed straight from the tables.
    const msgs = await t.db.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.workspaceId, owner.sub));
    const convs = await t.db.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.workspaceId, owner.sub));
    const replies = msgs.filter((m) => m.role === "assistant" && !m.quotaBlocked);
    expect(a.totals).toEqual({
      conversations: convs.length,
      messages: msgs.filter((m) => !m.quotaBlocked).length,
      questions: msgs.filter((m) => m.role === "user").length,
      answered: replies.filter((m) => m.answered).length,
      thumbsUp: msgs.filter((m) => m.feedback === "up").length,
      thumbsDown: msgs.filter((m) => m.feedback === "down").length,
      leads: 1,
    });
    expect(a.answeredShare).toBeCloseTo(replies.filter((m) => m.answered).length / replies.length);
    expect(a.satisfaction).toBe(0);
    expect(a.days).toEqual([{ date: today(), conversations: convs.length, messages: msgs.length }]);
    const hour = t.app.clock.now().getUTCHours();
    expect(a.busiestHours.find((h) => h.hour === hour)?.messages).toBe(
      msgs.filter((m) => m.role === "user").length,
    );
    expect(a.busiestHours).toHaveLength(24);
    expect(a.topQuestions[0]).toEqual({ question: "Do you sell gift cards?", count: 2 });
    expect(a.usage).toMatchObject({ messagesThisMonth: replies.length, limit: 100, planName: "Free" });
    expect((await api.json(owner, "GET", "/api/analytics?from=2026-02-01&to=2026-01-01")).status).toBe(400);
  });

  it("the retention job deletes only conversations past their bot's retention", async () => {
    await t.db.db
      .update(schema.conversations)
      .set({ lastMessageAt: sql`now() - interval '40 days'` })
      .where(eq(schema.conversations.id, ratedConv));
    const before = (await inbox(owner)).items.length;
    expect(await t.app.services.lifecycle.applyRetention()).toEqual({ deleted: 1 });
    const after = await inbox(owner);
    expect(after.items).toHaveLength(before - 1);
    expect(after.items.map((c) => c._id)).not.toContain(ratedConv);
    expect(
      await t.db.db.select().from(schema.messages).where(eq(schema.messages.conversationId, ratedConv)),
    ).toHaveLength(0);
    expect(await t.app.services.lifecycle.applyRetention()).toEqual({ deleted: 0 });
  });

  it("exports everything as one JSON archive", async () => {
    const res = await api.json(owner, "GET", "/api/export");
    expect(res.status).toBe(200);
    const archive = res.body;
    expect(archive.format).toBe("parley-export/1");
    expect(archive.chatbots).toHaveLength(1);
    expect(archive.chatbots[0].sources.map((s: { kind: string }) => s.kind).sort()).toEqual(["qa", "text"]);
    expect(
      archive.chatbots[0].conversations.flatMap((c: { leads: { email: string }[] }) =>
        c.leads.map((l) => l.email),
      ),
    ).toEqual(["sara@example.com"]);
    expect(JSON.stringify(archive)).not.toContain("auth_other7");
  });

  it("deletes a visitor's conversation on the owner's request", async () => {
    expect((await api.json(owner, "DELETE", `/api/conversations/${leadConv}`)).status).toBe(204);
    expect((await api.json(owner, "GET", `/api/conversations/${leadConv}`)).status).toBe(404);
    expect(
      await t.db.db.select().from(schema.leads).where(eq(schema.leads.conversationId, leadConv)),
    ).toHaveLength(0);
  });

  it("account deletion leaves nothing of the owner behind", async () => {
    const body = JSON.stringify({
      id: "evt_delete_owner7",
      type: "user.deleted",
      occurredAt: new Date().toISOString(),
      data: { userId: owner.sub, email: owner.email },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/internal/auth-events",
      headers: {
        "content-type": "application/json",
        ...signWebhook(t.env.AUTH_EVENTS_SECRET, body),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    for (const table of [
      schema.chatbots,
      schema.knowledgeSources,
      schema.conversations,
      schema.messages,
      schema.leads,
    ]) {
      expect(await t.db.db.select().from(table).where(eq(table.workspaceId, owner.sub))).toHaveLength(0);
    }
    expect(
      await t.db.db.select().from(schema.knowledgeChunks).where(eq(schema.knowledgeChunks.chatbotId, botId)),
    ).toHaveLength(0);
    expect(
      await t.db.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, owner.sub)),
    ).toHaveLength(0);
    expect(
      await t.db.db.select().from(schema.platformUsers).where(eq(schema.platformUsers.id, owner.sub)),
    ).toHaveLength(0);
    expect((await fetch(`${t.url}/api/widget/${botId}/config`)).status).toBe(404);
  });
});
