import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { shouldRetry } from "./query-client";

const apiError = (status: number) => new ApiError({ status, code: "INTERNAL", message: "x" });

describe("shouldRetry", () => {
  it("does not retry client errors except rate limiting", () => {
    expect(shouldRetry(0, apiError(400))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(true);
  });

  it("retries server and network errors twice", () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(1, new TypeError("fetch failed"))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });
});
