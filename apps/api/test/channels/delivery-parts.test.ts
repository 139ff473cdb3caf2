import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbots, conversations, messages } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { createConversationsRepo } from "../../src/modules/conversations/conversations.repo";
import {
  advancePart,
  createDeliveryService,
  overallDelivery,
} from "../../src/modules/conversations/delivery.service";
import { createLiveRepo } from "../../src/modules/conversations/live.repo";
import { createLiveHub } from "../../src/modules/conversations/live-hub";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { captureLogger } from "../logger";

// How far an outgoing channel message's parts got, as the sender and Meta's reports write them: the
// send's attempt mark keeps what a report wrote, and a report (one statement, checked against the
// parts it read) keeps the attempt mark; parts are filled up to the message's count, never cut.
describe.each(testDrivers())("a channel message's delivery parts on %s", (driver) => {
  let t: TestApp;
  let live: ReturnType<typeof createLiveRepo>;
  const workspace = `ws_parts_${driver}`;
  const botId = newId("cb");
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    live = createLiveRepo(t.db.db);
    await t.db.db.insert(chatbots).values({
      id: botId,
      workspaceId: workspace,
      name: "Parts",
      instructions: "",
      greeting: "Hi",
      fallbackReply: "Sorry",
      theme: { primaryColor: "#2563eb", position: "bottom-right", launcherText: "Chat" },
    });
    conversationId = newId("conv");
    await createConversationsRepo(t.db.db).create({
      id: conversationId,
      chatbotId: botId,
      workspaceId: workspace,
      channel: "whatsapp",
      createdAt: new Date(),
      lastMessageAt: new Date(),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const outgoing = async () => {
    const id = newId("msg");
    await t.db.db.insert(messages).values({
      id,
      conversationId,
      chatbotId: botId,
      workspaceId: workspace,
      role: "assistant",
      content: "A long answer in three parts.",
      delivery: "queued",
    });
    return id;
  };
  const partsOf = async (id: string) =>
    (await t.db.db.select().from(messages).where(eq(messages.id, id)))[0]?.deliveryParts;
  const advance = (id: string, index: number, update: Parameters<typeof advancePart>[2], total?: number) =>
    live.deliveryChange(id, (m) => {
      const parts = advancePart(m.deliveryParts ?? [], index, update, total);
      return parts ? { parts, delivery: overallDelivery(parts), at: new Date() } : undefined;
    });

  it("marks a send's attempt on its part, filling the parts up to the count", async () => {
    const id = await outgoing();
    const at = new Date("2026-11-30T01:00:00.000Z");
    await live.markAttempt(id, 1, 3, at);
    expect(await partsOf(id)).toEqual([
      { externalId: null, status: "queued", error: null },
      { externalId: null, status: "queued", error: null, attemptAt: at.toISOString() },
      { externalId: null, status: "queued", error: null },
    ]);
    // The send ended without Meta taking it: the mark is cleared, the rest stays.
    await live.markAttempt(id, 1, 3, null);
    expect((await partsOf(id))?.[1]).toEqual({
      externalId: null,
      status: "queued",
      error: null,
      attemptAt: null,
    });
    expect(await partsOf(id)).toHaveLength(3);
  });

  it("keeps what a report wrote when it marks an attempt, and the other way round", async () => {
    const id = await outgoing();
    await live.markAttempt(id, 0, 2, new Date("2026-11-30T01:00:00.000Z"));
    const sent = await advance(id, 0, { status: "sent", externalId: "wamid.A" }, 2);
    expect(sent?.event).toMatchObject({ type: "delivery", messageId: id, conversationId });
    await live.markAttempt(id, 1, 2, new Date("2026-11-30T01:00:01.000Z"));
    expect(await partsOf(id)).toEqual([
      {
        externalId: "wamid.A",
        status: "sent",
        error: null,
        attemptAt: "2026-11-30T01:00:00.000Z",
      },
      { externalId: null, status: "queued", error: null, attemptAt: "2026-11-30T01:00:01.000Z" },
    ]);
    // A count smaller than the parts already there never cuts them.
    await live.markAttempt(id, 0, 1, null);
    expect(await partsOf(id)).toHaveLength(2);
    expect((await partsOf(id))?.[0]).toMatchObject({
      externalId: "wamid.A",
      status: "sent",
      attemptAt: null,
    });
  });

  it("changes nothing on a message that is not there, or a report that moves nothing", async () => {
    await live.markAttempt("msg_missing", 0, 1, new Date());
    expect(await advance("msg_missing", 0, { status: "sent", externalId: "wamid.X" })).toBeUndefined();
    const id = await outgoing();
    await advance(id, 0, { status: "read", externalId: "wamid.B" }, 1);
    expect(await advance(id, 0, { status: "delivered" })).toBeUndefined();
    expect((await partsOf(id))?.[0]).toMatchObject({ status: "read" });
  });

  it("applies a provider's report in one statement exactly as advancePart and overallDelivery would", async () => {
    type Part = NonNullable<Awaited<ReturnType<typeof partsOf>>>[number];
    const starts: (Part[] | null)[] = [
      null,
      [{ externalId: null, status: "queued", error: null, attemptAt: "2026-11-30T01:00:00.000Z" }],
      [
        { externalId: "wamid.P0", status: "sent", error: null },
        { externalId: null, status: "queued", error: null },
      ],
      [
        { externalId: "wamid.P0", status: "read", error: null },
        { externalId: "wamid.P1", status: "delivered", error: null },
      ],
      [
        { externalId: "wamid.P0", status: "failed", error: { code: 131047, message: "Re-engagement" } },
        { externalId: "wamid.P1", status: "sent", error: null },
      ],
    ];
    const reports = [
      { status: "sent", externalId: "wamid.R", error: null },
      { status: "delivered", externalId: "wamid.R", error: null },
      { status: "read", externalId: "wamid.R", error: null },
      { status: "failed", externalId: "wamid.R", error: { code: 131026, message: "Undeliverable" } },
    ] as const;
    let cases = 0;
    for (const start of starts)
      for (const report of reports)
        for (const part of [0, 1, 2]) {
          const id = await outgoing();
          if (start) await t.db.db.update(messages).set({ deliveryParts: start }).where(eq(messages.id, id));
          const at = new Date("2026-11-30T02:00:00.000Z");
          const expected = advancePart(start ?? [], part, report);
          const applied = await live.applyReport(workspace, id, part, report, at);
          const [row] = await t.db.db.select().from(messages).where(eq(messages.id, id));
          const label = JSON.stringify({ start, report, part });
          expect(applied.found, label).toBe(true);
          if (!expected) {
            expect(applied.event, label).toBeUndefined();
            expect(row?.deliveryParts, label).toEqual(start);
            continue;
          }
          const delivery = overallDelivery(expected);
          expect(row?.deliveryParts, label).toEqual(expected);
          expect(row?.delivery, label).toBe(delivery);
          expect(applied.event?.event, label).toEqual({
            type: "delivery",
            conversationId,
            messageId: id,
            delivery: {
              status: delivery,
              error: expected.find((p) => p.error)?.error ?? null,
              at: at.toISOString(),
            },
          });
          cases++;
        }
    expect(cases).toBeGreaterThan(20);
    // Another workspace's message, or none: found false, nothing written.
    const id = await outgoing();
    const report = { status: "delivered", externalId: "wamid.X", error: null } as const;
    expect(await live.applyReport("ws_someone_else", id, 0, report, new Date())).toEqual({ found: false });
    expect(await live.applyReport(workspace, "msg_missing", 0, report, new Date())).toEqual({ found: false });
    expect(await partsOf(id)).toBeNull();
  });
  it("spends no statement on Meta's sent report of a part the sender is recording, and applies what follows", async () => {
    const count = { statements: 0 };
    const counted = new Proxy(t.db.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (!["execute", "select", "update", "insert"].includes(String(prop)) || typeof value !== "function")
          return value;
        return (...args: unknown[]) => {
          count.statements++;
          return value.apply(target, args);
        };
      },
    });
    const countedLive = createLiveRepo(counted);
    const delivery = createDeliveryService({
      live: countedLive,
      hub: createLiveHub({ repo: countedLive, log: captureLogger().log }),
      now: () => new Date(),
    });
    const id = await outgoing();
    const current = await delivery.partAttempt(id, 0, 1, new Date());
    count.statements = 0;
    const report = (status: "sent" | "delivered", externalId = "wamid.REC") =>
      delivery.report(workspace, { externalId, callbackData: `${id}:0`, status, error: null });
    // Meta's `sent` comes while the sender writes the part as sent: it waits, and writes nothing.
    const recording = delivery.partSent(id, 0, "wamid.REC", 1, current);
    const sentReport = report("sent");
    expect(await recording).toBe(true);
    expect(await sentReport).toBe(false);
    expect(count.statements).toBe(1);
    expect((await partsOf(id))?.[0]).toMatchObject({ externalId: "wamid.REC", status: "sent" });
    // Delivered at least once more, later: still nothing.
    expect(await report("sent")).toBe(false);
    expect(count.statements).toBe(1);
    // `delivered` moves it on, in one statement.
    expect(await report("delivered")).toBe(true);
    expect(count.statements).toBe(2);
    expect((await partsOf(id))?.[0]).toMatchObject({ externalId: "wamid.REC", status: "delivered" });
    // A report on a part nobody here recorded is applied as usual.
    const other = await outgoing();
    await delivery.partAttempt(other, 0, 1, new Date());
    expect(
      await delivery.report(workspace, {
        externalId: "wamid.ELSEWHERE",
        callbackData: `${other}:0`,
        status: "sent",
        error: null,
      }),
    ).toBe(true);
    expect((await partsOf(other))?.[0]).toMatchObject({ externalId: "wamid.ELSEWHERE", status: "sent" });
  });
  it("reads a message to send and marks its first attempt in one statement, only when it may go now", async () => {
    const repo = createConversationsRepo(t.db.db);
    const at = new Date();
    const day = 24 * 3_600_000;
    const setLastInbound = (when: Date | null) =>
      t.db.db.update(conversations).set({ lastInboundAt: when }).where(eq(conversations.id, conversationId));
    await setLastInbound(new Date(at.getTime() - 60_000));
    const id = await outgoing();
    const first = await repo.outgoing(id, { firstAttemptAt: at, windowMs: day });
    const marked = [{ externalId: null, status: "queued", error: null, attemptAt: at.toISOString() }];
    // As it was read (never tried), and as marked.
    expect(first?.message.deliveryParts).toBeNull();
    expect(first?.firstAttempt).toEqual(marked);
    expect(await partsOf(id)).toEqual(marked);
    // Tried before: read as it is, nothing marked (the sender's doubt rule decides).
    const again = await repo.outgoing(id, { firstAttemptAt: new Date(at.getTime() + 1_000), windowMs: day });
    expect(again?.firstAttempt).toBeNull();
    expect(again?.message.deliveryParts).toEqual(marked);
    expect(await partsOf(id)).toEqual(marked);
    // Without the option, a plain read.
    const plain = await outgoing();
    expect((await repo.outgoing(plain))?.firstAttempt).toBeNull();
    expect(await partsOf(plain)).toBeNull();
    // The 24 hours are over: no mark on free-form text, a mark on an approved template.
    await setLastInbound(new Date(at.getTime() - day - 1_000));
    expect((await repo.outgoing(plain, { firstAttemptAt: at, windowMs: day }))?.firstAttempt).toBeNull();
    expect(await partsOf(plain)).toBeNull();
    await t.db.db.update(messages).set({ contentType: "template" }).where(eq(messages.id, plain));
    expect((await repo.outgoing(plain, { firstAttemptAt: at, windowMs: day }))?.firstAttempt).toEqual(marked);
    // Never a message that is not queued for sending (the widget's), nor one that is not there.
    await setLastInbound(at);
    const widget = newId("msg");
    await t.db.db.insert(messages).values({
      id: widget,
      conversationId,
      chatbotId: botId,
      workspaceId: workspace,
      role: "assistant",
      content: "Shown in the widget.",
    });
    expect((await repo.outgoing(widget, { firstAttemptAt: at, windowMs: day }))?.firstAttempt).toBeNull();
    expect(await partsOf(widget)).toBeNull();
    expect(await repo.outgoing("msg_missing", { firstAttemptAt: at, windowMs: day })).toBeUndefined();
  });
});
