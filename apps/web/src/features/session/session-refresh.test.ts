import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthSession } from "./session-data";
import { SESSION_REFRESH_INTERVAL_MS, startSessionRefresh } from "./session-refresh";

const session = (name: string): AuthSession => ({
  token: "s",
  user: { id: "u1", name, email: "a@b.co", emailVerified: true, image: null },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startSessionRefresh", () => {
  it("checks every 300 000 ms and passes fresh sessions on", async () => {
    expect(SESSION_REFRESH_INTERVAL_MS).toBe(300_000);
    const answers = [session("A"), session("B")];
    const check = vi.fn(async () => answers.shift() ?? session("C"));
    const seen: string[] = [];
    const stop = startSessionRefresh({
      check,
      onSession: (s) => seen.push(s.user.name),
      onExpired: () => {},
    });

    await vi.advanceTimersByTimeAsync(299_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(seen).toEqual(["A", "B"]);
    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("calls the expiry handler once when the service says there is no session, then stops", async () => {
    const check = vi.fn(async () => null);
    const onExpired = vi.fn();
    startSessionRefresh({ check, onSession: () => {}, onExpired });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS * 3);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("treats a failed check as a hiccup, not as an expiry", async () => {
    let fail = true;
    const check = vi.fn(async () => {
      if (fail) throw new Error("offline");
      return session("back");
    });
    const onExpired = vi.fn();
    const seen: string[] = [];
    startSessionRefresh({ check, onSession: (s) => seen.push(s.user.name), onExpired });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    fail = false;
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(onExpired).not.toHaveBeenCalled();
    expect(seen).toEqual(["back"]);
  });
});
