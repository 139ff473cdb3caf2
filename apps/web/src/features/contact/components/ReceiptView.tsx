import type { ContactReceipt } from "@parley/contracts";
import { type ReactNode, useEffect, useRef } from "react";

const receivedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatReceivedAt(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : receivedFormat.format(date);
}

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
  const headingRef = useRef<HTMLHeadingElement>(null);
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
      <p>{props.receipt.message}</p>
      <dl className="receipt">
        <div>
          <dt>Reference</dt>
          <dd>
            <code>{props.receipt._id}</code>
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{formatReceivedAt(props.receipt.receivedAt)}</dd>
        </div>
      </dl>
      {props.note}
      <button type="button" className="btn btn-secondary" onClick={props.onAgain}>
        {props.againLabel}
      </button>
    </div>
  );
}
