import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { aeadOpen, aeadSeal, deriveKey, joinParts } from "../../lib/aead";

/**
 * Identity secrets at rest: AES-256-GCM (lib/aead.ts) under a key derived from the server's master
 * secret, with the bot's id as associated data, so a sealed secret copied onto another bot's row
 * does not open. Format: `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** The plaintext, or null when the value was sealed under another key or for another bot. */
  open(sealed: string, boundTo: string): string | null;
}

export function createSecretBox(masterSecret: string): SecretBox {
  const key = deriveKey(masterSecret, "parley identity secrets v1");
  return {
    seal(plaintext, boundTo) {
      return joinParts("v1", aeadSeal(key, Buffer.from(plaintext, "utf8"), boundTo));
    },
    open(sealed, boundTo) {
      const [version, ...parts] = sealed.split(".");
      if (version !== "v1" || parts.length !== 3) return null;
      try {
        return aeadOpen(
          key,
          parts.map((p) => Buffer.from(p, "base64url")),
          boundTo,
        ).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** A new identity secret: 32 random bytes as 64 hex characters (the HMAC key is this text). */
export const newIdentitySecret = () => randomBytes(32).toString("hex");

/** What the business's server computes: hex HMAC-SHA256 of the customer id's UTF-8 bytes. */
export const signCustomerId = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(userId, "utf8").digest("hex");

/**
 * Whether `hash` (64 hex characters, any case) is the signature of `userId`. Compared in
 * constant time, so how long a refusal takes tells nothing about how much of a guess was right.
 */
export function customerHashMatches(secret: string, userId: string, hash: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(hash)) return false;
  const expected = Buffer.from(signCustomerId(secret, userId), "hex");
  return timingSafeEqual(expected, Buffer.from(hash, "hex"));
}
