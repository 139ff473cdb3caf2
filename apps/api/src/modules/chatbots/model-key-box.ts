import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Bots' model API keys at rest, by envelope encryption: each value gets its own random 256-bit data
 * key; the key encrypts the API key (AES-256-GCM) and is itself wrapped (AES-256-GCM) by the
 * key-encryption key derived from MODEL_KEYS_SECRET. Both layers take the bot's id as associated
 * data, so a sealed value copied onto another bot's row does not open, and any change to the stored
 * text fails authentication: the key is then unreadable, never guessed around.
 *
 * Format: `mk1.<wrap iv>.<wrapped data key>.<wrap tag>.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
export interface ModelKeyBox {
  seal(apiKey: string, botId: string): string;
  /** The API key; throws ModelKeyUnreadableError when the value does not authenticate. */
  open(sealed: string, botId: string): string;
}

const VERSION = "mk1";

export class ModelKeyUnreadableError extends Error {
  constructor(botId: string) {
    super(
      `The model API key stored for chatbot ${botId} cannot be decrypted: it was changed outside Parley, or MODEL_KEYS_SECRET is not the one it was saved with. Set the key again in the bot's model settings.`,
    );
    this.name = "ModelKeyUnreadableError";
  }
}

/** Whether a stored value is already sealed (legacy rows hold the key in plain text). */
export const isSealedModelKey = (stored: string) => stored.startsWith(`${VERSION}.`);

/**
 * What the API may show of a key: its last four characters, and only when the key is long enough
 * that four characters give nothing useful away (real provider keys are far longer).
 */
export const modelKeyLast4 = (apiKey: string) => (apiKey.length >= 12 ? apiKey.slice(-4) : null);

function encrypt(key: Buffer, plaintext: Buffer, aad: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, body, cipher.getAuthTag()];
}

function decrypt(key: Buffer, [iv, body, tag]: Buffer[], aad: string): Buffer {
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) throw new Error("malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

export function createModelKeyBox(secret: string): ModelKeyBox {
  const kek = Buffer.from(
    hkdfSync("sha256", secret, "parley", "parley model api keys v1", 32) as ArrayBuffer,
  );
  return {
    seal(apiKey, botId) {
      const dataKey = randomBytes(32);
      const wrapped = encrypt(kek, dataKey, `${VERSION}:wrap:${botId}`);
      const sealed = encrypt(dataKey, Buffer.from(apiKey, "utf8"), `${VERSION}:key:${botId}`);
      dataKey.fill(0);
      return [VERSION, ...wrapped, ...sealed]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(stored, botId) {
      const [version, ...parts] = stored.split(".");
      if (version !== VERSION || parts.length !== 6) throw new ModelKeyUnreadableError(botId);
      const bytes = parts.map((p) => Buffer.from(p, "base64url"));
      try {
        const dataKey = decrypt(kek, bytes.slice(0, 3), `${VERSION}:wrap:${botId}`);
        if (dataKey.length !== 32) throw new Error("malformed");
        try {
          return decrypt(dataKey, bytes.slice(3), `${VERSION}:key:${botId}`).toString("utf8");
        } finally {
          dataKey.fill(0);
        }
      } catch {
        throw new ModelKeyUnreadableError(botId);
      }
    },
  };
}
