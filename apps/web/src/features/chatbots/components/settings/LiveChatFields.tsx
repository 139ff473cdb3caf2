import { localeOf } from "@parley/ui/i18n/format";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useId, useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { browserTimeZone, timeZoneChoices } from "../../live-chat-form";
import type { SettingsFormValues } from "../../settings-form";
import { FormField } from "../FormField";
import { BuilderSection, ChoiceGroup, NumberField, Switch, TextField, useSettingsForm } from "./fields";

/** Sunday 1 January 2023 and the six days after it: the weekday names, Sunday first. */
const WEEK = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2023, 0, 1 + day)));
/** The date style without its date: the weekday alone, in the UI's language. */
const WEEKDAY: Intl.DateTimeFormatOptions = {
  year: undefined,
  month: undefined,
  day: undefined,
  weekday: "long",
  timeZone: "UTC",
};

/** "GMT+3" (in the UI's language) for a zone now; empty if the browser cannot say. */
function offsetOf(zone: string, locale: string, at: Date): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "shortOffset" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? ""
    );
  } catch {
    return "";
  }
}

/** The Live chat section of the Settings tab. */
export function LiveChatSection() {
  const { t } = useTranslation("builder");
  return (
    <BuilderSection title={t("settings.liveChat.title")} description={t("settings.liveChat.description")}>
      <LiveChatFields />
    </BuilderSection>
  );
}

/**
 * Whether visitors may ask for a person; then when someone is in (always, or office hours in a
 * time zone) and what the bot says, in the default language (both languages' texts are under
 * Languages when the bot speaks two).
 */
export function LiveChatFields() {
  const { t } = useTranslation("builder");
  const { control, register } = useFormContext<SettingsFormValues>();
  const on = useWatch({ control, name: "handoffEnabled" });
  const hours = useWatch({ control, name: "handoffHours" });
  const bilingual = useWatch({ control, name: "bilingual" });
  const language = useWatch({ control, name: "defaultLanguage" });
  const id = useId();

  return (
    <div className="live-chat-fields">
      <Switch
        name="handoffEnabled"
        label={t("settings.liveChat.enabled")}
        hint={t("settings.liveChat.enabledHint")}
      />
      {on ? (
        <div className="live-chat-detail">
          <ChoiceGroup
            legend={t("settings.liveChat.hours")}
            control={register("handoffHours")}
            choices={[
              {
                value: "always",
                title: t("settings.liveChat.always"),
                hint: t("settings.liveChat.alwaysHint"),
                hintId: `${id}-always`,
              },
              {
                value: "hours",
                title: t("settings.liveChat.setHours"),
                hint: t("settings.liveChat.setHoursHint"),
                hintId: `${id}-hours`,
              },
            ]}
          />

          {hours === "hours" ? (
            <div className="office-hours">
              <TimeZoneField />
              <WeekFields />
            </div>
          ) : null}

          <NumberField name="handoffWaitSeconds" />

          {bilingual ? (
            <p className="field-hint">{t("settings.liveChat.textsUnderLanguages")}</p>
          ) : (
            (["handoffReply", "offHoursReply"] as const).map((name) => (
              <TextField
                key={name}
                name={name}
                label={t(`settings.liveChat.${name}`)}
                hint={t(`settings.liveChat.${name}Hint`)}
                language={language}
                multiline
                rows={3}
              />
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The office hours' time zone: the common ones first, then every zone the browser knows. */
function TimeZoneField() {
  const { t } = useTranslation("builder");
  const { language } = useLanguage();
  const stored = useFormContext<SettingsFormValues>().getValues("handoffTimeZone");
  const { common, others } = useMemo(() => timeZoneChoices([stored, browserTimeZone()]), [stored]);
  const labels = useMemo(() => {
    const locale = localeOf(language);
    const now = new Date();
    const out = new Map<string, string>();
    for (const zone of [...common, ...others]) {
      const offset = offsetOf(zone, locale, now);
      const name = zone.replaceAll("_", " ");
      out.set(zone, offset ? t("settings.liveChat.zoneOption", { zone: name, offset }) : name);
    }
    return out;
  }, [common, others, language, t]);
  const option = (zone: string) => (
    <option key={zone} value={zone}>
      {labels.get(zone) ?? zone}
    </option>
  );
  return (
    <FormField<SettingsFormValues>
      name="handoffTimeZone"
      id="settings-handoffTimeZone"
      label={t("settings.liveChat.timeZone")}
      hint={t("settings.liveChat.timeZoneHint")}
    >
      {(control) => (
        <select {...control}>
          <optgroup label={t("settings.liveChat.commonZones")}>{common.map(option)}</optgroup>
          {others.length > 0 ? (
            <optgroup label={t("settings.liveChat.allZones")}>{others.map(option)}</optgroup>
          ) : null}
        </select>
      )}
    </FormField>
  );
}

/** Sunday to Saturday: open or closed, and from when to when (the zone's wall clock). */
function WeekFields() {
  const { t } = useTranslation("builder");
  const format = useFormat();
  const { control, register, errors, formMessage } = useSettingsForm();
  const days = useWatch({ control, name: "handoffDays" });
  const id = useId();

  return (
    <fieldset className="field week-fields" aria-describedby={`${id}-hint`}>
      <legend className="field-legend">{t("settings.liveChat.days")}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {t("settings.liveChat.daysHint")}
      </p>
      <ul className="week-days">
        {WEEK.map((date, index) => {
          const name = format.date(date, "date", WEEKDAY);
          const open = days?.[index]?.open ?? false;
          const dayErrors = errors.handoffDays?.[index];
          const error = formMessage(dayErrors?.to?.message ?? dayErrors?.from?.message);
          const errorId = `${id}-${index}-error`;
          const aria = {
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId : undefined,
          };
          return (
            <li key={date.getTime()} className={`week-day${error ? " field-invalid" : ""}`}>
              <div className="week-day-row">
                <label className="week-day-name">
                  <input type="checkbox" {...register(`handoffDays.${index}.open`)} />
                  {name}
                </label>
                {open ? (
                  <span className="week-day-times">
                    <input
                      type="time"
                      dir="ltr"
                      aria-label={t("settings.liveChat.opens", { day: name })}
                      {...(dayErrors?.from ? aria : {})}
                      {...register(`handoffDays.${index}.from`)}
                    />
                    <span className="week-day-until" aria-hidden="true">
                      {t("settings.liveChat.until")}
                    </span>
                    <input
                      type="time"
                      dir="ltr"
                      aria-label={t("settings.liveChat.closes", { day: name })}
                      {...(dayErrors?.to ? aria : {})}
                      {...register(`handoffDays.${index}.to`)}
                    />
                  </span>
                ) : (
                  <span className="week-day-closed">{t("settings.liveChat.closed")}</span>
                )}
              </div>
              {error ? (
                <p id={errorId} className="field-error">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
