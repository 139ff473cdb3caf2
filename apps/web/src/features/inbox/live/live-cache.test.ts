import type { ConversationPage, ConversationSummary, Transcript } from "@parley/contracts";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { inboxKeys } from "../keys";
import { applyEvent, createReloader, withMessage } from "./live-cache";
import type { TeamEvent, TeamMessage } from "./live-events";

// The live stream's events applied to a real TanStack Query cache, as the inbox holds it.

const summary = (id: string, patch: Partial<ConversationSummary> = {}): ConversationSummary => ({
  _id: id,
  chatbotId: "cb_1",
  chatbotName: "Acme Helper",
  channel: "widget",
  visitorId: "visitor_1",
  createdAt: "2026-03-04T09:00:00.000Z",
  lastMessageAt: "2026-03-04T09:30:00.000Z",
  messageCount: 2,
  firstQuestion: "Where is my order?",
  unansweredCount: 0,
  upCount: 0,
  downCount: 0,
  hasLead: false,
  contact: null,
  language: null,
  replyWindowEndsAt: null,
  customer: null,
  status: "bot",
  assignee: null,
  waitingSince: null,
  ...patch,
});

const transcript = (id: string): Transcript => ({
  ...summary(id),
  messages: [
    {
      _id: "msg_q",
      role: "user",
      content: "Where is my order?",
      citations: [],
      answered: null,
      feedback: null,
      interrupted: false,
      author: null,
      contentType: "text",
      delivery: null,
      createdAt: "2026-03-04T09:00:00.000Z",
    },
    {
      _id: "msg_a",
      role: "assistant",
      content: "Orders arrive in two days.",
      citations: [],
      answered: true,
      feedback: null,
      interrupted: false,
      author: null,
      contentType: "text",
      delivery: null,
      createdAt: "2026-03-04T09:30:00.000Z",
    },
  ],
  leads: [],
});

const agentMessage = (id: string, createdAt: string): TeamMessage => ({
  _id: id,
  role: "agent",
  content: "Hi, Sara here. Let me check.",
  citations: [],
  answered: null,
  feedback: null,
  author: { id: "user_sara", name: "Sara" },
  contentType: "text",
  delivery: null,
  createdAt,
});

const page = (items: ConversationSummary[]): InfiniteData<ConversationPage, string | null> => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [null],
});

let client: QueryClient;
afterEach(() => client?.clear());

function cache() {
  client = new QueryClient();
  client.setQueryData(inboxKeys.transcript("conv_1"), transcript("conv_1"));
  client.setQueryData(inboxKeys.list({}), page([summary("conv_2"), summary("conv_1")]));
  client.setQueryData(inboxKeys.list({ status: "waiting" }), page([]));
  return client;
}

const open = () => client.getQueryData<Transcript>(inboxKeys.transcript("conv_1"));
const listItem = (id: string) =>
  client
    .getQueryData<InfiniteData<ConversationPage>>(inboxKeys.list({}))
    ?.pages[0]?.items.find((c) => c._id === id);

describe("a message event", () => {
  it("appends to the open transcript at once, with the author and the Team role", () => {
    cache();
    const work = applyEvent(client, {
      type: "message",
      id: 7,
      conversationId: "conv_1",
      message: agentMessage("msg_agent", "2026-03-04T09:40:00.000Z"),
    });
    const t = open();
    expect(t?.messages.map((m) => m._id)).toEqual(["msg_q", "msg_a", "msg_agent"]);
    expect(t?.messages[2]).toMatchObject({
      role: "agent",
      author: { id: "user_sara", name: "Sara" },
      interrupted: false,
    });
    expect(t?.messageCount).toBe(3);
    expect(t?.lastMessageAt).toBe("2026-03-04T09:40:00.000Z");
    expect(listItem("conv_1")?.lastMessageAt).toBe("2026-03-04T09:40:00.000Z");
    expect(listItem("conv_2")?.lastMessageAt).toBe("2026-03-04T09:30:00.000Z");
    expect(work).toEqual({ lists: true, reload: [] });
  });

  it("is shown once, however often it arrives (the reply's own answer, then its event, then a resume)", () => {
    cache();
    const event: TeamEvent = {
      type: "message",
      id: 7,
      conversationId: "conv_1",
      message: agentMessage("msg_agent", "2026-03-04T09:40:00.000Z"),
    };
    applyEvent(client, event);
    applyEvent(client, event);
    applyEvent(client, { ...event, id: 8 });
    expect(open()?.messages.filter((m) => m._id === "msg_agent")).toHaveLength(1);
    expect(open()?.messageCount).toBe(3);
  });

  it("goes in its place by time when it arrives late", () => {
    const t = withMessage(transcript("conv_1"), agentMessage("msg_early", "2026-03-04T09:10:00.000Z"));
    expect(t.messages.map((m) => m._id)).toEqual(["msg_q", "msg_early", "msg_a"]);
    expect(t.lastMessageAt).toBe("2026-03-04T09:30:00.000Z");
  });

  it("of a conversation that is not open leaves the cache alone and reloads the lists", () => {
    cache();
    const before = open();
    const work = applyEvent(client, {
      type: "message",
      id: 9,
      conversationId: "conv_other",
      message: agentMessage("msg_x", "2026-03-04T09:40:00.000Z"),
    });
    expect(open()).toBe(before);
    expect(client.getQueryData(inboxKeys.transcript("conv_other"))).toBeUndefined();
    expect(work.lists).toBe(true);
  });
});

