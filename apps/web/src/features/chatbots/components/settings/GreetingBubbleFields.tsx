import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import type { SettingsFormValues } from "../../settings-form";
import { NumberField, Switch, TextField } from "./fields";

/** The proactive greeting beside the closed launcher: on/off, its text, and when it shows. */
export function GreetingBubbleFields() {
  const { t } = useTranslation("builder");
  const on = useFormContext<SettingsFormValues>().watch("bubbleEnabled");
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
          <NumberField name="bubbleDelay" />
        </div>
      ) : null}
    </div>
  );
}
