import { WIDGET_LIMITS } from "@parley/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatbotRow,
  CONVERSATION_MAX_MESSAGES,
  chatbots,
  conversations,
  jobs,
  webhookEndpoints,
} from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { until } from "../until";

// A WhatsApp contact's conversation is found or made in one statement: a unique index keeps one
// conversation with room per contact (no lock), and its `conversation.created` event is queued by
// the same statement, only when it made it and only when an endpoint of the workspace wants it.
describe.each(testDrivers())("a channel contact's conversation on %s", (driver) => {
  let t: TestApp;
  const channelId = newId("chn");
  const bot = async (workspace: string): Promise<ChatbotRow> => {
    const [row] = await t.db.db
      .insert(chatbots)
      .values({
        id: newId("cb"),
        workspaceId: workspace,
        name: "Contacts",
        instructions: "",
        greeting: "Hi",
        fallbackReply: "Sorry",
        theme: { primaryColor: "#2563eb", position: "bottom-right", launcherText: "Chat" },
      })
      .returning();
    return row as ChatbotRow;
  };
  const contactRows = (contactId: string) =>
    t.db.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.channelId, channelId), eq(conversations.contactId, contactId)));
  const createdEvents = async (workspace: string) =>
    (await t.db.db.select().from(jobs).where(eq(jobs.kind, "webhooks.fanout"))).filter(
      (j) => j.payload.workspaceId === workspace && j.payload.type === "conversation.created",
    );
  const start = (row: ChatbotRow, contactId: string) =>
    t.app.services.turn.contactConversation(row, {
      channel: "whatsapp",
      channelId,
      contactId,
      contactName: "Customer",
      language: null,
    });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps its message limit equal to the conversations' own", () => {
    expect(CONVERSATION_MAX_MESSAGES).toBe(WIDGET_LIMITS.maxMessagesPerConversation);
  });

  it("starts one conversation when a new contact's first messages arrive at once, with one event", async () => {
    const workspace = `ws_contact_${driver}`;
    const row = await bot(workspace);
    await t.db.db.insert(webhookEndpoints).values({
      id: newId("wh"),
      workspaceId: workspace,
      url: "https://hooks.example.com/parley",
      events: ["conversation.created"],
      secretSealed: "sealed",
    });
    const started = await Promise.all(Array.from({ length: 6 }, () => start(row, "97333000001")));
    const ids = new Set(started.map((s) => s.id));
    expect(ids.size).toBe(1);
    expect(await contactRows("97333000001")).toHaveLength(1);
    const events = await createdEvents(workspace);
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]?.payload)).toContain([...ids][0]);
    // Their next message continues it: no new conversation, no new event.
    expect((await start(row, "97333000001")).id).toBe([...ids][0]);
    expect(await createdEvents(workspace)).toHaveLength(1);
  });

  it("queues no event for a workspace without an endpoint that wants it", async () => {
    const workspace = `ws_contact_quiet_${driver}`;
    const row = await bot(workspace);
    const { id } = await start(row, "97333000002");
    expect(await contactRows("97333000002")).toMatchObject([{ id }]);
    expect(await createdEvents(workspace)).toEqual([]);
  });

  it("hands an idle worker no event job that its statement did not insert (no endpoint wants it)", async () => {
    // The statement reserves an idle worker for the event's job, then tells it whether the job was
    // inserted. A workspace nobody subscribed to inserts none: the worker must not run a job that
    // does not exist (a wasted run, and a worker kept from real work, on every new contact).
    const runs: { kind: string; outcome: string }[] = [];
    const stop = t.app.services.jobs
      .worker(
        { only: ["webhooks.fanout"] },
        { onRun: (kind, _s, outcome) => void runs.push({ kind, outcome }) },
      )
      .start(600_000);
    try {
      await until("the worker to wait for work", () => t.app.services.jobs.idle("webhooks.fanout") === 1);
      runs.length = 0; // the earlier tests' events, run as it started
      const quiet = await bot(`ws_contact_unheard_${driver}`);
      await start(quiet, "97333000004");
      expect(await createdEvents(`ws_contact_unheard_${driver}`)).toEqual([]);
      // Then a workspace that wants the event: its job is the only one the worker runs.
      const heard = `ws_contact_heard_${driver}`;
      await t.db.db.insert(webhookEndpoints).values({
        id: newId("wh"),
        workspaceId: heard,
        url: "https://hooks.example.com/parley",
        events: ["conversation.created"],
        secretSealed: "sealed",
      });
      await until("the worker to wait for work", () => t.app.services.jobs.idle("webhooks.fanout") === 1);
      await start(await bot(heard), "97333000005");
      await until("the subscribed workspace's event to run", () => runs.length >= 1);
      const [event] = await createdEvents(heard);
      await until("its job to end", async () => {
        const [job] = await t.db.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, event?.id ?? ""));
        return job?.status !== "running";
      });
      expect(runs).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it("starts a new conversation once the contact's has no room left, and keeps the full one", async () => {
    const workspace = `ws_contact_full_${driver}`;
    const row = await bot(workspace);
    const first = await start(row, "97333000003");
    // As after its 200th message (the counter only grows).
    await t.db.db
      .update(conversations)
      .set({ messageCount: sql`${CONVERSATION_MAX_MESSAGES}` })
      .where(eq(conversations.id, first.id));
    const second = await start(row, "97333000003");
    expect(second.id).not.toBe(first.id);
    expect((await contactRows("97333000003")).map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect((await start(row, "97333000003")).id).toBe(second.id);
  });
});
