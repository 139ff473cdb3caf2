import type { Language } from "./languages";

/**
 * Dates and numbers follow the language: Arabic month and day names on the Gregorian calendar,
 * with Western digits (the digits Gulf businesses print on invoices and receipts, and the same
 * digits as the prices, which the spec keeps in the en-US currency format in both languages).
 */
export function localeOf(language: Language): string {
  return language === "ar" ? "ar-BH-u-ca-gregory-nu-latn" : "en-US";
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let hit = cache.get(key) as T | undefined;
  if (!hit) {
    hit = make();
    cache.set(key, hit);
  }
  return hit;
}

export type DateStyle = "date" | "dateTime" | "time" | "monthDay" | "monthYear";

const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: "numeric", month: "short", day: "numeric" },
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  time: { hour: "numeric", minute: "2-digit" },
  monthDay: { month: "short", day: "numeric" },
  monthYear: { year: "numeric", month: "long" },
};

export function formatDate(
  language: Language,
  value: Date | string | number,
  style: DateStyle = "date",
  extra?: Intl.DateTimeFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const key = `d|${language}|${style}|${extra ? JSON.stringify(extra) : ""}`;
  return cached(
    key,
    () => new Intl.DateTimeFormat(localeOf(language), { ...dateOptions[style], ...extra }),
  ).format(date);
}

export function formatNumber(language: Language, value: number, options?: Intl.NumberFormatOptions): string {
  const key = `n|${language}|${options ? JSON.stringify(options) : ""}`;
  return cached(key, () => new Intl.NumberFormat(localeOf(language), options)).format(value);
}

export function formatPercent(language: Language, ratio: number, fractionDigits = 0): string {
  return formatNumber(language, ratio, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** "3 minutes ago", "قبل ٣ دقائق" (with Western digits). */
export function formatRelative(language: Language, value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const key = `r|${language}`;
  return cached(key, () => new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto" })).format(
    value,
    unit,
  );
}

/** The best unit for the time between `then` and `now`, as a relative phrase. */
export function formatSince(language: Language, then: Date | string | number, now = Date.now()): string {
  const ms = (then instanceof Date ? then.getTime() : new Date(then).getTime()) - now;
  const abs = Math.abs(ms);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
  ];
  for (const [unit, size] of units)
    if (abs >= size) return formatRelative(language, Math.round(ms / size), unit);
  return formatRelative(language, Math.round(ms / 1000), "second");
}
