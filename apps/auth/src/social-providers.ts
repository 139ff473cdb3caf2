/**
 * The social providers the spec names (§7). A provider is switched on by setting both
 * `<ID>_CLIENT_ID` and `<ID>_CLIENT_SECRET`; none is on by default. Provider-specific settings
 * live beside them (`COGNITO_DOMAIN`, `MICROSOFT_TENANT_ID`, …), see `providerExtras`.
 */
export const SOCIAL_PROVIDER_IDS = [
  "apple",
  "atlassian",
  "cognito",
  "discord",
  "facebook",
  "figma",
  "github",
  "microsoft",
  "google",
  "huggingface",
  "slack",
  "spotify",
  "twitch",
  "twitter",
  "dropbox",
  "kick",
  "linear",
  "linkedin",
  "gitlab",
  "tiktok",
  "reddit",
  "roblox",
  "salesforce",
  "vk",
  "zoom",
  "notion",
  "kakao",
  "naver",
  "line",
  "paypal",
] as const;

export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

type Upper = Uppercase<SocialProviderId>;
export type ProviderCredentialVar = `${Upper}_CLIENT_ID` | `${Upper}_CLIENT_SECRET`;

export const clientIdVar = (id: SocialProviderId) => `${id.toUpperCase() as Upper}_CLIENT_ID` as const;
export const clientSecretVar = (id: SocialProviderId) =>
  `${id.toUpperCase() as Upper}_CLIENT_SECRET` as const;

/** One provider-specific setting: the env variable, the option it fills, and whether it is required. */
export interface ProviderExtra {
  env: string;
  option: string;
  required?: boolean;
}

export const providerExtras: Partial<Record<SocialProviderId, ProviderExtra[]>> = {
  apple: [{ env: "APPLE_APP_BUNDLE_IDENTIFIER", option: "appBundleIdentifier" }],
  cognito: [
    { env: "COGNITO_DOMAIN", option: "domain", required: true },
    { env: "COGNITO_REGION", option: "region", required: true },
    { env: "COGNITO_USER_POOL_ID", option: "userPoolId", required: true },
  ],
  gitlab: [{ env: "GITLAB_ISSUER", option: "issuer" }],
  microsoft: [
    { env: "MICROSOFT_TENANT_ID", option: "tenantId" },
    { env: "MICROSOFT_AUTHORITY", option: "authority" },
    { env: "MICROSOFT_DISABLE_PROFILE_PHOTO", option: "disableProfilePhoto" },
  ],
  paypal: [{ env: "PAYPAL_ENVIRONMENT", option: "environment" }],
  salesforce: [
    { env: "SALESFORCE_ENVIRONMENT", option: "environment" },
    { env: "SALESFORCE_LOGIN_URL", option: "loginUrl" },
  ],
};

/** Settings of one enabled provider, as handed to better-auth's `socialProviders`. */
export type ProviderSettings = { clientId: string; clientSecret: string } & Record<string, string | boolean>;
