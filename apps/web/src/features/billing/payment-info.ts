import { type StoredPaymentInfo, storedPaymentInfoSchema } from "@parley/contracts";

/** Spec §3: what the browser remembers while the user is away at the gateway. */
export const PAYMENT_INFO_KEY = "payment_info";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** localStorage, or nothing when it is unavailable (disabled cookies, some private modes). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function savePaymentInfo(storage: KeyValueStorage | undefined, info: StoredPaymentInfo): void {
  try {
    storage?.setItem(PAYMENT_INFO_KEY, JSON.stringify(info));
  } catch {
    // A full or blocked storage only loses the fallback for a return without ?trackId.
  }
}

export function readPaymentInfo(storage: KeyValueStorage | undefined): StoredPaymentInfo | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(PAYMENT_INFO_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = storedPaymentInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the stored payment; with `trackId`, only if it is that payment (another tab may be paying). */
export function clearPaymentInfo(storage: KeyValueStorage | undefined, trackId?: string): void {
  try {
    if (trackId !== undefined) {
      const stored = readPaymentInfo(storage);
      const raw = storage?.getItem(PAYMENT_INFO_KEY);
      // Unreadable leftovers are cleared too; a different, valid payment is left alone.
      if (stored && stored.track_id !== trackId) return;
      if (!raw) return;
    }
    storage?.removeItem(PAYMENT_INFO_KEY);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}
