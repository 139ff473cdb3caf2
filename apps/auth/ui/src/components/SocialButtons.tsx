import { Button } from "@parley/ui/components/Button";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";

/** Display names for better-auth's social providers (spec §7): brand names, the same in every language. */
const PROVIDER_NAMES: Record<string, string> = {
  apple: "Apple",
  atlassian: "Atlassian",
  cognito: "Amazon Cognito", // i18n-ignore: brand name
  discord: "Discord",
  dropbox: "Dropbox",
  facebook: "Facebook",
  figma: "Figma",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  huggingface: "Hugging Face", // i18n-ignore: brand name
  kakao: "Kakao",
  kick: "Kick",
  line: "LINE",
  linear: "Linear",
  linkedin: "LinkedIn",
  microsoft: "Microsoft",
  naver: "Naver",
  notion: "Notion",
  paypal: "PayPal",
  reddit: "Reddit",
  roblox: "Roblox",
  salesforce: "Salesforce",
  slack: "Slack",
  spotify: "Spotify",
  tiktok: "TikTok",
  twitch: "Twitch",
  twitter: "X (Twitter)", // i18n-ignore: brand name
  vk: "VK",
  zoom: "Zoom",
};

export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

const PROVIDER_ICONS: Record<string, ReactNode> = {
  google: (
    <>
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.33-1.58-5.04-3.7H.96v2.33A9 9 0 0 0 9 18z"
      />
      <path fill="#FBBC05" d="M3.96 10.72a5.4 5.4 0 0 1 0-3.44V4.95H.96a9 9 0 0 0 0 8.1z" />
      <path
        fill="#EA4335"
        d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 0 0 .96 4.95l3 2.33C4.67 5.16 6.66 3.58 9 3.58z"
      />
    </>
  ),
  github: (
    <path
      fill="currentColor"
      d="M9 .2a9 9 0 0 0-2.85 17.54c.45.08.62-.2.62-.43v-1.52c-2.5.54-3.03-1.2-3.03-1.2-.41-1.04-1-1.32-1-1.32-.82-.56.06-.55.06-.55.9.07 1.38.93 1.38.93.8 1.38 2.1.98 2.62.75.08-.58.31-.98.57-1.2-2-.23-4.1-1-4.1-4.45 0-.98.35-1.79.93-2.42-.1-.23-.4-1.15.08-2.39 0 0 .76-.24 2.48.92a8.6 8.6 0 0 1 4.5 0c1.72-1.16 2.47-.92 2.47-.92.5 1.24.19 2.16.1 2.39.57.63.92 1.44.92 2.42 0 3.46-2.1 4.22-4.11 4.44.32.28.61.83.61 1.67v2.47c0 .24.16.52.62.43A9 9 0 0 0 9 .2z"
    />
  ),
  microsoft: (
    <>
      <path fill="#F25022" d="M1 1h7.5v7.5H1z" />
      <path fill="#7FBA00" d="M9.5 1H17v7.5H9.5z" />
      <path fill="#00A4EF" d="M1 9.5h7.5V17H1z" />
      <path fill="#FFB900" d="M9.5 9.5H17V17H9.5z" />
    </>
  ),
};

function ProviderIcon({ id }: { id: string }) {
  const icon = PROVIDER_ICONS[id];
  if (!icon) {
    return (
      <span className="provider-initial" aria-hidden="true">
        {providerName(id).charAt(0)}
      </span>
    );
  }
  return (
    <svg className="provider-icon" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      {icon}
    </svg>
  );
}

/** One button per provider the service reports enabled; renders nothing when there are none. */
export function SocialButtons({
  providers,
  pending,
  disabled,
  onSelect,
}: {
  providers: string[];
  pending: string | null;
  disabled: boolean;
  onSelect: (provider: string) => void;
}) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  return (
    <>
      <div className="social-buttons">
        {providers.map((id) => (
          <Button
            key={id}
            variant="secondary"
            block
            busy={pending === id}
            disabled={disabled}
            onClick={() => onSelect(id)}
          >
            {pending !== id && <ProviderIcon id={id} />}
            <Trans
              i18nKey="social.continueWith"
              ns="auth"
              values={{ provider: providerName(id) }}
              // A brand name, left to right inside Arabic.
              components={{ name: <bdi dir="ltr" translate="no" /> }}
            />
          </Button>
        ))}
      </div>
      <div className="divider">
        <span>{t("social.or")}</span>
      </div>
    </>
  );
}
