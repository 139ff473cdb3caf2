import type { ContactReceipt } from "@parley/contracts";
import { serverMessageFor, serverTableOf } from "@parley/ui/i18n";
import { Ltr, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * The receipt that replaces a sent contact or support form. Focus moves to its heading, so
 * keyboard and screen-reader users follow the change.
 */
export function ReceiptView(props: {
  receipt: ContactReceipt;
  title: string;
  againLabel: string;
  onAgain: () => void;
  note?: ReactNode;
}) {
  const { t } = useTranslation("pages");
  const { language } = useLanguage();
  const format = useFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The server's thank-you names the sender; other languages use its translation, else a general one.
  const message = serverMessageFor(
    language,
    props.receipt.message,
    serverTableOf(language),
    t("receipt.fallbackMessage"),
  );
  const receivedAt = format.date(props.receipt.receivedAt, "dateTime") || props.receipt.receivedAt;
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="contact-success" role="status">
      <div className="success-icon" aria-hidden="true">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="26"
          height="26"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12.5 10 17 19 7" />
        </svg>
      </div>
      <h2 ref={headingRef} tabIndex={-1}>
        {props.title}
      </h2>
      <p>{message}</p>
      <dl className="receipt">
        <div>
          <dt>{t("receipt.reference")}</dt>
          <dd>
            <Ltr>
              <code>{props.receipt._id}</code>
            </Ltr>
          </dd>
        </div>
        <div>
          <dt>{t("receipt.received")}</dt>
          <dd>{receivedAt}</dd>
        </div>
      </dl>
      {props.note}
      <button type="button" className="btn btn-secondary" onClick={props.onAgain}>
        {props.againLabel}
      </button>
    </div>
  );
}
