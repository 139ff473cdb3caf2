import { randomBytes } from "node:crypto";
import { aeadOpen, aeadSeal, deriveKey, joinParts } from "../../lib/aead";

/**
 * Webhook signing secrets at rest: AES-256-GCM (lib/aead.ts) under a key derived from the
 * server's secret for secrets at rest (MODEL_KEYS_SECRET, as bots' model keys), bound to the
 * endpoint's id, so a sealed secret copied onto another endpoint's row does not open. A value
 * sealed under a previous server secret (MODEL_KEYS_SECRET_PREVIOUS) still opens.
 * Format: `ws1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export interface WebhookSecretBox {
  seal(secret: string, endpointId: string): string;
  /** The secret; throws when the value does not authenticate for this endpoint. */
  open(sealed: string, endpointId: string): string;
}

const VERSION = "ws1";
const INFO = "parley webhook secrets v1";

export function createWebhookSecretBox(serverSecret: string, previous: string[] = []): WebhookSecretBox {
  const key = deriveKey(serverSecret, INFO);
  const keys = [key, ...previous.filter((s) => s !== serverSecret).map((s) => deriveKey(s, INFO))];
  const aad = (endpointId: string) => `${VERSION}:${endpointId}`;
  return {
    seal(secret, endpointId) {
      return joinParts(VERSION, aeadSeal(key, Buffer.from(secret, "utf8"), aad(endpointId)));
    },
    open(sealed, endpointId) {
      const [version, ...parts] = sealed.split(".");
      if (version !== VERSION || parts.length !== 3) throw new Error("webhook secret: malformed");
      const bytes = parts.map((p) => Buffer.from(p, "base64url"));
      for (const k of keys) {
        try {
          return aeadOpen(k, bytes, aad(endpointId)).toString("utf8");
        } catch {
          // Not this key: try the next one.
        }
      }
      throw new Error(`webhook secret of ${endpointId} cannot be decrypted`);
    },
  };
}

/** A new secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
