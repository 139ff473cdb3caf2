import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry";

describe("automatic retries", () => {
  it("wait longer after each failure, up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelayMs(0)).toBe(2000);
  });
});
