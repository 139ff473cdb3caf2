import { zodResolver } from "@hookform/resolvers/zod";
import type { ContactReceipt, ContactRequest, ContactRequestInput } from "@parley/contracts";
import { contactRequestSchema } from "@parley/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { isApiError } from "../../../app/api";
import { FormField, fieldAria } from "../../../components/FormField";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ReceiptView } from "../../contact/components/ReceiptView";
import { applyServerFieldErrors } from "../../contact/form-errors";
import { contactTopics } from "../../contact/topics";
import { useSignedInUser } from "../../session/session-context";
import { useSendSupportRequest } from "../api";

const fieldNames = ["name", "email", "topic", "message"] as const;

export function SupportPage() {
  useDocumentTitle("Support");
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
        <h1>Support</h1>
        <p className="app-page-lead">
          Questions about your chatbot, your plan or your account? A person on our team reads every message
          and replies by email.
        </p>
      </header>

      <div className="support-grid">
        <section className="card support-card" aria-label="Support request">
          {receipt ? (
            <ReceiptView
              receipt={receipt}
              title="Request received"
              againLabel="Send another request"
              onAgain={() => setReceipt(null)}
              note={
                <p className="dash-muted dash-small">
                  Quote the reference if you write to us about this request.
                </p>
              }
            />
          ) : (
            <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              <h2 className="form-title">How can we help?</h2>
              <div className="form-row">
                <FormField label="Name" id="support-name" error={errors.name?.message}>
                  <input
                    id="support-name"
                    type="text"
                    autoComplete="name"
                    {...fieldAria("support-name", errors.name?.message)}
                    {...register("name")}
                  />
                </FormField>
                <FormField label="Reply to" id="support-email" error={errors.email?.message}>
                  <input
                    id="support-email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    {...fieldAria("support-email", errors.email?.message)}
                    {...register("email")}
                  />
                </FormField>
              </div>
              <FormField label="Topic" id="support-topic">
                <select id="support-topic" {...register("topic")}>
                  {contactTopics.map((topic) => (
                    <option key={topic.value} value={topic.value}>
                      {topic.label}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField label="Message" id="support-message" error={errors.message?.message}>
                <textarea
                  id="support-message"
                  rows={7}
                  placeholder="What happened, what you expected, and any chatbot or page it concerns."
                  {...fieldAria("support-message", errors.message?.message)}
                  {...register("message")}
                />
              </FormField>

              {send.isError ? (
                <div className="alert alert-error" role="alert">
                  <strong>Your request wasn't sent.</strong> {send.error.message}
                  {isApiError(send.error) && send.error.requestId ? (
                    <span className="alert-meta">Reference: {send.error.requestId}</span>
                  ) : null}
                </div>
              ) : null}

              <div className="form-footer">
                <p className="form-hint">Sent from your account, so we can see your plan.</p>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                  {busy ? "Sending…" : "Send request"}
                </button>
              </div>
            </form>
          )}
        </section>

        <aside className="support-aside" aria-label="Other help">
          <div className="card support-tip">
            <h2>Quick answers</h2>
            <ul>
              <li>
                <Link to="/faq">FAQ</Link>: billing, data retention and models.
              </li>
              <li>
                <Link to="/billing">Billing</Link>: your plan, payments and scheduled changes.
              </li>
              <li>
                <Link to="/account">Account</Link>: name, email, password and sign-in methods.
              </li>
            </ul>
          </div>
          <div className="card support-tip">
            <h2>Get a faster answer</h2>
            <p>
              Tell us what you did, what you expected and what happened instead. For a wrong chatbot answer,
              paste the question you asked.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
