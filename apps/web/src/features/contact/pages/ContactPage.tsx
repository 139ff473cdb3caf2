import { zodResolver } from "@hookform/resolvers/zod";
import type { ContactReceipt, ContactRequest, ContactRequestInput } from "@parley/contracts";
import { contactRequestSchema } from "@parley/contracts";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { isApiError } from "../../../app/api";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useSendContactRequest } from "../api";
import { ReceiptView } from "../components/ReceiptView";
import { applyServerFieldErrors } from "../form-errors";
import { contactTopics, topicFromQuery } from "../topics";

const fieldNames = ["name", "email", "company", "topic", "message"] as const;

export function ContactPage() {
  useDocumentTitle("Contact");
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
          <p className="eyebrow">Contact</p>
          <h1>Talk to the people behind Parley</h1>
          <p className="lead">
            Questions about plans, a chatbot that isn't answering the way you want, or an idea for working
            together? Send us a message and a real person will reply.
          </p>
          <ul className="contact-points">
            <li>
              <strong>Sales and plans.</strong> Not sure which plan fits your message volume? We'll size it
              with you.
            </li>
            <li>
              <strong>Onboarding help.</strong> We can help you import your help centre and tune your first
              chatbot's answers.
            </li>
            <li>
              <strong>Billing.</strong> Questions about BENEFIT or card payments, invoices, upgrades and
              downgrades.
            </li>
          </ul>
          <p className="muted">
            Looking for a quick answer? The <Link to="/faq">FAQ</Link> covers billing, data retention and
            models.
          </p>
        </div>

        <div className="card contact-card">
          {receipt ? (
            <ReceiptView
              receipt={receipt}
              title="Message sent"
              againLabel="Send another message"
              onAgain={() => setReceipt(null)}
            />
          ) : (
            <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              <h2 className="form-title">Send us a message</h2>
              <div className="form-row">
                <Field label="Name" id="contact-name" error={errors.name?.message}>
                  <input
                    id="contact-name"
                    type="text"
                    autoComplete="name"
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={errors.name ? "contact-name-error" : undefined}
                    {...register("name")}
                  />
                </Field>
                <Field label="Work email" id="contact-email" error={errors.email?.message}>
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
                <Field label="Company" optional id="contact-company" error={errors.company?.message}>
                  <input
                    id="contact-company"
                    type="text"
                    autoComplete="organization"
                    aria-invalid={errors.company ? true : undefined}
                    aria-describedby={errors.company ? "contact-company-error" : undefined}
                    {...register("company")}
                  />
                </Field>
                <Field label="Topic" id="contact-topic" error={errors.topic?.message}>
                  <select id="contact-topic" {...register("topic")}>
                    {contactTopics.map((topic) => (
                      <option key={topic.value} value={topic.value}>
                        {topic.label}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Field label="Message" id="contact-message" error={errors.message?.message}>
                <textarea
                  id="contact-message"
                  rows={6}
                  placeholder="Tell us about your website, your customers' most common questions, or what you need help with."
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? "contact-message-error" : undefined}
                  {...register("message")}
                />
              </Field>

              {send.isError ? (
                <div className="alert alert-error" role="alert">
                  <strong>Your message wasn't sent.</strong> {send.error.message}
                  {isApiError(send.error) && send.error.requestId ? (
                    <span className="alert-meta">Reference: {send.error.requestId}</span>
                  ) : null}
                </div>
              ) : null}

              <div className="form-footer">
                <p className="form-hint">We reply by email, usually within one business day.</p>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  {busy ? "Sending…" : "Send message"}
                </button>
              </div>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

function _formatReceivedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(date);
}

interface FieldProps {
  label: string;
  id: string;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}

function Field({ label, id, error, optional, children }: FieldProps) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field-optional">Optional</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
