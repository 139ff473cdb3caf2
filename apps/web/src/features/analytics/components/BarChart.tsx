import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { barHeight, barSlots, labelStride, peakIndex, yScale } from "../chart";
import { formatCount } from "../numbers";

export interface BarDatum {
  key: string;
  value: number;
  /** Under the bar, when there is room ("Mar 4", "6 AM"). */
  axisLabel: string;
  /** In the data table and the tooltip ("Mar 4, 2026", "6 AM – 7 AM"). */
  fullLabel: string;
}

export interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  /** What is counted: picks the sentences, the tooltip and the table header. */
  unit: ChartUnit;
  /** The table's first column ("Day", "Hour (UTC)"). */
  categoryHeader: string;
  labelSteps: readonly number[];
  /** Pixel width an axis label needs. */
  labelWidth?: number;
  height?: number;
  tone?: "indigo" | "violet" | "teal";
}

export type ChartUnit = "conversations" | "messages" | "questions";

/** `start` holds the y axis's numbers: the left in English, the right in Arabic. */
const MARGIN = { top: 10, end: 4, bottom: 26, start: 36 };

/** The chart's width follows its box, so text stays the same size on a phone and a desktop. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width;
      if (next !== undefined) setWidth(Math.round(next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A bar chart in inline SVG. For screen readers it is one image with a summary (its `<title>` and
 * `<desc>`), followed by a visually hidden table with every value.
 */
export function BarChart({
  title,
  data,
  unit,
  categoryHeader,
  labelSteps,
  labelWidth = 44,
  height = 200,
  tone = "indigo",
}: BarChartProps) {
  const id = useId();
  const { t } = useTranslation("inbox");
  // Time runs right to left in Arabic: the first day (or hour) is on the right, the axis too.
  const rtl = useLanguage().dir === "rtl";
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const values = data.map((d) => d.value);
  const total = values.reduce((sum, v) => sum + v, 0);
  const peak = peakIndex(values);
  const scale = yScale(Math.max(0, ...values));
  const plotWidth = Math.max(0, width - MARGIN.start - MARGIN.end);
  /** An x position (of something `w` wide) in reading direction. */
  const along = (x: number, w = 0) => (rtl ? plotWidth - x - w : x);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const slots = barSlots(data.length, plotWidth, data.length > 40 ? 0.8 : 0.65);
  const stride = labelStride(data.length, plotWidth, labelWidth, labelSteps);
  const peakDatum = peak >= 0 ? data[peak] : undefined;
  const summary =
    total === 0
      ? t(`analytics.units.${unit}.none`)
      : t(`analytics.units.${unit}.summary`, {
          total: formatCount(total),
          peak: formatCount(peakDatum?.value ?? 0),
          when: peakDatum?.fullLabel ?? "",
        });

  return (
    <figure className={`chart chart-${tone}`}>
      <div ref={boxRef} className="chart-box" style={{ height }}>
        {width > 0 ? (
          <svg
            width={width}
            height={height}
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            className="chart-svg"
            // Positions below are computed for each direction, so anchors are meant left to right.
            direction="ltr"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            <g transform={`translate(${rtl ? MARGIN.end : MARGIN.start} ${MARGIN.top})`}>
              {scale.ticks.map((tick) => {
                const y = plotHeight - barHeight(tick, scale.max, plotHeight);
                return (
                  <g key={tick} className="chart-tick">
                    <line x1={0} x2={plotWidth} y1={y} y2={y} />
                    <text x={rtl ? plotWidth + 8 : -8} y={y} dy="0.32em" textAnchor={rtl ? "start" : "end"}>
                      {formatCount(tick)}
                    </text>
                  </g>
                );
              })}
              {data.map((d, i) => {
                const slot = slots[i];
                if (!slot) return null;
                const h = barHeight(d.value, scale.max, plotHeight);
                return (
                  <g key={d.key} className="chart-slot">
                    <rect
                      className="chart-bar"
                      x={along(slot.x, slot.width)}
                      y={plotHeight - h}
                      width={slot.width}
                      height={h}
                      rx={Math.min(3, slot.width / 3)}
                    />
                    {/* The whole slot shows the tooltip, so thin bars and empty days are easy to hover. */}
                    <rect
                      className="chart-hit"
                      x={along(slot.center) - plotWidth / data.length / 2}
                      y={0}
                      width={plotWidth / data.length}
                      height={plotHeight}
                    >
                      <title>
                        {t(`analytics.units.${unit}.tooltip`, {
                          label: d.fullLabel,
                          value: formatCount(d.value),
                        })}
                      </title>
                    </rect>
                    {i % stride === 0 ? (
                      <text
                        className="chart-axis-label"
                        x={along(slot.center)}
                        y={plotHeight + 17}
                        textAnchor="middle"
                        // "4 مارس" reads with its day first (on the right) in Arabic.
                        direction={rtl ? "rtl" : "ltr"}
                      >
                        {d.axisLabel}
                      </text>
                    ) : null}
                  </g>
                );
              })}
              <line className="chart-baseline" x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} />
            </g>
          </svg>
        ) : null}
        {total === 0 ? (
          <p className="chart-empty" aria-hidden="true">
            {t(`analytics.units.${unit}.empty`)}
          </p>
        ) : null}
      </div>
      {/* A table ignores width and height, so the hiding box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              <th scope="col">{t(`analytics.units.${unit}.header`)}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.fullLabel}</th>
                <td>{formatCount(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
