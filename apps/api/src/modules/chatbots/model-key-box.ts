import { randomBytes } from "node:crypto";
import { aeadOpen, aeadSeal, deriveKey, joinParts } from "../../lib/aead";

/**
 * Bots' model API keys at rest, by envelope encryption: each value gets its own random 256-bit data
 * key; the key encrypts the API key (AES-256-GCM) and is itself wrapped (AES-256-GCM) by the
 * key-encryption key derived from MODEL_KEYS_SECRET. Both layers take the bot's id as associated
 * data, so a sealed value copied onto another bot's row does not open, and any change to the stored
 * text fails authentication: the key is then unreadable, never guessed around.
 *
 * Format: `mk1.<wrap iv>.<wrapped data key>.<wrap tag>.<iv>.<ciphertext>.<tag>` (base64url parts).
 *
 * Rotation: with MODEL_KEYS_SECRET set to a new secret and the old one in
 * MODEL_KEYS_SECRET_PREVIOUS, values wrapped under the old key still open, and `rewrap` wraps their
 * data key again under the new one (the encrypted API key itself is not touched). Once every row
 * is rewrapped (the API does it at boot), the old secret can go.
 */
export interface ModelKeyBox {
  seal(apiKey: string, botId: string): string;
  /** The API key; throws ModelKeyUnreadableError when the value does not authenticate. */
  open(sealed: string, botId: string): string;
  /**
   * The value with its data key wrapped under the current secret, when it was wrapped under a
   * previous one; null when it is current already. Throws ModelKeyUnreadableError like `open`.
   */
  rewrap(sealed: string, botId: string): string | null;
  /** Whether a previous secret is configured, i.e. whether anything can need rewrapping. */
  readonly rotating: boolean;
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

export function createModelKeyBox(secret: string, previousSecrets: string[] = []): ModelKeyBox {
  const derive = (s: string) => deriveKey(s, "parley model api keys v1");
  const kek = derive(secret);
  const previous = previousSecrets.filter((s) => s !== secret).map(derive);
  const wrapAad = (botId: string) => `${VERSION}:wrap:${botId}`;
  const keyAad = (botId: string) => `${VERSION}:key:${botId}`;

  /** The stored parts, and the data key with the index of the secret that opened it (0: current). */
  function unwrap(stored: string, botId: string) {
    const [version, ...parts] = stored.split(".");
    if (version !== VERSION || parts.length !== 6) throw new ModelKeyUnreadableError(botId);
    const bytes = parts.map((p) => Buffer.from(p, "base64url"));
    for (const [i, k] of [kek, ...previous].entries()) {
      try {
        const dataKey = aeadOpen(k, bytes.slice(0, 3), wrapAad(botId));
        if (dataKey.length === 32) return { bytes, dataKey, by: i };
      } catch {
        // Not this secret: try the next one.
      }
    }
    throw new ModelKeyUnreadableError(botId);
  }

  return {
    seal(apiKey, botId) {
      const dataKey = randomBytes(32);
      const wrapped = aeadSeal(kek, dataKey, wrapAad(botId));
      const sealed = aeadSeal(dataKey, Buffer.from(apiKey, "utf8"), keyAad(botId));
      dataKey.fill(0);
      return joinParts(VERSION, [...wrapped, ...sealed]);
    },
    open(stored, botId) {
      const { bytes, dataKey } = unwrap(stored, botId);
      try {
        return aeadOpen(dataKey, bytes.slice(3), keyAad(botId)).toString("utf8");
      } catch {
        throw new ModelKeyUnreadableError(botId);
      } finally {
        dataKey.fill(0);
      }
    },
    rotating: previous.length > 0,
    rewrap(stored, botId) {
      const { bytes, dataKey, by } = unwrap(stored, botId);
      try {
        if (by === 0) return null;
        // The data key must really open the API key before the old wrapping is given up.
        aeadOpen(dataKey, bytes.slice(3), keyAad(botId));
        return joinParts(VERSION, [...aeadSeal(kek, dataKey, wrapAad(botId)), ...bytes.slice(3)]);
      } catch {
        throw new ModelKeyUnreadableError(botId);
      } finally {
        dataKey.fill(0);
      }
    },
  };
}
