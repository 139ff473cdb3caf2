import { useFormContext } from "react-hook-form";
import { FormField, fieldAria } from "../../../../components/FormField";
import type { SettingsFormValues } from "../../settings-form";
import { Switch, TextField } from "./fields";

/** The proactive greeting beside the closed launcher: on/off, its text, and when it shows. */
export function GreetingBubbleFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const on = watch("bubbleEnabled");
  const error = errors.bubbleDelay?.message;
  return (
    <div className="bubble-fields">
      <Switch
        name="bubbleEnabled"
        label="Greet visitors with a bubble"
        hint="A short message beside the launcher invites visitors to chat. Someone who closes it, or opens the chat, doesn't see it again."
      />
      {on ? (
        <div className="bubble-fields-detail">
          <TextField
            name="bubbleText"
            label="Bubble text"
            placeholder="Questions about your order? Ask me!"
          />
          <FormField
            label="Show it after"
            id="settings-bubbleDelay"
            error={error}
            hint="Seconds after the page opens (it waits for the chat to load in the background)."
          >
            <div className="input-suffix">
              <input
                id="settings-bubbleDelay"
                type="number"
                min={0}
                max={300}
                inputMode="numeric"
                {...fieldAria("settings-bubbleDelay", error, true)}
                {...register("bubbleDelay", { valueAsNumber: true })}
              />
              <span className="input-suffix-text">seconds</span>
            </div>
          </FormField>
        </div>
      ) : null}
    </div>
  );
}
