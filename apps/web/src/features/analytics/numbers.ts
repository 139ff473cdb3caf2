/** Figures as analytics shows them: the API's numbers, formatted en-US, never recomputed. */

const whole = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (value: number) => whole.format(value);

/** A 0..1 share as "83.3%"; "—" when there is nothing to divide (no questions, no ratings). */
export function formatShare(share: number | null): string {
  return share === null ? "—" : percent.format(share);
}

export type UsageLevel = "ok" | "warn" | "full" | "none";

export const USAGE_WARN_AT = 0.8;

export interface UsageView {
  level: UsageLevel;
  /** 0..100 for the bar's width. */
  percent: number;
}

/** Where this month's messages stand against the plan: warn from 80 %, full at the limit. */
export function usageView(used: number, limit: number): UsageView {
  if (limit <= 0) return { level: "none", percent: 0 };
  const share = used / limit;
  return {
    level: share >= 1 ? "full" : share >= USAGE_WARN_AT ? "warn" : "ok",
    percent: Math.min(100, Math.round(share * 1000) / 10),
  };
}
