/**
 * Browser-level error reporting for the app shell. The spec's rule: ResizeObserver noise and
 * promise rejections whose reason is not an Error are ignored; anything else shows the
 * fallback screen. The decision functions are pure so they can be tested without a DOM.
 */

export type GlobalErrorSink = (error: Error) => void;

/**
 * "ResizeObserver loop completed with undelivered notifications" (and the older "loop limit
 * exceeded") is a benign browser warning surfaced as an error event; it never means our code broke.
 */
export function isResizeObserverNoise(message: string | undefined | null): boolean {
  return typeof message === "string" && message.includes("ResizeObserver loop");
}

/** The parts of an `ErrorEvent` we look at. */
export interface ErrorEventLike {
  message?: string;
  error?: unknown;
}

/** What a window `error` event should show, or null when it is noise to ignore. */
export function errorFromErrorEvent(event: ErrorEventLike): Error | null {
  const message = event.message ?? "";
  if (isResizeObserverNoise(message)) return null;
  if (event.error instanceof Error) {
    return isResizeObserverNoise(event.error.message) ? null : event.error;
  }
  // A thrown non-Error (`throw "x"`) or an opaque cross-origin "Script error." still broke something.
  return new Error(message || String(event.error ?? "Unknown error"));
}

/** What an `unhandledrejection` should show, or null: only Error reasons count. */
export function errorFromRejection(reason: unknown): Error | null {
  if (!(reason instanceof Error)) return null;
  return isResizeObserverNoise(reason.message) ? null : reason;
}

/**
 * Listens for uncaught errors and unhandled rejections on `target` (the window by default)
 * and passes the ones that matter to `onError`. Returns a function that removes the listeners.
 */
export function installGlobalErrorHandlers(
  onError: GlobalErrorSink,
  target: EventTarget = window,
): () => void {
  const handleError = (event: Event) => {
    const error = errorFromErrorEvent(event as Event & ErrorEventLike);
    if (error) onError(error);
  };
  const handleRejection = (event: Event) => {
    const error = errorFromRejection((event as Event & { reason?: unknown }).reason);
    if (error) onError(error);
  };
  target.addEventListener("error", handleError);
  target.addEventListener("unhandledrejection", handleRejection);
  return () => {
    target.removeEventListener("error", handleError);
    target.removeEventListener("unhandledrejection", handleRejection);
  };
}
