import { zodResolver } from "@hookform/resolvers/zod";
import type { ContactReceipt, ContactRequest, ContactRequestInput } from "@parley/contracts";
import { contactRequestSchema } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Field } from "@parley/ui/components/Field";
import { useErrorText, useServerText, useTranslation } from "@parley/ui/i18n/react";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { isApiError } from "../../../lib/api";
import { applyServerFieldErrors } from "../form-errors";
import { contactTopics } from "../topics";
import { ReceiptView } from "./ReceiptView";

/**
 * The two forms' own words (in the `pages` catalog under `contact.` or `support.`) and ids: the
 * public contact page asks for a company too; the signed-in support page calls the address
 * "reply to" and its receipt "received".
 */
const KINDS = {
  contact: { email: "contact.email", received: "contact.sent", rows: 6, company: true },
  support: { email: "support.replyTo", received: "support.received", rows: 7, company: false },
} as const;

export interface ContactFormProps {
  /** Which form: its ids (`contact-name`, `support-name`) and wording. */
  kind: keyof typeof KINDS;
  /** The first values, and what the form returns to after a send. */
  defaults: ContactRequestInput;
  /** Sends the request (`POST /api/contact` or `/api/support`); its receipt replaces the form. */
  send: UseMutationResult<ContactReceipt, Error, ContactRequest>;
  /** Under the receipt. */
  receiptNote?: ReactNode;
}

/**
 * The contact form of the public Contact page and the signed-in Support page: checked with the
 * contract's schema, the server's field errors put on their fields, a failure said above the
 * buttons with its request id, and the receipt in its place once sent.
 */
export function ContactForm({ kind, defaults, send, receiptNote }: ContactFormProps) {
  const { t } = useTranslation(["pages", "common"]);
  const errorText = useErrorText();
  const serverText = useServerText();
  const fieldError = (message: string | undefined) => (message ? serverText(message) : undefined);
  const text = KINDS[kind];
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const fieldNames = text.company
    ? ["name", "email", "company", "topic", "message"]
    : ["name", "email", "topic", "message"];
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
      setReceipt(await send.mutateAsync({ ...values, company: values.company || undefined }));
      reset(defaults);
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldNames);
    }
  });
  const busy = isSubmitting || send.isPending;

  if (receipt) {
    return (
      <ReceiptView
        receipt={receipt}
        title={t(text.received)}
        againLabel={t(`${kind}.sendAnother`)}
        onAgain={() => setReceipt(null)}
        note={receiptNote}
      />
    );
  }

  const name = fieldError(errors.name?.message);
  const email = fieldError(errors.email?.message);
  const topic = (
    <Field label={t(`${kind}.topic`)} id={`${kind}-topic`} error={fieldError(errors.topic?.message)}>
      <select id={`${kind}-topic`} {...register("topic")}>
        {contactTopics.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <h2 className="form-title">{t(`${kind}.formTitle`)}</h2>
      <div className="form-row">
        <Field label={t(`${kind}.name`)} id={`${kind}-name`} error={name}>
          {(aria) => <input type="text" autoComplete="name" {...aria} {...register("name")} />}
        </Field>
        <Field label={t(text.email)} id={`${kind}-email`} error={email}>
          {(aria) => (
            <input type="email" autoComplete="email" inputMode="email" {...aria} {...register("email")} />
          )}
        </Field>
      </div>
      {text.company ? (
        <div className="form-row">
          <Field
            label={t("contact.company")}
            optional
            id="contact-company"
            error={fieldError(errors.company?.message)}
          >
            {(aria) => <input type="text" autoComplete="organization" {...aria} {...register("company")} />}
          </Field>
          {topic}
        </div>
      ) : (
        topic
      )}
      <Field label={t(`${kind}.message`)} id={`${kind}-message`} error={fieldError(errors.message?.message)}>
        {(aria) => (
          <textarea
            rows={text.rows}
            placeholder={t(`${kind}.messagePlaceholder`)}
            {...aria}
            {...register("message")}
          />
        )}
      </Field>

      {send.isError ? (
        <Alert tone="error" title={t(`${kind}.notSent`)}>
          {errorText(send.error)}
          {isApiError(send.error) && send.error.requestId ? (
            <span className="alert-meta">{t("common:reference", { id: send.error.requestId })}</span>
          ) : null}
        </Alert>
      ) : null}

      <div className="form-footer">
        <p className="form-hint">{t(`${kind}.hint`)}</p>
        <Button type="submit" busy={busy} busyLabel={t(`${kind}.sending`)}>
          {t(`${kind}.send`)}
        </Button>
      </div>
    </form>
  );
}
