import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { isApiError } from "../../../app/api-error";
import { useDocumentTitle } from "../../../components/use-document-title";
import { usePayment, useRefreshAfterPayment, useSubscription } from "../api";
import { formatDate, PAYMENT_METHOD_LABEL } from "../billing";
import { useBillingUser } from "../billing-user";
import { TestModeBanner } from "../components/TestModeBanner";
import { browserStorage, clearPaymentInfo, readPaymentInfo } from "../payment-info";
import { RESULT_POLL_LIMIT_MS, resultOutcome, resultPollInterval, retryHref } from "../payment-result";
import "../styles/billing-base.css";
import "../styles/billing-result.css";

function ResultIcon({ tone }: { tone: "success" | "failure" | "pending" | "waiting" }) {
  if (tone === "pending") return <span className="spinner spinner-lg" aria-hidden="true" />;
  const paths = {
    success: <path d="M5 12.5l4.5 4.5L19 7.5" />,
    failure: <path d="M7 7l10 10M17 7 7 17" />,
    waiting: (
      <>
        <circle cx="12" cy="12" r="8" />
        <path d="M12 8v4.5l3 2" />
      </>
    ),
  };
  return (
    <span className={`result-icon result-icon-${tone}`} aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth={tone === "waiting" ? 2 : 2.4}
        strokeLinecap="round"
      >
        {paths[tone]}
      </svg>
    </span>
  );
}

function Receipt({ payment }: { payment: Payment }) {
  return (
    <dl className="result-receipt">
      <div>
        <dt>Plan</dt>
        <dd>
          {payment.planName} · {payment.billingInterval === "yearly" ? "Yearly" : "Monthly"}
        </dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatMoney(payment.amount.amount, payment.amount.currency)}</dd>
      </div>
      <div>
        <dt>Method</dt>
        <dd>{PAYMENT_METHOD_LABEL[payment.method]}</dd>
      </div>
      <div>
        <dt>Reference</dt>
        <dd className="result-reference">{payment.track_id}</dd>
      </div>
    </dl>
  );
}

/**
 * Where the gateway sends the browser back (`/billing/result?trackId=…`). The gateway has told the
 * API server-to-server by then, usually; if not, the page asks again every 1.5 s for up to 30 s.
 */
