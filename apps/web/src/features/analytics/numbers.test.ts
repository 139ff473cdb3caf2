import { describe, expect, it } from "vitest";
import { formatCount, formatShare, usageView } from "./numbers";

describe("analytics numbers", () => {
  it("formats counts and shares en-US", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatShare(2 / 3)).toBe("66.7%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(null)).toBe("—");
  });

  it("warns from 80% of the monthly quota and says when it is reached", () => {
    expect(usageView(79, 100)).toEqual({ level: "ok", percent: 79 });
    expect(usageView(80, 100).level).toBe("warn");
    expect(usageView(9_999, 10_000)).toEqual({ level: "warn", percent: 100 });
    expect(usageView(100, 100)).toEqual({ level: "full", percent: 100 });
    expect(usageView(130, 100)).toMatchObject({ level: "full", percent: 100 });
    expect(usageView(0, 0).level).toBe("none");
  });
});
