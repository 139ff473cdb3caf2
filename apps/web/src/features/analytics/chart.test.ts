import { describe, expect, it } from "vitest";
import {
  barHeight,
  barSlots,
  DAY_LABEL_STEPS,
  HOUR_LABEL_STEPS,
  hourLabel,
  hourRangeLabel,
  labelStride,
  niceStep,
  peakIndex,
  yScale,
} from "./chart";

describe("y axis", () => {
  it("rounds steps up to 1, 2 or 5 × 10ⁿ and never below 1", () => {
    expect([0, 0.3, 1, 1.2, 2.5, 3, 7, 12, 45, 180, 2001].map(niceStep)).toEqual([
      1, 1, 1, 2, 5, 5, 10, 20, 50, 200, 5000,
    ]);
  });

  it("tops the axis at the first round value above the data", () => {
    expect(yScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(yScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(yScale(95)).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(yScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it("keeps the largest value inside the axis with few ticks", () => {
    for (const max of [1, 2, 5, 9, 11, 19, 99, 101, 999, 12345]) {
      const scale = yScale(max);
      expect(scale.max).toBeGreaterThanOrEqual(max);
      expect(scale.ticks[0]).toBe(0);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("gives an empty chart a 0–1 axis", () => {
    expect(yScale(0)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it("scales bar heights, clamped to the plot", () => {
    expect(barHeight(5, 10, 200)).toBe(100);
    expect(barHeight(0, 10, 200)).toBe(0);
    expect(barHeight(12, 10, 200)).toBe(200);
    expect(barHeight(3, 0, 200)).toBe(0);
  });
});

describe("bars and labels", () => {
  it("splits the width into equal slots with centred bars", () => {
    const slots = barSlots(4, 400, 0.5);
    expect(slots.map((s) => s.x)).toEqual([25, 125, 225, 325]);
    expect(slots.every((s) => s.width === 50)).toBe(true);
    expect(slots.map((s) => s.center)).toEqual([50, 150, 250, 350]);
    expect(barSlots(0, 400)).toEqual([]);
    // Too many bars for the width still get one pixel each.
    expect(barSlots(1000, 100)[0]?.width).toBe(1);
  });

  it("thins x labels so they never overlap", () => {
    expect(labelStride(7, 700, 40, DAY_LABEL_STEPS)).toBe(1);
    expect(labelStride(30, 600, 40, DAY_LABEL_STEPS)).toBe(2);
    expect(labelStride(90, 340, 40, DAY_LABEL_STEPS)).toBe(14);
    expect(labelStride(24, 340, 40, HOUR_LABEL_STEPS)).toBe(3);
    expect(labelStride(24, 100, 40, HOUR_LABEL_STEPS)).toBe(12);
  });

  it("names hours in 12-hour en-US", () => {
    expect([0, 6, 12, 18, 23].map((h) => hourLabel(h, "en"))).toEqual([
      "12 AM",
      "6 AM",
      "12 PM",
      "6 PM",
      "11 PM",
    ]);
    expect(hourRangeLabel(23, "en")).toBe("11 PM – 12 AM");
    expect(hourLabel(18, "ar")).toBe("6 م");
  });

  it("finds the busiest bar", () => {
    expect(peakIndex([0, 3, 5, 5, 1])).toBe(2);
    expect(peakIndex([0, 0])).toBe(-1);
  });
});
