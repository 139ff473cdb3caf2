/** Where the chat page keeps who the visitor is and which conversation is theirs. */
export const VISITOR_KEY = "parley:visitor";
export const conversationKey = (chatbotId: string) => `parley:conv:${chatbotId}`;

const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** 16 random bytes as base64url: 22 characters, 128 bits, matching the API's visitor id rule. */
export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const isVisitorId = (value: unknown): value is string =>
  typeof value === "string" && VISITOR_ID.test(value);

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * localStorage when the browser lets this frame use it; otherwise (storage blocked for
 * third-party frames, private modes that throw on write) a memory store, so the chat still works
 * for the length of the visit.
 */
export function openStore(): KeyValueStore {
  try {
    const ls = window.localStorage;
    const probe = "parley:probe";
    ls.setItem(probe, "1");
    ls.removeItem(probe);
    return {
      get: (k) => ls.getItem(k),
      set: (k, v) => {
        try {
          ls.setItem(k, v);
        } catch {
          // Quota or policy: the value lives for this page only.
        }
      },
      remove: (k) => ls.removeItem(k),
    };
  } catch {
    const memory = new Map<string, string>();
    return {
      get: (k) => memory.get(k) ?? null,
      set: (k, v) => void memory.set(k, v),
      remove: (k) => void memory.delete(k),
    };
  }
}

/** The stored visitor id, or a new one saved for next time. */
export function visitorIdFrom(store: KeyValueStore): string {
  const stored = store.get(VISITOR_KEY);
  if (isVisitorId(stored)) return stored;
  const id = newVisitorId();
  store.set(VISITOR_KEY, id);
  return id;
}
