import { describe, expect, it } from "vitest";
import { closingSoon, contactLabel, replyWindow, windowLeft } from "./channel-parts";

const at = (iso: string) => new Date(iso).getTime();

describe("contactLabel", () => {
  it("names a WhatsApp customer by their profile name, else by their number", () => {
    expect(contactLabel({ id: "97333123456", name: "Fatima" })).toBe("Fatima");
    expect(contactLabel({ id: "97333123456", name: "   " })).toBe("+97333123456");
    expect(contactLabel({ id: "97333123456", name: null })).toBe("+97333123456");
  });
});

describe("replyWindow", () => {
  const wa = (replyWindowEndsAt: string | null) => ({ channel: "whatsapp" as const, replyWindowEndsAt });

  it("has no window on the website or the API", () => {
    expect(replyWindow({ channel: "widget", replyWindowEndsAt: null }, 0)).toEqual({ kind: "none" });
    expect(replyWindow({ channel: "api", replyWindowEndsAt: "2026-03-04T10:00:00.000Z" }, 0)).toEqual({
      kind: "none",
    });
  });

  it("is open until 24 hours after the customer's last message, counting minutes up", () => {
    const w = replyWindow(wa("2026-03-04T10:00:00.000Z"), at("2026-03-04T06:39:30.000Z"));
    expect(w).toMatchObject({ kind: "open", minutesLeft: 201 });
    expect(windowLeft(201)).toEqual({ hours: 3, minutes: 21 });
    expect(closingSoon(w)).toBe(false);
    expect(closingSoon(replyWindow(wa("2026-03-04T10:00:00.000Z"), at("2026-03-04T09:05:00.000Z")))).toBe(
      true,
    );
  });

  it("never reads more than 24 hours, even from a clock a minute behind", () => {
    const w = replyWindow(wa("2026-03-05T10:00:00.000Z"), at("2026-03-04T09:59:20.000Z"));
    expect(w).toMatchObject({ kind: "open", minutesLeft: 24 * 60 });
    expect(windowLeft(24 * 60)).toEqual({ hours: 24, minutes: 0 });
  });

  it("is closed at its end and after, and when the customer never wrote", () => {
    expect(replyWindow(wa("2026-03-04T10:00:00.000Z"), at("2026-03-04T10:00:00.000Z")).kind).toBe("closed");
    expect(replyWindow(wa("2026-03-04T10:00:00.000Z"), at("2026-03-05T10:00:00.000Z")).kind).toBe("closed");
    expect(replyWindow(wa(null), 0)).toEqual({ kind: "closed", endedAt: null });
    expect(replyWindow(wa("not a date"), 0)).toEqual({ kind: "closed", endedAt: null });
  });
});
