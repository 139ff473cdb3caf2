import { describe, expect, it } from "vitest";
import {
  accentOn,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  luminance,
  parseHex,
  readableTextOn,
} from "./contrast";

describe("contrast", () => {
  it("parses #rgb and #rrggbb, refuses the rest", () => {
    expect(parseHex("#4f46e5")).toEqual([79, 70, 229]);
    expect(parseHex("#FFF")).toEqual([255, 255, 255]);
    expect(parseHex("4f46e5")).toBeNull();
    expect(parseHex("#4f46e")).toBeNull();
    expect(parseHex("red")).toBeNull();
  });

  it("computes WCAG luminance and contrast ratios", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // Reference values (WebAIM contrast checker).
    expect(contrastRatio("#4f46e5", "#ffffff")).toBeCloseTo(6.29, 1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 1);
  });

  it("puts white text on dark brand colours and dark text on light ones", () => {
    for (const dark of ["#4f46e5", "#0f766e", "#111827", "#b91c1c", "#1d4ed8", "#767676"]) {
      expect(readableTextOn(dark), dark).toBe(LIGHT_TEXT);
    }
    for (const light of ["#facc15", "#fde68a", "#ffffff", "#22d3ee", "#a3e635", "#f59e0b"]) {
      expect(readableTextOn(light), light).toBe(DARK_TEXT);
    }
  });

  it("always picks the text colour with at least 4.5:1 when one exists", () => {
    for (let i = 0; i < 500; i++) {
      const hex = `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, "0")}`;
      const text = readableTextOn(hex);
      const best = Math.max(contrastRatio(hex, LIGHT_TEXT), contrastRatio(hex, DARK_TEXT));
      // Mid-tones can fall short with both; then the better one is chosen.
      expect(contrastRatio(hex, text), hex).toBeGreaterThanOrEqual(Math.min(4.5, best));
    }
  });

  it("uses the brand colour for links only where it reads on the surface", () => {
    expect(accentOn("#4f46e5", "#ffffff")).toBe("#4f46e5");
    expect(accentOn("#facc15", "#ffffff")).toBe(DARK_TEXT);
  });
});
