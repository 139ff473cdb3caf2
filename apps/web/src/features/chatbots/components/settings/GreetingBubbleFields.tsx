import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { useFormMessage } from "../../form-message";
import type { SettingsFormValues } from "../../settings-form";
import { Switch, TextField } from "./fields";

/** The proactive greeting beside the closed launcher: on/off, its text, and when it shows. */
export function GreetingBubbleFields() {
  const { t } = useTranslation("builder");
  const formMessage = useFormMessage();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const on = watch("bubbleEnabled");
  const error = formMessage(errors.bubbleDelay?.message);
  return (
    <div className="bubble-fields">
      <Switch name="bubbleEnabled" label={t("settings.bubble.label")} hint={t("settings.bubble.hint")} />
      {on ? (
        <div className="bubble-fields-detail">
          <TextField
            name="bubbleText"
            label={t("settings.bubble.text")}
            placeholder={t("settings.bubble.textPlaceholder")}
          />
          <Field
            label={t("settings.bubble.delay")}
            id="settings-bubbleDelay"
            error={error}
            hint={t("settings.bubble.delayHint")}
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
              <span className="input-suffix-text">{t("settings.bubble.seconds")}</span>
            </div>
          </Field>
        </div>
      ) : null}
    </div>
  );
}
