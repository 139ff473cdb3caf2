import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The one AES-256-GCM used for secrets at rest (bots' model API keys, identity secrets): keys
 * derived from a server secret with HKDF, a fresh 96-bit nonce per value, and associated data that
 * binds a value to where it belongs (a bot), so a value copied elsewhere does not open.
 */

/** A 256-bit key for one purpose (`info`), derived from a server secret. */
export const deriveKey = (secret: string, info: string) =>
  Buffer.from(hkdfSync("sha256", secret, "parley", info, 32) as ArrayBuffer);

/** Encrypts `plaintext`: [nonce, ciphertext, tag]. */
export function aeadSeal(key: Buffer, plaintext: Buffer, aad: string): [Buffer, Buffer, Buffer] {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, body, cipher.getAuthTag()];
}

/** Decrypts what `aeadSeal` made; throws when anything (key, data, `aad`) does not authenticate. */
export function aeadOpen(key: Buffer, [iv, body, tag]: Buffer[], aad: string): Buffer {
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) throw new Error("malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** Parts as stored: base64url, joined by dots after a version tag. */
export const joinParts = (version: string, parts: Buffer[]) =>
  [version, ...parts.map((p) => p.toString("base64url"))].join(".");
