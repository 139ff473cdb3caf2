import { useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { DateRangeFields } from "../../../components/DateRangeFields";
import { customRangeError, type DateRange, PRESETS, presetRange, type RangeProblem } from "../date-range";

interface RangePickerProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** Today's UTC day: the latest day a custom range can end on. */
  today: string;
}

/** Last 7 / 30 / 90 days, or a custom range applied with its own button. */
export function RangePicker({ range, onChange, today }: RangePickerProps) {
  const { t } = useTranslation("inbox");
  const id = useId();
  const [customOpen, setCustomOpen] = useState(range.preset === "custom");
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<RangeProblem | null>(null);
  const showCustom = customOpen || range.preset === "custom";

  const apply = () => {
    const problem = customRangeError(from, to);
    setError(problem);
    if (!problem) onChange({ preset: "custom", from, to });
  };

  return (
    <div className="range-picker">
      <fieldset className="range-presets">
        <legend className="sr-only">{t("analytics.range.label")}</legend>
        {PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="range-option"
            aria-pressed={range.preset === preset.id && !customOpen}
            onClick={() => {
              setCustomOpen(false);
              setError(null);
              onChange({ preset: preset.id, ...presetRange(preset.days, today) });
            }}
          >
            <span className="range-last">{t("analytics.range.last")}</span>
            {t("analytics.range.days", { count: preset.days })}
          </button>
        ))}
        <button
          type="button"
          className="range-option"
          aria-pressed={showCustom}
          aria-expanded={showCustom}
          aria-controls={`${id}-custom`}
          onClick={() => {
            setFrom(range.from);
            setTo(range.to);
            setCustomOpen(true);
          }}
        >
          {t("analytics.range.custom")}
        </button>
      </fieldset>
      {showCustom ? (
        <form
          id={`${id}-custom`}
          className="range-custom"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <DateRangeFields
            id={id}
            className="an-field"
            latest={today}
            labels={{ from: t("analytics.range.from"), to: t("analytics.range.to") }}
            from={from}
            to={to}
            onChange={(end, day) => (end === "from" ? setFrom(day) : setTo(day))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn-secondary btn-sm">
            {t("analytics.range.apply")}
          </button>
          {error ? (
            <p id={`${id}-error`} className="field-error range-error" role="alert">
              {t(`analytics.range.errors.${error}`)}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
