import { z } from "zod";

/**
 * A bot's identity secret, as the dashboard sees it. The secret itself is shown once, in the
 * answer to the request that creates (or rotates) it; afterwards anyone on the account sees only
 * its last characters, when and by whom it was made.
 */
export const identitySecretInfoSchema = z.object({
  /** Whether signed customer ids are checked for this bot (a secret exists). */
  enabled: z.boolean(),
  /** The secret's last 4 characters, to tell secrets apart ("…3f9a"). */
  hint: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Who made the current secret; null when that user is gone. */
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  /**
   * False when the stored secret cannot be decrypted with this server's key (the key changed):
   * verification then refuses every customer until the secret is rotated.
   */
  usable: z.boolean(),
});
export type IdentitySecretInfo = z.infer<typeof identitySecretInfoSchema>;

export const identitySecretCreatedSchema = identitySecretInfoSchema.extend({
  /** The full secret: in this answer only. */
  secret: z.string(),
});
export type IdentitySecretCreated = z.infer<typeof identitySecretCreatedSchema>;
