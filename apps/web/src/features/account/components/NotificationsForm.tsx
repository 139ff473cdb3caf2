import type { NotificationMode } from "@parley/contracts";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useEffect, useState } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { FormNotice, SectionCard } from "../../../components/SectionCard";
import "../styles/notifications.css";
import { Button } from "@parley/ui/components/Button";

export const NOTIFICATION_MODES: readonly NotificationMode[] = ["each", "hourly", "none"];

export interface NotificationsFormProps {
  /** The active workspace's name, once known. */
  workspaceName: string | undefined;
  /** The member's own personal workspace (named in the reader's language, not by its stored name). */
  personal?: boolean;
  /** The saved choice; undefined while it loads. */
  current: NotificationMode | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  saving: boolean;
  saved: boolean;
  error: unknown;
  onChange: () => void;
  onSave: (mode: NotificationMode) => void;
}

/** The section itself: three choices with a line each, saved with a confirmation. */
export function NotificationsForm(props: NotificationsFormProps) {
  const { t } = useTranslation("account");
  const { current } = props;
  const [mode, setMode] = useState<NotificationMode | null>(current ?? null);

  // Start from the saved choice (again when it changes: another workspace, or just saved).
  useEffect(() => {
    setMode(current ?? null);
  }, [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode) props.onSave(mode);
  };

  return (
    <SectionCard
      title={t("notifications.title")}
      description={
        <p>
          <Trans
            t={t}
            i18nKey="notifications.description"
            values={{
              workspace: props.personal
                ? t("notifications.yourWorkspace")
                : (props.workspaceName ?? t("notifications.thisWorkspace")),
            }}
            components={{ ws: <bdi /> }}
          />
        </p>
      }
    >
      {props.loadFailed ? (
        <div className="alert alert-error" role="alert">
          <p>{t("notifications.loadFailed")}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={props.onRetry}>
            {t("notifications.retry")}
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <fieldset className="notify-choices" disabled={!mode || props.saving} aria-busy={!current}>
            <legend className="sr-only">{t("notifications.legend")}</legend>
            {NOTIFICATION_MODES.map((value) => (
              <label key={value} className="checkbox">
                <input
                  type="radio"
                  name="notification-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    props.onChange();
                  }}
                />
                <span>
                  {t(`notifications.${value}`)}
                  <span className="checkbox-hint">{t(`notifications.${value}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {props.saved ? <FormNotice tone="success">{t("notifications.saved")}</FormNotice> : null}
          {props.error ? <ErrorNotice error={props.error} /> : null}
          <div className="settings-actions">
            <Button
              type="submit"
              variant="primary"
              size="sm"
              disabled={!mode || mode === current}
              busy={props.saving}
              busyLabel={t("notifications.saving")}
            >
              {t("notifications.save")}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}
