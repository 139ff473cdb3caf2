import { describe, expect, it } from "vitest";
import {
  BACKOFF,
  backoffDelay,
  createEventTracker,
  createThrottle,
  parseTeamEvent,
  shouldNotify,
  waitedFor,
} from "./live-events";

const message = {
  _id: "msg_1",
  role: "agent",
  content: "Hello, I'm Sara from the team.",
  citations: [],
  answered: null,
  feedback: null,
  author: { id: "user_sara", name: "Sara" },
  createdAt: "2026-03-04T10:00:00.000Z",
};

describe("backoffDelay", () => {
  it("starts at about a second and doubles", () => {
    expect(backoffDelay(0, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 0)).toBe(2_000);
    expect(backoffDelay(2, () => 0)).toBe(4_000);
    expect(backoffDelay(4, () => 0)).toBe(16_000);
  });

  it("never waits more than 30 s, however many failures", () => {
    expect(backoffDelay(5, () => 0)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(1_000, () => 0)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(Number.POSITIVE_INFINITY, () => 0)).toBe(BACKOFF.maxMs);
  });

  it("jitters downwards by up to 30 %, so tabs cut off together come back spread out", () => {
    expect(backoffDelay(0, () => 1)).toBe(700);
    expect(backoffDelay(10, () => 1)).toBe(21_000);
    const spread = new Set(Array.from({ length: 20 }, (_, i) => backoffDelay(3, () => i / 20)));
    expect(spread.size).toBe(20);
    for (const ms of spread) expect(ms).toBeGreaterThanOrEqual(5_600);
  });

  it("stays in range with a broken random source or a negative attempt", () => {
    expect(backoffDelay(-3, () => 0)).toBe(1_000);
    expect(backoffDelay(0, () => 7)).toBe(700);
    expect(backoffDelay(0, () => -1)).toBe(1_000);
    expect(backoffDelay(Number.NaN, () => 0)).toBe(1_000);
    expect(backoffDelay(2, () => Number.NaN)).toBe(2_800);
  });
});

describe("createEventTracker", () => {
  it("accepts each id once and resumes after the newest", () => {
    const tracker = createEventTracker();
    expect(tracker.lastId()).toBeNull();
    expect(tracker.accept(5)).toBe(true);
    expect(tracker.accept(6)).toBe(true);
    expect(tracker.accept(5)).toBe(false);
    expect(tracker.accept(6)).toBe(false);
    expect(tracker.lastId()).toBe(6);
  });

  it("takes an id that arrives late (another replica's) without moving the resume point back", () => {
    const tracker = createEventTracker();
    tracker.accept(10);
    expect(tracker.accept(8)).toBe(true);
    expect(tracker.lastId()).toBe(10);
    expect(tracker.accept(8)).toBe(false);
  });

  it("remembers a bounded number of ids; anything older than those counts as seen", () => {
    const tracker = createEventTracker(3);
    for (const id of [1, 2, 3, 4, 5]) tracker.accept(id);
    expect(tracker.accept(1)).toBe(false);
    expect(tracker.accept(2)).toBe(false);
    expect(tracker.accept(5)).toBe(false);
    expect(tracker.accept(6)).toBe(true);
  });

  it("forgets everything on reset (the server started afresh: its ids may be lower)", () => {
    const tracker = createEventTracker();
    tracker.accept(500);
    tracker.reset();
    expect(tracker.lastId()).toBeNull();
    expect(tracker.accept(3)).toBe(true);
    expect(tracker.lastId()).toBe(3);
  });
});

