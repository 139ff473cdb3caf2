/**
 * Unsaved console forms kept in this tab's sessionStorage while the operator signs in again (the
 * step-up leaves the page). Read with `peekDraft` (a render may run twice), dropped once used.
 */
const PREFIX = "parley:admin:draft:";

/** This tab's storage, or none (server rendering, storage disabled). */
function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, value: unknown, storage: Storage | null = tabStorage()): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled: the draft is lost, nothing else.
  }
}

export function peekDraft<T>(key: string, storage: Storage | null = tabStorage()): T | null {
  try {
    const raw = storage?.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function dropDraft(key: string, storage: Storage | null = tabStorage()): void {
  try {
    storage?.removeItem(PREFIX + key);
  } catch {
    // Nothing to drop.
  }
}
