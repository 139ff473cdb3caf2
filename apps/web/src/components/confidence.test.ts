import { describe, expect, it } from "vitest";
import { confidenceView, LOW_CONFIDENCE } from "./confidence";

describe("confidenceView", () => {
  it("shows an answer's confidence, low under the threshold", () => {
    expect(confidenceView(0.82, true)).toEqual({ kind: "answer", ratio: 0.82, low: false });
    expect(confidenceView(LOW_CONFIDENCE, true)).toMatchObject({ low: false });
    expect(confidenceView(LOW_CONFIDENCE - 0.001, true)).toMatchObject({ low: true });
  });

  it("shows a fallback's held-back answer", () => {
    expect(confidenceView(0.31, false)).toEqual({ kind: "heldBack", ratio: 0.31 });
  });

  it("shows nothing for AI-model replies, replies still streaming and values that are not a confidence", () => {
    expect(confidenceView(null, true)).toEqual({ kind: "none" });
    expect(confidenceView(undefined, false)).toEqual({ kind: "none" });
    expect(confidenceView(0.5, null)).toEqual({ kind: "none" });
    expect(confidenceView(Number.NaN, true)).toEqual({ kind: "none" });
    // Out of range from a misbehaving server: clamped, never "140%".
    expect(confidenceView(1.4, true)).toMatchObject({ ratio: 1 });
    expect(confidenceView(-2, true)).toMatchObject({ ratio: 0, low: true });
  });
});