export function BillingResultPage() {
  const [searchParams] = useSearchParams();
  const { user } = useBillingUser();
  const refreshAfterPayment = useRefreshAfterPayment();
  // Without ?trackId (a gateway that dropped it), fall back to what we stored before leaving.
  const [trackId] = useState(
    () => searchParams.get("trackId") || readPaymentInfo(browserStorage())?.track_id,
  );
  const [pollStartedAt, setPollStartedAt] = useState(() => Date.now());
  const payment = usePayment(trackId, {
    refetchInterval: (data) => resultPollInterval(data, pollStartedAt, Date.now()),
  });
  const outcome = payment.data ? resultOutcome(payment.data) : null;
  const subscription = useSubscription();
  useDocumentTitle(
    outcome?.kind === "success"
      ? "Payment successful"
      : outcome?.kind === "failure"
        ? outcome.title
        : "Payment",
  );

  const settled = outcome !== null && outcome.kind !== "pending";
  // Once per settled payment: forget the stored payment and refresh what it changed.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!settled || !trackId || !user || handled.current === trackId) return;
    handled.current = trackId;
    clearPaymentInfo(browserStorage(), trackId);
    void refreshAfterPayment(user.id);
  }, [settled, trackId, user, refreshAfterPayment]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  // A settled outcome replaces the spinner: move focus to its heading so it is read out.
  useEffect(() => {
    if (settled) headingRef.current?.focus();
  }, [settled]);

  // Polling stops after the limit; from then on the page offers "Check again" instead of a spinner.
  const [pollExpired, setPollExpired] = useState(false);
  useEffect(() => {
    setPollExpired(false);
    const timer = window.setTimeout(
      () => setPollExpired(true),
      pollStartedAt + RESULT_POLL_LIMIT_MS - Date.now(),
    );
    return () => window.clearTimeout(timer);
  }, [pollStartedAt]);
  const timedOut = pollExpired && payment.data?.status === "pending" && !payment.isFetching;

  let content: ReactNode;
  if (!trackId) {
    content = (
      <>
        <h1 ref={headingRef} tabIndex={-1}>
          No payment to show
        </h1>
        <p className="result-lead">We couldn't tell which payment you came back from.</p>
        <div className="result-actions">
          <Link className="btn btn-primary" to="/billing">
            Go to billing
          </Link>
        </div>
      </>
    );
  } else if (payment.isError) {
    const notFound = isApiError(payment.error) && payment.error.status === 404;
    content = (
      <>
        <ResultIcon tone="failure" />
        <h1 ref={headingRef} tabIndex={-1}>
          {notFound ? "We couldn't find this payment" : "We couldn't check your payment"}
        </h1>
        <p className="result-lead">
          {notFound
            ? "It may belong to another account. Your billing page lists all your payments."
            : payment.error.message}
        </p>
        <div className="result-actions">
          {notFound ? null : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void payment.refetch()}
              disabled={payment.isFetching}
            >
              Try again
            </button>
          )}
          <Link className="btn btn-secondary" to="/billing">
            Go to billing
          </Link>
        </div>
      </>
    );
  } else if (!payment.data || outcome?.kind === "pending") {
    content = timedOut ? (
      <>
        <ResultIcon tone="waiting" />
        <h1 ref={headingRef} tabIndex={-1}>
          Still waiting for the payment provider
        </h1>
        <p className="result-lead">
          Your payment hasn't been confirmed yet. If you completed it, it will appear on your billing page as
          soon as the provider confirms it.
        </p>
        <div className="result-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setPollStartedAt(Date.now());
              void payment.refetch();
            }}
          >
            Check again
          </button>
          <Link className="btn btn-secondary" to="/billing">
            Go to billing
          </Link>
        </div>
      </>
    ) : (
      <div role="status" className="result-pending">
        <ResultIcon tone="pending" />
        <h1>Confirming your payment…</h1>
        <p className="result-lead">This usually takes a few seconds. Please keep this page open.</p>
      </div>
    );
  } else if (outcome?.kind === "success") {
    const details = subscription.data;
    const periodEnd = details?.plan.id === payment.data.planId ? details.currentPeriodEnd : null;
    content = (
      <>
        <ResultIcon tone="success" />
        <h1 ref={headingRef} tabIndex={-1} data-testid="result-title">
          You're on {payment.data.planName}
        </h1>
        <p className="result-lead">
          Payment received.{" "}
          {periodEnd ? `Your plan is active until ${formatDate(periodEnd)}.` : "Your plan is active now."}
        </p>
        <Receipt payment={payment.data} />
        <div className="result-actions">
          <Link className="btn btn-primary" to="/billing">
            Go to billing
          </Link>
          <Link className="btn btn-secondary" to="/dashboard">
            Go to dashboard
          </Link>
        </div>
      </>
    );
  } else if (outcome?.kind === "failure") {
    content = (
      <>
        <ResultIcon tone="failure" />
        <h1 ref={headingRef} tabIndex={-1} data-testid="result-title">
          {outcome.title}
        </h1>
        <p className="result-lead" data-testid="result-reason">
          {outcome.reason}
        </p>
        <p className="result-sub">Your plan has not changed.</p>
        <Receipt payment={payment.data} />
        <div className="result-actions">
          {outcome.canRetry ? (
            <Link className="btn btn-primary" to={retryHref(payment.data)}>
              Try again
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/support">
              Contact support
            </Link>
          )}
          <Link className="btn btn-secondary" to="/billing">
            Back to billing
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className="container billing-page">
      <TestModeBanner />
      <div className={`result-card result-card-${outcome?.kind ?? "pending"}`}>{content}</div>
    </div>
  );
}
