import { aeadOpen, aeadSeal, deriveKey, joinParts } from "./aead";

/**
 * Secrets at rest that the server itself must use again (webhook signing secrets, messaging
 * channels' tokens): AES-256-GCM (aead.ts) under a key derived from the server's secret for
 * secrets at rest (MODEL_KEYS_SECRET, as bots' model keys) for one purpose, each value bound to
 * where it belongs (`owner`: an endpoint's id, a channel's id and field), so a sealed value copied
 * elsewhere does not open. A value sealed under a previous server secret
 * (MODEL_KEYS_SECRET_PREVIOUS) still opens. Format: `<version>.<iv>.<ciphertext>.<tag>` (base64url).
 */
export interface SealedBox {
  seal(secret: string, owner: string): string;
  /** The secret; throws when the value does not authenticate for this owner. */
  open(sealed: string, owner: string): string;
}

export function createSealedBox(
  purpose: { version: string; info: string; what: string },
  serverSecret: string,
  previous: string[] = [],
): SealedBox {
  const { version, info, what } = purpose;
  const key = deriveKey(serverSecret, info);
  const keys = [key, ...previous.filter((s) => s !== serverSecret).map((s) => deriveKey(s, info))];
  const aad = (owner: string) => `${version}:${owner}`;
  return {
    seal(secret, owner) {
      return joinParts(version, aeadSeal(key, Buffer.from(secret, "utf8"), aad(owner)));
    },
    open(sealed, owner) {
      const [tag, ...parts] = sealed.split(".");
      if (tag !== version || parts.length !== 3) throw new Error(`${what}: malformed`);
      const bytes = parts.map((p) => Buffer.from(p, "base64url"));
      for (const k of keys) {
        try {
          return aeadOpen(k, bytes, aad(owner)).toString("utf8");
        } catch {
          // Not this key: try the next one.
        }
      }
      throw new Error(`${what} of ${owner} cannot be decrypted`);
    },
  };
}
