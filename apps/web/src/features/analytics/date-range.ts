/**
 * Date ranges for analytics. The API counts in whole UTC days (`from`..`to`, both inclusive), so
 * every date here is a UTC calendar day written YYYY-MM-DD; "today" is today in UTC.
 */

export type RangePreset = "7" | "30" | "90" | "custom";

export const PRESETS = [
  { id: "7", days: 7, label: "Last 7 days" },
  { id: "30", days: 30, label: "Last 30 days" },
  { id: "90", days: 90, label: "Last 90 days" },
] as const satisfies readonly { id: Exclude<RangePreset, "custom">; days: number; label: string }[];

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

/** Why a custom range cannot be used, in words for the form; null when it can. */
export function customRangeError(from: string, to: string): string | null {
  if (!isIsoDay(from)) return "Choose a start date";
  if (!isIsoDay(to)) return "Choose an end date";
  if (to < from) return "The end date must not be before the start date";
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return "Choose a range of at most a year";
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

const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthDayYear = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** "Mar 4" (a chart's axis). */
export const formatDay = (day: string) => monthDay.format(asDate(day));
/** "Mar 4, 2026". */
export const formatDayLong = (day: string) => monthDayYear.format(asDate(day));

/** "Mar 1 – 30, 2026", "Dec 2, 2025 – Jan 30, 2026", or one day "Mar 4, 2026". */
export function describeRange(from: string, to: string): string {
  if (from === to) return formatDayLong(from);
  if (from.slice(0, 4) === to.slice(0, 4)) return `${formatDay(from)} – ${formatDayLong(to)}`;
  return `${formatDayLong(from)} – ${formatDayLong(to)}`;
}
