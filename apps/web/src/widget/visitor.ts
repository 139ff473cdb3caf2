/**
 * Who the visitor is. In a customer's page embed.js owns the visitor id (in the host page's own
 * storage) and hands it over; opened directly, this page keeps it in its own storage.
 */
export const VISITOR_KEY = "parley:visitor";

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

/** A customer the business vouched for, as this page passes it on (the API checks the signature). */
export interface SignedCustomer {
  userId: string;
  userHash: string;
  email?: string;
  name?: string;
}

export interface Who {
  customer: SignedCustomer | null;
  /** For the lead form: what the host said about the visitor, signed or not. */
  email?: string;
  name?: string;
  /** Said to the site owner's console: why a customer id was not passed on. */
  warning?: string;
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined;

/**
 * What the host page said about its visitor (`Parley.identify({...})` or the script's data-user-*
 * attributes), reduced to known fields. The id and signature go on exactly as given: the
 * signature covers the id's exact text.
 */
export function whoFrom(raw: unknown): Who {
  const o = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const email = text(o.email ?? o.userEmail, 254);
  const name = text(o.name ?? o.userName, 120);
  const userId = typeof o.userId === "string" && o.userId !== "" ? o.userId : undefined;
  const userHash = typeof o.userHash === "string" && o.userHash !== "" ? o.userHash : undefined;
  if (userId === undefined) return { customer: null, email, name };
  if (userHash === undefined) {
    return {
      customer: null,
      email,
      name,
      warning:
        "customer identity refused: userId was given without userHash (the HMAC-SHA256 of the id made with the chatbot's identity secret on your server). The visitor stays anonymous.",
    };
  }
  return {
    customer: { userId, userHash, ...(email ? { email } : {}), ...(name ? { name } : {}) },
    email,
    name,
  };
}
