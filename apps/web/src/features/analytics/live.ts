import type { useTranslation } from "@parley/ui/i18n/react";

/** Live chat figures as the analytics page words them: durations and the bot/person split. */

type InboxT = ReturnType<typeof useTranslation<"inbox">>["t"];

/**
 * A span of seconds as a reader says it: "45 s", "3 min", "1 h 5 min", "1 d 3 h" ("45 ثانية",
 * "3 دقائق", "ساعة واحدة و5 دقائق" in Arabic). Seconds below a minute, minutes below an hour, then
 * hours and minutes, then days and hours; each rounded at its own scale. "—" for no figure.
 */
export function formatDuration(seconds: number | null, t: InboxT): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "—";
  const s = Math.round(seconds);
  if (s < 1) return t("analytics.live.duration.underSecond");
  if (s < 60) return t("analytics.live.duration.seconds", { count: s });
  const minutes = Math.round(s / 60);
  if (minutes < 60) return t("analytics.live.duration.minutes", { count: minutes });
  const pair = (big: string, count: number, small: "minutes" | "hours") =>
    count === 0
      ? big
      : t("analytics.live.duration.pair", { big, small: t(`analytics.live.duration.${small}`, { count }) });
  if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60);
    return pair(t("analytics.live.duration.hours", { count: hours }), minutes % 60, "minutes");
  }
  const hours = Math.round(minutes / 60);
  const days = Math.floor(hours / 24);
  return pair(t("analytics.live.duration.days", { count: days }), hours % 24, "hours");
}

export interface ResolutionSplit {
  /** 0..1 each, to a tenth of a percent, summing to exactly 1. */
  bot: number;
  person: number;
}

/**
 * The share of conversations resolved by the bot alone and with a person's reply, rounded so the
 * two add up to 100 % and a side with any conversation never reads as 0 %. Null with none.
 */
export function resolutionSplit(byBot: number, byPerson: number): ResolutionSplit | null {
  const bot = Math.max(0, byBot);
  const person = Math.max(0, byPerson);
  const total = bot + person;
  if (!Number.isFinite(total) || total === 0) return null;
  let personPermille = Math.round((person / total) * 1000);
  if (person > 0 && personPermille === 0) personPermille = 1;
  if (bot > 0 && personPermille === 1000) personPermille = 999;
  return { bot: (1000 - personPermille) / 1000, person: personPermille / 1000 };
}
