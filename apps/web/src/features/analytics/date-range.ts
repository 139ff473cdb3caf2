import { formatDate, type Language } from "@parley/ui/i18n";

/**
 * Date ranges for analytics. The API counts in whole UTC days (`from`..`to`, both inclusive), so
 * every date here is a UTC calendar day written YYYY-MM-DD; "today" is today in UTC.
 */

export type RangePreset = "7" | "30" | "90" | "custom";

/** "Last 7 days", "Last 30 days", "Last 90 days". */
export const PRESETS = [
  { id: "7", days: 7 },
  { id: "30", days: 30 },
  { id: "90", days: 90 },
] as const satisfies readonly { id: Exclude<RangePreset, "custom">; days: number }[];

export const DEFAULT_PRESET = "30";
/** The API refuses longer ranges ("Choose a range of at most a year"). */
export const MAX_RANGE_DAYS = 366;

export interface DateRange {
  preset: RangePreset;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC calendar day of an instant. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** The last `days` days, today included. */
export function presetRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Why a custom range cannot be used (a key of `inbox:analytics.range.errors`); null when it can. */
export type RangeProblem = "noStart" | "noEnd" | "endBeforeStart" | "tooLong";

export function customRangeError(from: string, to: string): RangeProblem | null {
  if (!isIsoDay(from)) return "noStart";
  if (!isIsoDay(to)) return "noEnd";
  if (to < from) return "endBeforeStart";
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return "tooLong";
  return null;
}

/**
 * The range a query string asks for (`?range=7|30|90` or `?range=custom&from=…&to=…`). Anything
 * missing or invalid falls back to the last 30 days, so an edited link never breaks the page.
 */
export function rangeFromSearch(params: URLSearchParams, today: string): DateRange {
  const preset = params.get("range");
  const known = PRESETS.find((p) => p.id === preset);
  if (known) return { preset: known.id, ...presetRange(known.days, today) };
  if (preset === "custom") {
    const from = params.get("from") ?? "";
    const to = params.get("to") ?? "";
    if (customRangeError(from, to) === null) return { preset: "custom", from, to };
  }
  return { preset: DEFAULT_PRESET, ...presetRange(30, today) };
}

/** Writes a range (and keeps other parameters, such as the chatbot) into a query string. */
export function rangeToSearch(
  range: DateRange,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  params.delete("from");
  params.delete("to");
  params.set("range", range.preset);
  if (range.preset === "custom") {
    params.set("from", range.from);
    params.set("to", range.to);
  }
  return params;
}

const UTC = { timeZone: "UTC" } as const;
const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** "Mar 4" (a chart's axis). */
export const formatDay = (language: Language, day: string) =>
  formatDate(language, asDate(day), "monthDay", UTC);
/** "Mar 4, 2026". */
export const formatDayLong = (language: Language, day: string) =>
  formatDate(language, asDate(day), "date", UTC);

/** "Mar 1 – Mar 30, 2026", "Dec 2, 2025 – Jan 30, 2026", or one day "Mar 4, 2026". */
export function describeRange(language: Language, from: string, to: string): string {
  if (from === to) return formatDayLong(language, from);
  if (from.slice(0, 4) === to.slice(0, 4))
    return `${formatDay(language, from)} – ${formatDayLong(language, to)}`;
  return `${formatDayLong(language, from)} – ${formatDayLong(language, to)}`;
}
