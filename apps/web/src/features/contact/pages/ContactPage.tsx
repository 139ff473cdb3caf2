import { zodResolver } from "@hookform/resolvers/zod";
import type { ContactReceipt, ContactRequest, ContactRequestInput } from "@parley/contracts";
import { contactRequestSchema } from "@parley/contracts";
import { Field } from "@parley/ui/components/Field";
import { Trans, useErrorText, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { useSendContactRequest } from "../api";
import { ReceiptView } from "../components/ReceiptView";
import { applyServerFieldErrors } from "../form-errors";
import { contactTopics, topicFromQuery } from "../topics";

const fieldNames = ["name", "email", "company", "topic", "message"] as const;

export function ContactPage() {
  const { t } = useTranslation(["pages", "site", "common"]);
  const errorText = useErrorText();
  const serverText = useServerText();
  const fieldError = (message: string | undefined) => (message ? serverText(message) : undefined);
  useDocumentTitle(t("site:titles.contact"));
  const [searchParams] = useSearchParams();
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const send = useSendContactRequest();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: {
      name: "",
      email: "",
      company: "",
      topic: topicFromQuery(searchParams.get("topic")),
      message: "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    send.reset();
    try {
      const result = await send.mutateAsync({ ...values, company: values.company || undefined });
      setReceipt(result);
      reset();
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldNames);
    }
  });

  const busy = isSubmitting || send.isPending;

  return (
    <section className="section">
      <div className="container contact-grid">
        <div className="contact-intro">
          <p className="eyebrow">{t("contact.eyebrow")}</p>
          <h1>{t("contact.title")}</h1>
          <p className="lead">{t("contact.lead")}</p>
          <ul className="contact-points">
            <li>
              <Trans i18nKey="contact.points.sales" ns="pages" components={{ b: <strong /> }} />
            </li>
            <li>
              <Trans i18nKey="contact.points.onboarding" ns="pages" components={{ b: <strong /> }} />
            </li>
            <li>
              <Trans i18nKey="contact.points.billing" ns="pages" components={{ b: <strong /> }} />
            </li>
          </ul>
          <p className="muted">
            <Trans i18nKey="contact.faqNote" ns="pages" components={{ a: <Link to="/faq" /> }} />
          </p>
        </div>

        <div className="card contact-card">
          {receipt ? (
            <ReceiptView
              receipt={receipt}
              title={t("contact.sent")}
              againLabel={t("contact.sendAnother")}
              onAgain={() => setReceipt(null)}
            />
          ) : (
            <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              <h2 className="form-title">{t("contact.formTitle")}</h2>
              <div className="form-row">
                <Field label={t("contact.name")} id="contact-name" error={fieldError(errors.name?.message)}>
                  <input
                    id="contact-name"
                    type="text"
                    autoComplete="name"
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={errors.name ? "contact-name-error" : undefined}
                    {...register("name")}
                  />
                </Field>
                <Field
                  label={t("contact.email")}
                  id="contact-email"
                  error={fieldError(errors.email?.message)}
                >
                  <input
                    id="contact-email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={errors.email ? "contact-email-error" : undefined}
                    {...register("email")}
                  />
                </Field>
              </div>
              <div className="form-row">
                <Field
                  label={t("contact.company")}
                  optional
                  id="contact-company"
                  error={fieldError(errors.company?.message)}
                >
                  <input
                    id="contact-company"
                    type="text"
                    autoComplete="organization"
                    aria-invalid={errors.company ? true : undefined}
                    aria-describedby={errors.company ? "contact-company-error" : undefined}
                    {...register("company")}
                  />
                </Field>
                <Field
                  label={t("contact.topic")}
                  id="contact-topic"
                  error={fieldError(errors.topic?.message)}
                >
                  <select id="contact-topic" {...register("topic")}>
                    {contactTopics.map((topic) => (
                      <option key={topic.value} value={topic.value}>
                        {t(topic.label)}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Field
                label={t("contact.message")}
                id="contact-message"
                error={fieldError(errors.message?.message)}
              >
                <textarea
                  id="contact-message"
                  rows={6}
                  placeholder={t("contact.messagePlaceholder")}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? "contact-message-error" : undefined}
                  {...register("message")}
                />
              </Field>

              {send.isError ? (
                <div className="alert alert-error" role="alert">
                  <strong>{t("contact.notSent")}</strong> {errorText(send.error)}
                  {isApiError(send.error) && send.error.requestId ? (
                    <span className="alert-meta">{t("common:reference", { id: send.error.requestId })}</span>
                  ) : null}
                </div>
              ) : null}

              <div className="form-footer">
                <p className="form-hint">{t("contact.hint")}</p>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  {busy ? t("contact.sending") : t("contact.send")}
                </button>
              </div>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