describe("parseTeamEvent", () => {
  it("reads every event of the team's stream", () => {
    expect(parseTeamEvent({ event: "ready", data: '{"resumed":true}' })).toEqual({
      type: "ready",
      resumed: true,
    });
    expect(
      parseTeamEvent({
        event: "message",
        id: "41",
        data: JSON.stringify({ type: "message", conversationId: "conv_1", message }),
      }),
    ).toEqual({
      type: "message",
      id: 41,
      conversationId: "conv_1",
      // An older server's message is read as a text message with no delivery state.
      message: { ...message, contentType: "text", delivery: null },
    });
    const delivery = {
      status: "failed",
      error: { code: 131047, message: "Re-engagement message" },
      at: null,
    };
    expect(
      parseTeamEvent({
        event: "delivery",
        id: "43",
        data: JSON.stringify({ type: "delivery", conversationId: "conv_1", messageId: "msg_1", delivery }),
      }),
    ).toEqual({ type: "delivery", id: 43, conversationId: "conv_1", messageId: "msg_1", delivery });
    expect(
      parseTeamEvent({
        event: "delivery",
        data: JSON.stringify({ conversationId: "conv_1", messageId: "msg_1", delivery: { status: "lost" } }),
      }),
    ).toBeNull();
    expect(
      parseTeamEvent({
        event: "status",
        id: "42",
        data: JSON.stringify({
          type: "status",
          conversationId: "conv_1",
          status: "claimed",
          assignee: { id: "user_sara", name: "Sara" },
          waitingSince: "2026-03-04T09:58:00.000Z",
        }),
      }),
    ).toEqual({
      type: "status",
      id: 42,
      conversationId: "conv_1",
      status: "claimed",
      assignee: { id: "user_sara", name: "Sara" },
      waitingSince: "2026-03-04T09:58:00.000Z",
    });
    expect(parseTeamEvent({ event: "typing", data: '{"conversationId":"conv_1","name":null}' })).toEqual({
      type: "typing",
      conversationId: "conv_1",
    });
    expect(
      parseTeamEvent({
        event: "activity",
        data: '{"conversationId":"conv_2","chatbotId":"cb_1","kind":"created"}',
      }),
    ).toEqual({ type: "activity", conversationId: "conv_2", chatbotId: "cb_1", kind: "created" });
    expect(parseTeamEvent({ event: "gone", data: '{"code":"NOT_A_MEMBER"}' })).toEqual({ type: "gone" });
  });

  it("skips what it cannot read instead of failing the stream", () => {
    expect(parseTeamEvent({ event: "ready", data: "not json" })).toBeNull();
    expect(parseTeamEvent({ event: "message", data: '{"conversationId":"conv_1"}' })).toBeNull();
    expect(
      parseTeamEvent({
        event: "status",
        data: '{"conversationId":"conv_1","status":"hijacked","assignee":null,"waitingSince":null}',
      }),
    ).toBeNull();
    expect(
      parseTeamEvent({ event: "activity", data: '{"conversationId":"c","chatbotId":"b","kind":"x"}' }),
    ).toBeNull();
    expect(parseTeamEvent({ event: "something-new", data: "{}" })).toBeNull();
    expect(parseTeamEvent({ event: "message", data: "" })).toBeNull();
  });

  it("gives no id for a malformed or missing `id:` (such an event is never used to resume)", () => {
    const data = JSON.stringify({ type: "message", conversationId: "conv_1", message });
    expect(parseTeamEvent({ event: "message", data })).toMatchObject({ id: null });
    expect(parseTeamEvent({ event: "message", data, id: "12abc" })).toMatchObject({ id: null });
    expect(parseTeamEvent({ event: "message", data, id: "-4" })).toMatchObject({ id: null });
    expect(parseTeamEvent({ event: "message", data, id: "9".repeat(40) })).toMatchObject({ id: null });
  });
});

describe("shouldNotify", () => {
  const granted = { hidden: true, permission: "granted" as const };

  it("notifies of a new request for a person while the tab is hidden", () => {
    expect(shouldNotify({ status: "waiting" }, granted)).toBe(true);
  });

  it("stays quiet when the tab is in view, without permission, or for other changes", () => {
    expect(shouldNotify({ status: "waiting" }, { ...granted, hidden: false })).toBe(false);
    expect(shouldNotify({ status: "waiting" }, { ...granted, permission: "default" })).toBe(false);
    expect(shouldNotify({ status: "waiting" }, { ...granted, permission: "denied" })).toBe(false);
    expect(shouldNotify({ status: "waiting" }, { ...granted, permission: "unsupported" })).toBe(false);
    expect(shouldNotify({ status: "claimed" }, granted)).toBe(false);
    expect(shouldNotify({ status: "bot" }, granted)).toBe(false);
    expect(shouldNotify({ status: "closed" }, granted)).toBe(false);
  });
});

describe("waitedFor", () => {
  const since = "2026-03-04T10:00:00.000Z";
  const at = (minutes: number) => Date.parse(since) + minutes * 60_000;

  it("counts whole minutes, then hours, then days", () => {
    expect(waitedFor(since, at(0.5))).toEqual({ unit: "justNow", count: 0 });
    expect(waitedFor(since, at(1))).toEqual({ unit: "minutes", count: 1 });
    expect(waitedFor(since, at(3.9))).toEqual({ unit: "minutes", count: 3 });
    expect(waitedFor(since, at(59))).toEqual({ unit: "minutes", count: 59 });
    expect(waitedFor(since, at(60))).toEqual({ unit: "hours", count: 1 });
    expect(waitedFor(since, at(24 * 60 - 1))).toEqual({ unit: "hours", count: 23 });
    expect(waitedFor(since, at(3 * 24 * 60))).toEqual({ unit: "days", count: 3 });
  });

  it("treats a time ahead of the clock as just now, and an unreadable one as nothing", () => {
    expect(waitedFor(since, at(-5))).toEqual({ unit: "justNow", count: 0 });
    expect(waitedFor("yesterday-ish", at(5))).toBeNull();
  });
});

describe("createThrottle", () => {
  it("lets one call through per interval", () => {
    let now = 0;
    const throttle = createThrottle(3_000, () => now);
    expect(throttle.take()).toBe(true);
    now = 1_000;
    expect(throttle.take()).toBe(false);
    now = 2_999;
    expect(throttle.take()).toBe(false);
    now = 3_000;
    expect(throttle.take()).toBe(true);
    now = 3_001;
    expect(throttle.take()).toBe(false);
  });

  it("starts afresh after a reset (a message was sent)", () => {
    let now = 0;
    const throttle = createThrottle(3_000, () => now);
    throttle.take();
    now = 10;
    throttle.reset();
    expect(throttle.take()).toBe(true);
  });
});
