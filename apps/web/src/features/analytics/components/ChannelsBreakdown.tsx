import type { Analytics } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { CountBars } from "./CountBars";

/** Conversations started in the range on each channel (website, WhatsApp, API), most first. */
export function ChannelsBreakdown({ channels }: { channels: Analytics["channels"] }) {
  const { t } = useTranslation("inbox");
  return (
    <CountBars
      empty={t("analytics.channels.none")}
      rows={channels.map((c) => ({
        key: c.channel,
        label: t(`channel.${c.channel}`),
        count: c.conversations,
        countText: t("analytics.channels.conversations", { count: c.conversations }),
      }))}
    />
  );
}
