import { describe, expect, it } from "vitest";
import {
  errorFromErrorEvent,
  errorFromRejection,
  installGlobalErrorHandlers,
  isResizeObserverNoise,
} from "./global-errors";

describe("global error filtering", () => {
  it("recognises both ResizeObserver loop warnings as noise", () => {
    expect(isResizeObserverNoise("ResizeObserver loop completed with undelivered notifications.")).toBe(true);
    expect(isResizeObserverNoise("ResizeObserver loop limit exceeded")).toBe(true);
    expect(isResizeObserverNoise("TypeError: x is undefined")).toBe(false);
    expect(isResizeObserverNoise(undefined)).toBe(false);
  });

  it("ignores ResizeObserver error events, with or without an error object", () => {
    expect(errorFromErrorEvent({ message: "ResizeObserver loop limit exceeded", error: null })).toBeNull();
    expect(
      errorFromErrorEvent({
        message: "",
        error: new Error("ResizeObserver loop completed with undelivered notifications."),
      }),
    ).toBeNull();
  });

  it("passes real errors through, and wraps thrown non-Errors so they still show", () => {
    const boom = new TypeError("boom");
    expect(errorFromErrorEvent({ message: "Uncaught TypeError: boom", error: boom })).toBe(boom);
    const wrapped = errorFromErrorEvent({ message: "Uncaught oops", error: "oops" });
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped?.message).toBe("Uncaught oops");
  });

  it("ignores rejections whose reason is not an Error", () => {
    expect(errorFromRejection("just a string")).toBeNull();
    expect(errorFromRejection(undefined)).toBeNull();
    expect(errorFromRejection({ message: "looks like an error" })).toBeNull();
    const real = new Error("failed");
    expect(errorFromRejection(real)).toBe(real);
  });
});

describe("installGlobalErrorHandlers", () => {
  function fire(target: EventTarget, type: string, props: Record<string, unknown>) {
    target.dispatchEvent(Object.assign(new Event(type), props));
  }

  it("reports what matters, ignores the noise, and stops after uninstall", () => {
    const target = new EventTarget();
    const seen: string[] = [];
    const uninstall = installGlobalErrorHandlers((error) => seen.push(error.message), target);

    fire(target, "error", { message: "ResizeObserver loop limit exceeded", error: null });
    fire(target, "unhandledrejection", { reason: "not an error" });
    fire(target, "error", { message: "Uncaught Error: render", error: new Error("render") });
    fire(target, "unhandledrejection", { reason: new Error("async") });

    uninstall();
    fire(target, "error", { message: "late", error: new Error("late") });

    expect(seen).toEqual(["render", "async"]);
  });
});
