import { describe, expect, it } from "vitest";
import { nextQuietTime } from "./resync-schedule";

describe("nextQuietTime", () => {
  it("is the next 03:00 of the time zone for a daily schedule", () => {
    // Bahrain is UTC+3 all year: 03:00 there is 00:00 UTC.
    expect(nextQuietTime("daily", "Asia/Bahrain", new Date("2026-11-29T12:00:00Z"))?.toISOString()).toBe(
      "2026-11-30T00:00:00.000Z",
    );
    expect(nextQuietTime("daily", "Asia/Bahrain", new Date("2026-11-29T23:59:00Z"))?.toISOString()).toBe(
      "2026-11-30T00:00:00.000Z",
    );
    expect(nextQuietTime("daily", "Asia/Bahrain", new Date("2026-11-30T00:00:00Z"))?.toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(nextQuietTime("daily", "UTC", new Date("2026-11-29T02:59:00Z"))?.toISOString()).toBe(
      "2026-11-29T03:00:00.000Z",
    );
  });

  it("is a week on for a weekly schedule, and none when off", () => {
    expect(nextQuietTime("weekly", "Asia/Bahrain", new Date("2026-11-29T12:00:00Z"))?.toISOString()).toBe(
      "2026-12-06T00:00:00.000Z",
    );
    expect(nextQuietTime("off", "UTC", new Date())).toBeNull();
  });

  it("keeps to 03:00 of the wall clock across a daylight-saving change", () => {
    // London moves from GMT to BST on 2026-03-29: 03:00 is 03:00Z before, 02:00Z after.
    expect(nextQuietTime("daily", "Europe/London", new Date("2026-03-28T12:00:00Z"))?.toISOString()).toBe(
      "2026-03-29T02:00:00.000Z",
    );
    expect(nextQuietTime("daily", "Europe/London", new Date("2026-03-27T12:00:00Z"))?.toISOString()).toBe(
      "2026-03-28T03:00:00.000Z",
    );
  });
});
