import type { BillingInterval } from "@parley/contracts";
import { useId } from "react";

interface BillingIntervalToggleProps {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}

const options: { value: BillingInterval; label: string; note?: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly", note: "2 months free" },
];

/** A segmented control built from native radio buttons: arrow keys and screen readers just work. */
export function BillingIntervalToggle({ value, onChange }: BillingIntervalToggleProps) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="sr-only">Billing interval</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented-option" data-checked={value === option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
          {option.note ? <span className="segmented-note">{option.note}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
