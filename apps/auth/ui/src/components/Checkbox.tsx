import { useId } from "react";

/**
 * A checkbox with its label after it (`.checkbox` in styles.css). Not in @parley/ui: the web app's
 * `.checkbox` is a different, settings-page pattern (a label wrapping the input, with a hint).
 */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
