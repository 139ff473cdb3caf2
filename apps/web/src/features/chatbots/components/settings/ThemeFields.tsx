import { useTranslation } from "@parley/ui/i18n/react";
import { useFormContext } from "react-hook-form";
import { readableOn } from "../../chatbots";
import type { SettingsFormValues } from "../../settings-form";
import { FormField } from "../FormField";
import { TextField } from "./fields";

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ThemeFields() {
  const { t } = useTranslation("builder");
  const { register, watch, setValue } = useFormContext<SettingsFormValues>();
  const color = watch("primaryColor");
  const position = watch("position");
  const launcherText = watch("launcherText");
  const bubble = watch("bubbleEnabled") ? watch("bubbleText").trim() : "";
  const valid = HEX.test(color);

  return (
    <div className="theme-fields">
      <div className="theme-controls">
        <FormField<SettingsFormValues>
          name="primaryColor"
          id="settings-primaryColor"
          label={t("settings.theme.color")}
        >
          {(control) => (
            <div className="color-row">
              <input
                type="color"
                className="color-swatch"
                aria-label={t("settings.theme.pickColor")}
                value={valid ? color.toLowerCase() : "#4f46e5"}
                onChange={(event) =>
                  setValue("primaryColor", event.target.value, { shouldDirty: true, shouldValidate: true })
                }
              />
              <input type="text" className="color-hex" spellCheck={false} maxLength={7} {...control} />
            </div>
          )}
        </FormField>
        <fieldset className="field">
          <legend className="field-legend">{t("settings.theme.position")}</legend>
          <div className="segmented segmented-inline">
            {(["bottom-left", "bottom-right"] as const).map((value) => (
              <label key={value} className="segmented-option" data-checked={position === value}>
                <input type="radio" value={value} {...register("position")} />
                {value === "bottom-left" ? t("settings.theme.bottomLeft") : t("settings.theme.bottomRight")}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="launcherText"
          label={t("settings.theme.launcherText")}
          placeholder={t("settings.theme.launcherPlaceholder")}
          optional
        />
      </div>
      <figure className="theme-preview" aria-label={t("settings.theme.previewLabel")}>
        <div className="theme-preview-page" data-position={position}>
          <span className="theme-preview-line" />
          <span className="theme-preview-line theme-preview-line-short" />
          <span className="theme-preview-line" />
          {bubble ? <span className="theme-preview-bubble">{bubble}</span> : null}
          <span
            className="theme-preview-launcher"
            style={{ background: valid ? color : "#4f46e5", color: readableOn(color) }}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
            </svg>
            {launcherText.trim() || null}
          </span>
        </div>
        <figcaption className="field-hint">{t("settings.theme.preview")}</figcaption>
      </figure>
    </div>
  );
}
