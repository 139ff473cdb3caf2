import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import {
  addDays,
  customRangeError,
  daysInRange,
  describeRange,
  isIsoDay,
  presetRange,
  rangeFromSearch,
  rangeToSearch,
  utcDay,
} from "./date-range";

const TODAY = "2026-03-10";
const t = (await createI18n("en")).getFixedT("en", "inbox");
/** The English words the form shows for a range's problem. */
const customRangeText = (from: string, to: string) => {
  const problem = customRangeError(from, to);
  return problem === null ? null : t(`analytics.range.errors.${problem}`);
};
const fromQuery = (query: string) => rangeFromSearch(new URLSearchParams(query), TODAY);

describe("date range helpers", () => {
  it("knows real calendar days", () => {
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-3-1")).toBe(false);
  });

  it("adds days across months, years and DST changes (UTC only)", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
  });

  it("counts both ends of a range", () => {
    expect(daysInRange("2026-03-10", "2026-03-10")).toBe(1);
    expect(daysInRange("2026-01-01", "2026-12-31")).toBe(365);
  });

  it("makes 'last N days' end today and hold N days", () => {
    const range = presetRange(7, TODAY);
    expect(range).toEqual({ from: "2026-03-04", to: TODAY });
    expect(daysInRange(range.from, range.to)).toBe(7);
    expect(daysInRange(...(Object.values(presetRange(90, TODAY)) as [string, string]))).toBe(90);
  });

  it("takes today's UTC day, not the local one", () => {
    expect(utcDay(new Date("2026-03-10T23:30:00-05:00"))).toBe("2026-03-11");
  });

  it("reads presets and custom ranges from the query, defaulting to 30 days", () => {
    expect(fromQuery("range=7")).toEqual({ preset: "7", from: "2026-03-04", to: TODAY });
    expect(fromQuery("range=custom&from=2026-01-05&to=2026-01-20")).toEqual({
      preset: "custom",
      from: "2026-01-05",
      to: "2026-01-20",
    });
    const fallback = { preset: "30", from: "2026-02-09", to: TODAY };
    expect(fromQuery("")).toEqual(fallback);
    expect(fromQuery("range=365")).toEqual(fallback);
    expect(fromQuery("range=custom&from=2026-01-20&to=2026-01-05")).toEqual(fallback);
    expect(fromQuery("range=custom&from=2024-01-01&to=2026-01-05")).toEqual(fallback);
  });

  it("explains why a custom range can't be used, as the API would", () => {
    expect(customRangeText("", "2026-01-01")).toBe("Choose a start date");
    expect(customRangeText("2026-01-01", "")).toBe("Choose an end date");
    expect(customRangeText("2026-01-02", "2026-01-01")).toBe(
      "The end date must not be before the start date",
    );
    expect(customRangeText("2025-01-01", "2026-01-01")).toBe(null);
    expect(customRangeText("2025-01-01", "2026-01-02")).toBe("Choose a range of at most a year");
  });

  it("writes a range into the query and keeps the chatbot filter", () => {
    const base = new URLSearchParams("chatbotId=cb_1&from=2026-01-01&to=2026-01-02");
    expect(rangeToSearch({ preset: "7", from: "2026-03-04", to: TODAY }, base).toString()).toBe(
      "chatbotId=cb_1&range=7",
    );
    const custom = rangeToSearch({ preset: "custom", from: "2026-01-05", to: "2026-01-20" });
    expect(rangeFromSearch(custom, TODAY)).toEqual({
      preset: "custom",
      from: "2026-01-05",
      to: "2026-01-20",
    });
  });

  it("describes a range in en-US", () => {
    expect(describeRange("en", "2026-03-01", "2026-03-30")).toBe("Mar 1 – Mar 30, 2026");
    expect(describeRange("en", "2025-12-02", "2026-01-30")).toBe("Dec 2, 2025 – Jan 30, 2026");
    expect(describeRange("en", TODAY, TODAY)).toBe("Mar 10, 2026");
    expect(describeRange("ar", "2026-03-01", "2026-03-30")).toMatch(/^1 مارس – 30 مارس،? 2026$/);
  });
});
