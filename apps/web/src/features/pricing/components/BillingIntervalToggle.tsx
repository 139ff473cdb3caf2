import type { BillingInterval } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";

interface BillingIntervalToggleProps {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}

const options: {
  value: BillingInterval;
  label: "plans.interval.monthly" | "plans.interval.yearly";
  note?: "plans.interval.yearlyNote";
}[] = [
  { value: "monthly", label: "plans.interval.monthly" },
  { value: "yearly", label: "plans.interval.yearly", note: "plans.interval.yearlyNote" },
];

/** A segmented control built from native radio buttons: arrow keys and screen readers just work. */
export function BillingIntervalToggle({ value, onChange }: BillingIntervalToggleProps) {
  const name = useId();
  const { t } = useTranslation("site");
  return (
    <fieldset className="segmented">
      <legend className="sr-only">{t("plans.interval.legend")}</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented-option" data-checked={value === option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{t(option.label)}</span>
          {option.note ? <span className="segmented-note">{t(option.note)}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
