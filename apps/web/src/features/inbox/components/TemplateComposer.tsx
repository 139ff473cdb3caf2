import {
  fillTemplate,
  TEMPLATE_PARAMETER_MAX,
  type Transcript,
  templatePlaceholders,
  type WhatsappTemplate,
} from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useId, useState } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useSendTemplate, useTemplates } from "../live-api";

const keyOf = (t: Pick<WhatsappTemplate, "name" | "language">) => `${t.name}:${t.language}`;

/**
 * Past WhatsApp's 24-hour window only an approved template may be sent: pick one of the business's
 * templates (as Meta lists them now), fill its values, see what the customer will read, send.
 * The customer's answer reopens the window for free replies.
 */
export function TemplateComposer({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation("inbox");
  const id = useId();
  const templates = useTemplates(transcript._id, true);
  const send = useSendTemplate(transcript._id);
  const [chosen, setChosen] = useState("");
  const [values, setValues] = useState<string[]>([]);

  const list = templates.data ?? [];
  const template = list.find((candidate) => keyOf(candidate) === chosen);
  const placeholders = template ? templatePlaceholders(template.body) : [];
  const filled = placeholders.map((_, i) => (values[i] ?? "").trim());
  const ready = Boolean(template) && filled.every((v) => v.length > 0) && !send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template || !ready) return;
    send.mutate(
      { name: template.name, language: template.language, parameters: filled },
      {
        onSuccess: () => {
          setChosen("");
          setValues([]);
        },
      },
    );
  };

  return (
    <form className="tr-reply tr-template" onSubmit={submit} aria-busy={send.isPending || undefined}>
      <div className="tr-reply-head">
        <label htmlFor={`${id}-template`} className="tr-reply-label">
          {t("template.label")}
        </label>
      </div>
      {templates.isPending ? (
        <p className="tr-reply-hint">{t("template.loading")}</p>
      ) : templates.isError ? (
        <ErrorNotice error={templates.error} onRetry={() => void templates.refetch()} />
      ) : list.length === 0 ? (
        <p className="tr-reply-hint">{t("template.none")}</p>
      ) : (
        <>
          <div className="field">
            <select
              id={`${id}-template`}
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                setValues([]);
                send.reset();
              }}
            >
              <option value="">{t("template.choose")}</option>
              {list.map((candidate) => (
                <option key={keyOf(candidate)} value={keyOf(candidate)}>
                  {candidate.name} ({candidate.language})
                </option>
              ))}
            </select>
          </div>
          {template ? (
            <>
              {placeholders.map((n, index) => (
                <div className="field" key={`${chosen}-${n}`}>
                  <label htmlFor={`${id}-value-${index + 1}`}>{t("template.value", { n: index + 1 })}</label>
                  <input
                    id={`${id}-value-${index + 1}`}
                    dir="auto"
                    maxLength={TEMPLATE_PARAMETER_MAX}
                    value={values[index] ?? ""}
                    onChange={(event) => {
                      const next = [...values];
                      // One line each, as WhatsApp requires: a pasted line break becomes a space.
                      next[index] = event.target.value.replace(/[\r\n\t]+/g, " ");
                      setValues(next);
                    }}
                  />
                </div>
              ))}
              <div className="tr-template-preview">
                <span className="tr-reply-hint">{t("template.preview")}</span>
                <div className="tr-bubble tr-template-text" dir="auto">
                  {fillTemplate(
                    template.body,
                    filled.map((v, i) => v || `{{${i + 1}}}`),
                  )}
                </div>
              </div>
            </>
          ) : null}
          <div className="tr-reply-foot">
            <span className="tr-reply-hint">{t("template.hint")}</span>
            <button type="submit" className="btn btn-primary btn-sm" disabled={!ready}>
              {send.isPending ? t("handle.sending") : t("template.send")}
            </button>
          </div>
        </>
      )}
      {send.isError ? <ErrorNotice error={send.error} /> : null}
    </form>
  );
}