describe("a delivery event", () => {
  const sent = (
    status: "queued" | "sent" | "delivered" | "read" | "failed",
    at = "2026-03-04T09:41:00.000Z",
  ) => ({
    status,
    error: status === "failed" ? { code: 131047, message: "Re-engagement message" } : null,
    at,
  });

  it("shows how far a sent reply got, moving only forwards, and never leaves failed", () => {
    cache();
    applyEvent(client, {
      type: "message",
      id: 7,
      conversationId: "conv_1",
      message: { ...agentMessage("msg_agent", "2026-03-04T09:40:00.000Z"), delivery: sent("queued") },
    });
    const deliveryOf = () => open()?.messages.find((m) => m._id === "msg_agent")?.delivery?.status;
    const event = (id: number, status: Parameters<typeof sent>[0]): TeamEvent => ({
      type: "delivery",
      id,
      conversationId: "conv_1",
      messageId: "msg_agent",
      delivery: sent(status),
    });
    expect(applyEvent(client, event(8, "read"))).toEqual({ lists: false, reload: [] });
    expect(deliveryOf()).toBe("read");
    applyEvent(client, event(9, "delivered"));
    expect(deliveryOf()).toBe("read");
    applyEvent(client, event(10, "failed"));
    expect(open()?.messages.find((m) => m._id === "msg_agent")?.delivery).toMatchObject({
      status: "failed",
      error: { code: 131047 },
    });
    applyEvent(client, event(11, "read"));
    expect(deliveryOf()).toBe("failed");
  });

  it("of a message the transcript does not hold changes nothing", () => {
    cache();
    const before = open();
    applyEvent(client, {
      type: "delivery",
      id: 3,
      conversationId: "conv_1",
      messageId: "msg_unknown",
      delivery: sent("read"),
    });
    expect(open()).toBe(before);
  });
});

describe("a status event", () => {
  it("changes the open transcript and every list that holds the conversation", () => {
    cache();
    applyEvent(client, {
      type: "status",
      id: 3,
      conversationId: "conv_1",
      status: "waiting",
      assignee: null,
      waitingSince: "2026-03-04T09:41:00.000Z",
    });
    expect(open()).toMatchObject({
      status: "waiting",
      assignee: null,
      waitingSince: "2026-03-04T09:41:00.000Z",
    });
    expect(listItem("conv_1")).toMatchObject({ status: "waiting", waitingSince: "2026-03-04T09:41:00.000Z" });
    expect(listItem("conv_2")?.status).toBe("bot");

    applyEvent(client, {
      type: "status",
      id: 4,
      conversationId: "conv_1",
      status: "claimed",
      assignee: { id: "user_sara", name: "Sara" },
      waitingSince: "2026-03-04T09:41:00.000Z",
    });
    expect(open()?.assignee).toEqual({ id: "user_sara", name: "Sara" });
    expect(listItem("conv_1")?.assignee).toEqual({ id: "user_sara", name: "Sara" });
  });

  it("from a stream that names no member id still shows who handles it", () => {
    cache();
    applyEvent(client, {
      type: "status",
      id: 5,
      conversationId: "conv_1",
      status: "claimed",
      assignee: { name: "Sara" },
      waitingSince: null,
    });
    expect(open()?.assignee).toEqual({ id: "", name: "Sara" });
  });
});

describe("what reloads", () => {
  it("everything the inbox shows when the stream could not resume", () => {
    expect(applyEvent(new QueryClient(), { type: "ready", resumed: false })).toEqual({
      lists: true,
      reload: [inboxKeys.all],
    });
    expect(applyEvent(new QueryClient(), { type: "ready", resumed: true })).toEqual({
      lists: false,
      reload: [],
    });
  });

  it("the lists and the open transcript for bot-mode activity; leads for a new lead", () => {
    const qc = new QueryClient();
    expect(
      applyEvent(qc, { type: "activity", conversationId: "conv_1", chatbotId: "cb_1", kind: "created" }),
    ).toEqual({ lists: true, reload: [inboxKeys.transcript("conv_1")] });
    expect(
      applyEvent(qc, { type: "activity", conversationId: "conv_1", chatbotId: "cb_1", kind: "lead" }).reload,
    ).toContainEqual(["inbox", "leads"]);
    expect(
      applyEvent(qc, { type: "activity", conversationId: "conv_1", chatbotId: "cb_1", kind: "message" })
        .reload,
    ).toContainEqual(["inbox", "unanswered"]);
  });

  it("nothing for typing", () => {
    expect(applyEvent(new QueryClient(), { type: "typing", conversationId: "conv_1" })).toEqual({
      lists: false,
      reload: [],
    });
  });
});

describe("createReloader", () => {
  it("reloads each list once for a burst of events, and only after the burst", () => {
    cache();
    const pending: (() => void)[] = [];
    const reloader = createReloader(client, 300, {
      set: (fn) => pending.push(fn),
      clear: () => undefined,
    });
    for (let i = 0; i < 10; i += 1) reloader.add({ lists: true, reload: [inboxKeys.transcript("conv_1")] });
    expect(pending).toHaveLength(1);
    const stale = () => client.getQueryState(inboxKeys.list({}))?.isInvalidated;
    expect(stale()).toBe(false);
    pending[0]?.();
    expect(stale()).toBe(true);
    expect(client.getQueryState(inboxKeys.list({ status: "waiting" }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(inboxKeys.transcript("conv_1"))?.isInvalidated).toBe(true);
  });

  it("drops what is pending when cancelled (signed out, removed)", () => {
    cache();
    const reloader = createReloader(client, 10_000);
    reloader.add({ lists: true, reload: [] });
    reloader.cancel();
    reloader.flush();
    expect(client.getQueryState(inboxKeys.list({}))?.isInvalidated).toBe(false);
  });
});
