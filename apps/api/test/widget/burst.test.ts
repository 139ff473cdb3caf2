// Writes and reads made at the same moment share one statement (lib/batch.ts). These tests make
// many calls in one turn of the event loop, so they are gathered into batches, and check that
// every caller still gets exactly what it would have got alone, on both database drivers.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages, usageCounters } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import type { ConversationAccess } from "../../src/modules/conversations/access";
import { createConversationsRepo } from "../../src/modules/conversations/conversations.repo";
import { createUsageRepo } from "../../src/modules/entitlements/usage.repo";
import { accessOf } from "../../src/modules/widget/widget-visitor";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

describe.each(testDrivers())("a burst of widget writes on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let repo: ReturnType<typeof createConversationsRepo>;
  const owner: Owner = { sub: "auth_burst", email: "burst@example.com", name: "Burst" };
  let botId = "";
  let otherBotId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    const api = builderClient(t, issuer);
    botId = (await api.createBot(owner, { name: "Burst shop" }))._id;
    otherBotId = (
      await api.createBot(
        { sub: "auth_burst_other", email: "other@example.com", name: "Other" },
        { name: "Other shop" },
      )
    )._id;
    repo = createConversationsRepo(t.db.db);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const at = (second: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, second));
  const start = async (visitorId: string, chatbotId = botId) => {
    const id = newId("conv");
    await repo.create({
      id,
      chatbotId,
      workspaceId: owner.sub,
      channel: "widget",
      visitorId,
      createdAt: at(0),
      lastMessageAt: at(0),
    });
    return id;
  };
  const message = (conversationId: string, content: string, second: number, role: "user" | "assistant") => ({
    id: newId("msg"),
    conversationId,
    chatbotId: botId,
    workspaceId: owner.sub,
    role,
    content,
    createdAt: at(second),
  });
  const conversation = async (id: string) =>
    (await t.db.db.select().from(conversations).where(eq(conversations.id, id)))[0];

  it("stores every message of a burst, with each conversation's counters summed from its own", async () => {
    const [a, b] = await Promise.all([start("visitorBurstA000000001"), start("visitorBurstB000000001")]);
    if (!a || !b) throw new Error("no conversations");
    await Promise.all([
      repo.addMessage(message(a, "first question", 1, "user"), { firstQuestion: "first question" }),
      repo.addMessage(message(a, "a reply", 2, "assistant"), { touch: true, unanswered: true }),
      repo.addMessage(message(a, "second question", 3, "user"), { firstQuestion: "second question" }),
      repo.addMessage(message(a, "another reply", 4, "assistant"), { touch: true, unanswered: true }),
      repo.addMessage(message(b, "b asks", 5, "user"), { firstQuestion: "b asks" }),
    ]);
    expect(await conversation(a)).toMatchObject({
      messageCount: 4,
      firstQuestion: "first question",
      unansweredCount: 2,
      lastMessageAt: at(4),
    });
    expect(await conversation(b)).toMatchObject({
      messageCount: 1,
      firstQuestion: "b asks",
      unansweredCount: 0,
      // Not touched: a question alone does not move the conversation in the inbox.
      lastMessageAt: at(0),
    });
    const stored = await t.db.db
      .select()
      .from(messages)
      .where(inArray(messages.conversationId, [a, b]));
    expect(stored.map((m) => m.content).sort()).toEqual(
      ["a reply", "another reply", "b asks", "first question", "second question"].sort(),
    );
  });

  it("fails only the message whose conversation is gone; the rest of its burst is stored", async () => {
    const a = await start("visitorBurstC000000001");
    const gone = newId("conv");
    const settled = await Promise.allSettled([
      repo.addMessage(message(a, "kept one", 1, "user"), { firstQuestion: "kept one" }),
      repo.addMessage(message(gone, "lost", 1, "user"), { firstQuestion: "lost" }),
      repo.addMessage(message(a, "kept two", 2, "user")),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await conversation(a)).toMatchObject({ messageCount: 2, firstQuestion: "kept one" });
    const stored = await t.db.db.select().from(messages).where(eq(messages.conversationId, a));
    expect(stored.map((m) => m.content).sort()).toEqual(["kept one", "kept two"]);
  });

  it("stores a lone surrogate sent by a hostile visitor as U+FFFD instead of failing its burst", async () => {
    const a = await start("visitorBurstD000000001");
    await Promise.all([
      repo.addMessage(message(a, "broken \ud800 text", 1, "user"), { firstQuestion: "broken \udc00" }),
      repo.addMessage(message(a, "fine", 2, "user")),
    ]);
    const stored = await t.db.db.select().from(messages).where(eq(messages.conversationId, a));
    expect(stored.map((m) => m.content).sort()).toEqual(["broken \ufffd text", "fine"]);
    expect((await conversation(a))?.firstQuestion).toBe("broken \ufffd");
  });

  it("completes a burst of replies, taking only the answered ones off the unanswered count", async () => {
    const a = await start("visitorBurstE000000001");
    const replies = [1, 2, 3].map((s) => message(a, "", s, "assistant"));
    for (const r of replies)
      await repo.addMessage({ ...r, answered: false }, { unanswered: true, touch: true });
    expect((await conversation(a))?.unansweredCount).toBe(3);
    await Promise.all(
      replies.map((r, i) =>
        repo.completeReply(r.id, {
          content: `reply ${i}`,
          citations: [],
          answered: i !== 1,
          interrupted: false,
        }),
      ),
    );
    expect((await conversation(a))?.unansweredCount).toBe(1);
    const stored = await t.db.db.select().from(messages).where(eq(messages.conversationId, a));
    expect(stored.map((m) => [m.content, m.answered]).sort()).toEqual([
      ["reply 0", true],
      ["reply 1", false],
      ["reply 2", true],
    ]);
  });

  it("reads a burst of conversations each under its own visitor's scope", async () => {
    const mine = await start("visitorBurstF000000001");
    const theirs = await start("visitorBurstG000000001");
    await repo.addMessage(message(mine, "mine", 1, "user"), { firstQuestion: "mine" });
    await repo.addMessage(message(theirs, "theirs", 1, "user"), { firstQuestion: "theirs" });
    const visitor = (visitorId: string) => accessOf(botId, { visitorId, customer: null });
    const [own, snooped, other] = await Promise.all([
      repo.withRecentMessages(mine, visitor("visitorBurstF000000001"), 10),
      // A hostile visitor reading someone else's conversation in the same moment gets nothing,
      // even though the owner's read of it shares the statement.
      repo.withRecentMessages(theirs, visitor("visitorBurstF000000001"), 10),
      repo.withRecentMessages(theirs, visitor("visitorBurstG000000001"), 10),
    ]);
    expect(own?.recent.map((m) => m.content)).toEqual(["mine"]);
    expect(snooped).toBeUndefined();
    expect(other?.recent.map((m) => m.content)).toEqual(["theirs"]);
  });

  it("agrees with the single read on who may see a conversation, for every kind of caller", async () => {
    // One conversation of each kind, and every kind of caller (right and wrong) asking for each,
    // all at once: the batched read (the rule as data) and the single read (the rule as a
    // condition) must let exactly the same callers in.
    const base = { chatbotId: botId, workspaceId: owner.sub, createdAt: at(0), lastMessageAt: at(0) };
    const kinds = {
      anonymous: {
        ...base,
        id: newId("conv"),
        channel: "widget" as const,
        visitorId: "visitorRuleA0000000001",
      },
      customer: {
        ...base,
        id: newId("conv"),
        channel: "widget" as const,
        visitorId: "visitorRuleA0000000001",
        customerId: "customer-1",
      },
      api: { ...base, id: newId("conv"), channel: "api" as const },
      whatsapp: {
        ...base,
        id: newId("conv"),
        channel: "whatsapp" as const,
        channelId: "chn_rule",
        contactId: "97333000001",
      },
    };
    for (const row of Object.values(kinds)) await repo.create(row);
    const callers: Record<string, ConversationAccess> = {
      visitor: { visitor: { chatbotId: botId, visitorId: "visitorRuleA0000000001", customerId: null } },
      "visitor on another bot": {
        visitor: { chatbotId: otherBotId, visitorId: "visitorRuleA0000000001", customerId: null },
      },
      "another visitor": {
        visitor: { chatbotId: botId, visitorId: "visitorRuleB0000000001", customerId: null },
      },
      "the customer on another device": {
        visitor: { chatbotId: botId, visitorId: "visitorRuleB0000000001", customerId: "customer-1" },
      },
      "another customer": {
        visitor: { chatbotId: botId, visitorId: "visitorRuleA0000000001", customerId: "customer-2" },
      },
      api: { api: { workspaceId: owner.sub, chatbotId: botId } },
      "api of another workspace": { api: { workspaceId: "auth_burst_other", chatbotId: botId } },
      contact: { contact: { channelId: "chn_rule", contactId: "97333000001" } },
      "another number": { contact: { channelId: "chn_rule", contactId: "97333000002" } },
      team: { team: { workspaceId: owner.sub } },
      "another team": { team: { workspaceId: "auth_burst_other" } },
    };
    const pairs = Object.entries(kinds).flatMap(([kind, row]) =>
      Object.entries(callers).map(([caller, access]) => ({ kind, caller, id: row.id, access })),
    );
    const [batched, single] = await Promise.all([
      Promise.all(pairs.map((p) => repo.withRecentMessages(p.id, p.access, 5).then(Boolean))),
      Promise.all(pairs.map((p) => repo.find(p.id, p.access).then(Boolean))),
    ]);
    const allowed = (seen: boolean[]) =>
      pairs.filter((_, i) => seen[i]).map((p) => `${p.kind} ← ${p.caller}`);
    expect(allowed(batched)).toEqual(allowed(single));
    expect(allowed(batched).sort()).toEqual(
      [
        "anonymous ← visitor",
        "anonymous ← another customer",
        "anonymous ← team",
        "customer ← the customer on another device",
        "customer ← team",
        "api ← api",
        "api ← team",
        "whatsapp ← contact",
        "whatsapp ← team",
      ].sort(),
    );
  });

  it("starts a burst of conversations, even across bots", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        start(`visitorBurstH${String(i).padStart(9, "0")}`, i % 2 ? otherBotId : botId),
      ),
    );
    const rows = await t.db.db.select().from(conversations).where(inArray(conversations.id, ids));
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.chatbotId === otherBotId)).toHaveLength(6);
  });

  describe("monthly usage", () => {
    const usage = () => createUsageRepo(t.db.db);
    const month = "2026-11-01";
    const used = async (workspaceId: string) =>
      (
        await t.db.db
          .select({ n: usageCounters.messages })
          .from(usageCounters)
          .where(eq(usageCounters.workspaceId, workspaceId))
      )[0]?.n;

    it("grants a whole burst that fits under the limit", async () => {
      const repo = usage();
      const granted = await Promise.all(
        Array.from({ length: 5 }, () => repo.reserveMessage("burst_fit", month, 5)),
      );
      expect(granted).toEqual([true, true, true, true, true]);
      expect(await used("burst_fit")).toBe(5);
    });

    it("grants exactly the room left when a burst does not fit, and never passes the limit", async () => {
      const repo = usage();
      await repo.reserveMessage("burst_over", month, 10);
      await Promise.all(Array.from({ length: 6 }, () => repo.reserveMessage("burst_over", month, 10)));
      // 7 of 10 used: a burst of 5 gets 3.
      const granted = await Promise.all(
        Array.from({ length: 5 }, () => repo.reserveMessage("burst_over", month, 10)),
      );
      expect(granted.filter(Boolean)).toHaveLength(3);
      expect(await used("burst_over")).toBe(10);
    });

    it("keeps workspaces apart within one burst", async () => {
      const repo = usage();
      const granted = await Promise.all([
        repo.reserveMessage("burst_left", month, 1),
        repo.reserveMessage("burst_right", month, 2),
        repo.reserveMessage("burst_left", month, 1),
        repo.reserveMessage("burst_right", month, 2),
      ]);
      expect(granted).toEqual([true, true, false, true]);
      expect(await used("burst_left")).toBe(1);
      expect(await used("burst_right")).toBe(2);
    });
  });
});
