import { zodResolver } from "@hookform/resolvers/zod";
import type { ContactReceipt, ContactRequest, ContactRequestInput } from "@parley/contracts";
import { contactRequestSchema } from "@parley/contracts";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { Trans, useErrorText, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { applyServerFieldErrors, contactTopics, ReceiptView } from "../../contact/public";
import { useSignedInUser } from "../../session/public";
import { useSendSupportRequest } from "../api";

const fieldNames = ["name", "email", "topic", "message"] as const;

export function SupportPage() {
  const { t } = useTranslation(["pages", "site", "common"]);
  const errorText = useErrorText();
  const serverText = useServerText();
  const fieldError = (message: string | undefined) => (message ? serverText(message) : undefined);
  useDocumentTitle(t("site:titles.support"));
  const { user } = useSignedInUser();
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const send = useSendSupportRequest();

  const defaults: ContactRequestInput = { name: user.name, email: user.email, topic: "support", message: "" };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    send.reset();
    try {
      setReceipt(await send.mutateAsync(values));
      reset(defaults);
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldNames);
    }
  });
  const busy = isSubmitting || send.isPending;

  return (
    <div className="container app-page">
      <header className="app-page-head">
        <h1>{t("support.title")}</h1>
        <p className="app-page-lead">{t("support.lead")}</p>
      </header>

      <div className="support-grid">
        <section className="card support-card" aria-label={t("support.formLabel")}>
          {receipt ? (
            <ReceiptView
              receipt={receipt}
              title={t("support.received")}
              againLabel={t("support.sendAnother")}
              onAgain={() => setReceipt(null)}
              note={<p className="dash-muted dash-small">{t("support.quoteReference")}</p>}
            />
          ) : (
            <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              <h2 className="form-title">{t("support.formTitle")}</h2>
              <div className="form-row">
                <Field label={t("support.name")} id="support-name" error={fieldError(errors.name?.message)}>
                  <input
                    id="support-name"
                    type="text"
                    autoComplete="name"
                    {...fieldAria("support-name", fieldError(errors.name?.message))}
                    {...register("name")}
                  />
                </Field>
                <Field
                  label={t("support.replyTo")}
                  id="support-email"
                  error={fieldError(errors.email?.message)}
                >
                  <input
                    id="support-email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    {...fieldAria("support-email", fieldError(errors.email?.message))}
                    {...register("email")}
                  />
                </Field>
              </div>
              <Field label={t("support.topic")} id="support-topic">
                <select id="support-topic" {...register("topic")}>
                  {contactTopics.map((topic) => (
                    <option key={topic.value} value={topic.value}>
                      {t(topic.label)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t("support.message")}
                id="support-message"
                error={fieldError(errors.message?.message)}
              >
                <textarea
                  id="support-message"
                  rows={7}
                  placeholder={t("support.messagePlaceholder")}
                  {...fieldAria("support-message", fieldError(errors.message?.message))}
                  {...register("message")}
                />
              </Field>

              {send.isError ? (
                <div className="alert alert-error" role="alert">
                  <strong>{t("support.notSent")}</strong> {errorText(send.error)}
                  {isApiError(send.error) && send.error.requestId ? (
                    <span className="alert-meta">{t("common:reference", { id: send.error.requestId })}</span>
                  ) : null}
                </div>
              ) : null}

              <div className="form-footer">
                <p className="form-hint">{t("support.hint")}</p>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  {busy ? t("support.sending") : t("support.send")}
                </button>
              </div>
            </form>
          )}
        </section>

        <aside className="support-aside" aria-label={t("support.asideLabel")}>
          <div className="card support-tip">
            <h2>{t("support.quickTitle")}</h2>
            <ul>
              <li>
                <Trans i18nKey="support.quickFaq" ns="pages" components={{ a: <Link to="/faq" /> }} />
              </li>
              <li>
                <Trans i18nKey="support.quickBilling" ns="pages" components={{ a: <Link to="/billing" /> }} />
              </li>
              <li>
                <Trans i18nKey="support.quickAccount" ns="pages" components={{ a: <Link to="/account" /> }} />
              </li>
            </ul>
          </div>
          <div className="card support-tip">
            <h2>{t("support.fasterTitle")}</h2>
            <p>{t("support.fasterBody")}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
