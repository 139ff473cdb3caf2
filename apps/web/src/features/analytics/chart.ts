import { formatDate, type Language } from "@parley/ui/i18n";

/**
 * The arithmetic behind the SVG charts: a y axis with round tick values, bar positions, and
 * which x labels fit. Counts only, so ticks are whole numbers.
 */

export interface YScale {
  /** The top of the axis (≥ the largest value). */
  max: number;
  /** Tick values from 0 to `max`, evenly spaced. */
  ticks: number[];
}

/** The smallest step of the form 1, 2 or 5 × 10ⁿ (and at least 1) that is ≥ `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * power;
    // Guard against 0.1 * 3 style float noise by rounding to the power's precision.
    if (step >= raw - 1e-9) return step;
  }
  return 10 * power;
}

/** A y axis for values up to `maxValue` with about `targetTicks` intervals. An empty chart gets 0–1. */
export function yScale(maxValue: number, targetTicks = 4): YScale {
  if (!(maxValue > 0)) return { max: 1, ticks: [0, 1] };
  const step = niceStep(maxValue / targetTicks);
  const max = Math.ceil(maxValue / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= max; v += step) ticks.push(v);
  return { max, ticks };
}

/** Pixel height of `value` on an axis of `height` px topping out at `max`. */
export function barHeight(value: number, max: number, height: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  return Math.min(height, (value / max) * height);
}

export interface BarSlot {
  x: number;
  width: number;
  /** Centre of the slot, where its label goes. */
  center: number;
}

/**
 * `count` bars across `width` px: equal slots, each bar filling `fill` of its slot (at least
 * 1 px), centred.
 */
export function barSlots(count: number, width: number, fill = 0.7): BarSlot[] {
  if (count <= 0 || width <= 0) return [];
  const slot = width / count;
  const barWidth = Math.max(1, slot * fill);
  return Array.from({ length: count }, (_, i) => ({
    x: i * slot + (slot - barWidth) / 2,
    width: barWidth,
    center: i * slot + slot / 2,
  }));
}

/**
 * Label every n-th bar so labels `labelWidth` px wide never touch: 1 when all fit, then 2, 3, 7,
 * 14… for days (whole weeks read better) and 2, 3, 6, 12 for hours.
 */
export function labelStride(
  count: number,
  width: number,
  labelWidth: number,
  steps: readonly number[],
): number {
  if (count <= 0 || width <= 0) return 1;
  const slot = width / count;
  for (const step of steps) if (slot * step >= labelWidth) return step;
  return steps[steps.length - 1] ?? 1;
}

export const DAY_LABEL_STEPS = [1, 2, 3, 7, 14, 30, 61] as const;
export const HOUR_LABEL_STEPS = [1, 2, 3, 6, 12] as const;

/** "12 AM", "6 AM", "12 PM", "6 PM" (Arabic: "12 ص", "6 م"). */
export function hourLabel(hour: number, language: Language): string {
  const h = ((hour % 24) + 24) % 24;
  return formatDate(language, Date.UTC(2000, 0, 1, h), "time", {
    minute: undefined,
    timeZone: "UTC",
  }).replace(/\u202f/g, " ");
}

/** "12 AM – 1 AM" for a table row or a tooltip. */
export const hourRangeLabel = (hour: number, language: Language) =>
  `${hourLabel(hour, language)} – ${hourLabel(hour + 1, language)}`;

/** Index of the largest value (the first on ties), or -1 when all are 0. */
export function peakIndex(values: readonly number[]): number {
  let best = -1;
  let bestValue = 0;
  values.forEach((value, i) => {
    if (value > bestValue) {
      best = i;
      bestValue = value;
    }
  });
  return best;
}
