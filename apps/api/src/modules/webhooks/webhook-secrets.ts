import { randomBytes } from "node:crypto";
import { createSealedBox, type SealedBox } from "../../lib/secret-box";

/**
 * Webhook signing secrets at rest (lib/secret-box.ts), each bound to its endpoint's id.
 * Format: `ws1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export type WebhookSecretBox = SealedBox;

export const createWebhookSecretBox = (serverSecret: string, previous: string[] = []): WebhookSecretBox =>
  createSealedBox(
    { version: "ws1", info: "parley webhook secrets v1", what: "webhook secret" },
    serverSecret,
    previous,
  );

/** A new secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
