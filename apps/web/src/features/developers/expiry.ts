/** The expiry choices of the create dialog: days from now, or never. */
export const EXPIRY_CHOICES = ["never", "30", "90", "365"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The ISO time a choice means from `now` (null: the key never expires). */
export function expiresAtFor(choice: ExpiryChoice, now: Date): string | null {
  if (choice === "never") return null;
  return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
}
