import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  webhookUrlSchema,
} from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useId, useState } from "react";

export interface EndpointFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/**
 * An endpoint's address, description, events and on/off, checked with the contract's own rules
 * before it is sent (the API checks them again, and refuses private addresses).
 */
export function EndpointForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  initial?: EndpointFormValues;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: EndpointFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("webhooks");
  const errorText = useErrorText();
  const id = useId();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(initial?.events ?? ["lead.created"]);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: "url" | "events" | null; text: string } | null>(null);

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!webhookUrlSchema.safeParse(url).success) {
      setProblem({ field: "url", text: t("form.invalidUrl") });
      return;
    }
    if (events.length === 0) {
      setProblem({ field: "events", text: t("form.noEvents") });
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ url: url.trim(), description: description.trim(), events, enabled });
    } catch (error) {
      setProblem({ field: null, text: errorText(error as { code?: string; message?: string }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form webhook-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t("form.url")}</label>
        <input
          id={`${id}-url`}
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("form.urlPlaceholder")}
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          aria-invalid={problem?.field === "url" || undefined}
          aria-describedby={`${id}-url-hint`}
          onChange={(e) => setUrl(e.target.value)}
        />
        <span id={`${id}-url-hint`} className="field-hint">
          {t("form.urlHelp")}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-desc`}>{t("form.description")}</label>
        <input
          id={`${id}-desc`}
          type="text"
          dir="auto"
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset className="webhook-events" aria-invalid={problem?.field === "events" || undefined}>
        <legend>{t("form.events")}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            <span>
              {t(`events.${event}`)}
              <code className="checkbox-hint" dir="ltr">
                {event}
              </code>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <span>{t("form.enabled")}</span>
      </label>
      {problem ? (
        <div className="alert alert-error" role="alert">
          {problem.text}
        </div>
      ) : null}
      <div className="webhook-form-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {t("form.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
