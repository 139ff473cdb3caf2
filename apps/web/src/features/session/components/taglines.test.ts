import { describe, expect, it } from "vitest";
import { loadingTaglines, pickTagline } from "./taglines";

describe("loading taglines", () => {
  it("has exactly 18 distinct lines", () => {
    expect(loadingTaglines).toHaveLength(18);
    expect(new Set(loadingTaglines).size).toBe(18);
  });

  it("maps the whole random range onto the list", () => {
    expect(pickTagline(() => 0)).toBe(loadingTaglines[0]);
    expect(pickTagline(() => 0.999999)).toBe(loadingTaglines[17]);
    expect(pickTagline(() => 0.5)).toBe(loadingTaglines[9]);
  });
});
