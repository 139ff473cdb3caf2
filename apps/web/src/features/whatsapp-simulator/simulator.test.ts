import { describe, expect, it } from "vitest";
import {
  buttonsUsable,
  type ChatItem,
  composerProblem,
  deliveryOutcome,
  excerpt,
  groupThread,
  phoneDigits,
  phoneProblem,
  quotedItem,
  TEXT_MAX,
  tickOf,
} from "./simulator";

const item = (over: Partial<ChatItem> & Pick<ChatItem, "id" | "at">): ChatItem => ({
  from: "customer",
  type: "text",
  text: "hello",
  ...over,
});

describe("the customer's phone number", () => {
  it("keeps the digits of what people type", () => {
    expect(phoneDigits("+973 3312-3456")).toBe("97333123456");
    expect(phoneDigits("(973) 33.12.34.56")).toBe("97333123456");
  });

  it("accepts 6 to 20 digits and says what is wrong otherwise", () => {
    expect(phoneProblem("97333123456")).toBeNull();
    expect(phoneProblem("+973 3312 3456")).toBeNull();
    expect(phoneProblem("123456")).toBeNull();
    expect(phoneProblem("1".repeat(20))).toBeNull();
    expect(phoneProblem("")).toBe("empty");
    expect(phoneProblem("   ")).toBe("empty");
    expect(phoneProblem("12345")).toBe("length");
    expect(phoneProblem("1".repeat(21))).toBe("length");
    expect(phoneProblem("9733312abc")).toBe("notDigits");
    expect(phoneProblem("٩٧٣٣٣١٢٣٤٥٦")).toBe("notDigits");
  });
});

describe("the composer", () => {
  it("needs words for text, not for media, and never more than Meta allows", () => {
    expect(composerProblem("text", "Hi")).toBeNull();
    expect(composerProblem("text", "  ")).toBe("empty");
    expect(composerProblem("image", "")).toBeNull();
    expect(composerProblem("location", "")).toBeNull();
    expect(composerProblem("text", "a".repeat(TEXT_MAX))).toBeNull();
    expect(composerProblem("text", "a".repeat(TEXT_MAX + 1))).toBe("tooLong");
    expect(composerProblem("document", "a".repeat(TEXT_MAX + 1))).toBe("tooLong");
  });
});

describe("ticks", () => {
  it("shows a business message's delivery state and nothing on the customer's own", () => {
    expect(tickOf({ from: "business", status: "accepted" })).toBe("pending");
    expect(tickOf({ from: "business" })).toBe("pending");
    expect(tickOf({ from: "business", status: "sent" })).toBe("sent");
    expect(tickOf({ from: "business", status: "delivered" })).toBe("delivered");
    expect(tickOf({ from: "business", status: "read" })).toBe("read");
    expect(tickOf({ from: "business", status: "failed" })).toBe("failed");
    expect(tickOf({ from: "customer", status: "read" })).toBeNull();
  });

  it("lets buttons be tapped only on a message that reached the phone", () => {
    const base = { id: "b", at: "2026-01-01T10:00:00.000Z", from: "business" as const };
    expect(buttonsUsable(item({ ...base, status: "delivered" }))).toBe(true);
    expect(buttonsUsable(item({ ...base, status: "read" }))).toBe(true);
    expect(buttonsUsable(item({ ...base, status: "failed" }))).toBe(false);
    expect(buttonsUsable(item({ ...base, status: "accepted" }))).toBe(false);
  });
});

describe("webhook deliveries", () => {
  it("reads the stand-in's statuses: delivered, refused, unreachable or not subscribed", () => {
    expect(deliveryOutcome([200], true)).toEqual({ kind: "delivered" });
    expect(deliveryOutcome([200, 200], true)).toEqual({ kind: "delivered" });
    expect(deliveryOutcome([401], true)).toEqual({ kind: "refused", status: 401 });
    expect(deliveryOutcome([200, 500], true)).toEqual({ kind: "refused", status: 500 });
    expect(deliveryOutcome([0], true)).toEqual({ kind: "unreachable" });
    expect(deliveryOutcome([0], false)).toEqual({ kind: "notSubscribed" });
    expect(deliveryOutcome([], false)).toEqual({ kind: "notSubscribed" });
  });
});

describe("the thread", () => {
  const day = (at: string) => at.slice(0, 10);

  it("is oldest first, split by day, with runs of one side", () => {
    const items = [
      item({ id: "c3", at: "2026-01-02T09:00:00.000Z" }),
      item({ id: "b1", from: "business", at: "2026-01-01T10:00:02.000Z" }),
      item({ id: "c1", at: "2026-01-01T10:00:00.000Z" }),
      item({ id: "b2", from: "business", at: "2026-01-01T10:00:03.000Z" }),
      item({ id: "c2", at: "2026-01-01T10:05:00.000Z" }),
    ];
    const days = groupThread(items, day);
    expect(days.map((d) => d.day)).toEqual(["2026-01-01", "2026-01-02"]);
    expect(days[0]?.at).toBe("2026-01-01T10:00:00.000Z");
    expect(days[0]?.runs.map((r) => [r.from, r.items.map((m) => m.id)])).toEqual([
      ["customer", ["c1"]],
      ["business", ["b1", "b2"]],
      ["customer", ["c2"]],
    ]);
    expect(days[1]?.runs.map((r) => r.items.map((m) => m.id))).toEqual([["c3"]]);
  });

  it("is empty without messages", () => {
    expect(groupThread([])).toEqual([]);
  });

  it("finds the message a reply quotes, and shortens it to a line", () => {
    const items = [item({ id: "c1", at: "2026-01-01T10:00:00.000Z", text: "Do you\nhave decaf?" })];
    expect(quotedItem(items, "c1")?.id).toBe("c1");
    expect(quotedItem(items, "missing")).toBeNull();
    expect(quotedItem(items, null)).toBeNull();
    expect(excerpt("Do you\nhave decaf?")).toBe("Do you have decaf?");
    expect(excerpt("a".repeat(100), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
