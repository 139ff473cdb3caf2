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

interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  /** "conversations", "messages": the unit in sentences and the table header. */
  unit: string;
  /** The table's first column ("Day", "Hour (UTC)"). */
  categoryHeader: string;
  labelSteps: readonly number[];
  /** Pixel width an axis label needs. */
  labelWidth?: number;
  height?: number;
  tone?: "indigo" | "violet" | "teal";
}

const MARGIN = { top: 10, right: 4, bottom: 26, left: 36 };

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
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const values = data.map((d) => d.value);
  const total = values.reduce((sum, v) => sum + v, 0);
  const peak = peakIndex(values);
  const scale = yScale(Math.max(0, ...values));
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const slots = barSlots(data.length, plotWidth, data.length > 40 ? 0.8 : 0.65);
  const stride = labelStride(data.length, plotWidth, labelWidth, labelSteps);
  const peakDatum = peak >= 0 ? data[peak] : undefined;
  const summary =
    total === 0
      ? `No ${unit} in this range.`
      : `${formatCount(total)} ${unit} in total; the most, ${formatCount(peakDatum?.value ?? 0)}, on ${peakDatum?.fullLabel ?? ""}.`;

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
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
              {scale.ticks.map((tick) => {
                const y = plotHeight - barHeight(tick, scale.max, plotHeight);
                return (
                  <g key={tick} className="chart-tick">
                    <line x1={0} x2={plotWidth} y1={y} y2={y} />
                    <text x={-8} y={y} dy="0.32em" textAnchor="end">
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
                      x={slot.x}
                      y={plotHeight - h}
                      width={slot.width}
                      height={h}
                      rx={Math.min(3, slot.width / 3)}
                    />
                    {/* The whole slot shows the tooltip, so thin bars and empty days are easy to hover. */}
                    <rect
                      className="chart-hit"
                      x={slot.center - plotWidth / data.length / 2}
                      y={0}
                      width={plotWidth / data.length}
                      height={plotHeight}
                    >
                      <title>{`${d.fullLabel}: ${formatCount(d.value)} ${unit}`}</title>
                    </rect>
                    {i % stride === 0 ? (
                      <text
                        className="chart-axis-label"
                        x={slot.center}
                        y={plotHeight + 17}
                        textAnchor="middle"
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
            No {unit} yet
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
              <th scope="col">{unit.charAt(0).toUpperCase() + unit.slice(1)}</th>
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
