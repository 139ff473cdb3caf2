import en from "@parley/ui/locales/en/account";

/** Pure helpers for the account page (unit-tested). */

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

/** better-auth's defaults, used until (or if) the service reports its own. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 128 };

export function parsePasswordPolicy(json: unknown): PasswordPolicy {
  if (typeof json !== "object" || json === null) return DEFAULT_PASSWORD_POLICY;
  const policy = (json as { passwordPolicy?: unknown }).passwordPolicy;
  if (typeof policy !== "object" || policy === null) return DEFAULT_PASSWORD_POLICY;
  const { minLength, maxLength } = policy as Record<string, unknown>;
  const valid = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
  return valid(minLength) && valid(maxLength) && minLength <= maxLength
    ? { minLength, maxLength }
    : DEFAULT_PASSWORD_POLICY;
}

const providerNames: Record<string, string> = {
  github: "GitHub",
  gitlab: "GitLab",
  linkedin: "LinkedIn",
  paypal: "PayPal",
  tiktok: "TikTok",
  vk: "VK",
};

/**
 * "credential" → "Email and password" (`credential`: that name in the reader's language, from
 * `account:linked.providers.credential`), "google" → "Google" (brands keep their names).
 */
export function providerName(
  providerId: string,
  credential: string = en.linked.providers.credential,
): string {
  if (providerId === "credential") return credential;
  return providerNames[providerId] ?? providerId.charAt(0).toUpperCase() + providerId.slice(1);
}
