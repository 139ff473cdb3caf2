import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { Ltr, useErrorText, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api-error";
import { usePayment, useRefreshAfterPayment, useSubscription } from "../api";
import { PAYMENT_METHOD_LABEL } from "../billing";
import { useBillingUser } from "../billing-user";
import { TestModeBanner } from "../components/TestModeBanner";
import { browserStorage, clearPaymentInfo, readPaymentInfo } from "../payment-info";
import { RESULT_POLL_LIMIT_MS, resultOutcome, resultPollInterval, retryHref } from "../payment-result";
import { useBillingWording, useReplyText } from "../use-wording";
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
  const { t } = useTranslation("billing");
  const { language } = useLanguage();
  return (
    <dl className="result-receipt">
      <div>
        <dt>{t("payments.plan")}</dt>
        <dd>
          {payment.planNames[language]} ·{" "}
          {payment.billingInterval === "yearly" ? t("interval.yearly") : t("interval.monthly")}
        </dd>
      </div>
      <div>
        <dt>{t("payments.amount")}</dt>
        <dd>{formatMoney(payment.amount.amount, payment.amount.currency)}</dd>
      </div>
      <div>
        <dt>{t("payments.method")}</dt>
        <dd>{t(PAYMENT_METHOD_LABEL[payment.method])}</dd>
      </div>
      <div>
        <dt>{t("payments.reference")}</dt>
        <dd className="result-reference">
          <Ltr>{payment.track_id}</Ltr>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Where the gateway sends the browser back (`/billing/result?trackId=…`). The gateway has told the
 * API server-to-server by then, usually; if not, the page asks again every 1.5 s for up to 30 s.
 */
export function BillingResultPage() {
  const { t } = useTranslation("billing");
  const { language } = useLanguage();
  const wording = useBillingWording();
  const replyText = useReplyText();
  const errorText = useErrorText();
  const { date: formatDate } = useFormat();
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
  const outcome = payment.data ? resultOutcome(payment.data, wording, replyText) : null;
  const subscription = useSubscription();
  useDocumentTitle(
    outcome?.kind === "success"
      ? t("result.successTitle")
      : outcome?.kind === "failure"
        ? outcome.title
        : t("result.pageTitle"),
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
          {t("result.noPaymentTitle")}
        </h1>
        <p className="result-lead">{t("result.noPaymentLead")}</p>
        <div className="result-actions">
          <Link className="btn btn-primary" to="/billing">
            {t("result.goToBilling")}
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
          {notFound ? t("result.notFoundTitle") : t("result.checkFailedTitle")}
        </h1>
        <p className="result-lead">{notFound ? t("result.notFoundLead") : errorText(payment.error)}</p>
        <div className="result-actions">
          {notFound ? null : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void payment.refetch()}
              disabled={payment.isFetching}
            >
              {t("tryAgain")}
            </button>
          )}
          <Link className="btn btn-secondary" to="/billing">
            {t("result.goToBilling")}
          </Link>
        </div>
      </>
    );
  } else if (!payment.data || outcome?.kind === "pending") {
    content = timedOut ? (
      <>
        <ResultIcon tone="waiting" />
        <h1 ref={headingRef} tabIndex={-1}>
          {t("result.waitingTitle")}
        </h1>
        <p className="result-lead">{t("result.waitingLead")}</p>
        <div className="result-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setPollStartedAt(Date.now());
              void payment.refetch();
            }}
          >
            {t("result.checkAgain")}
          </button>
          <Link className="btn btn-secondary" to="/billing">
            {t("result.goToBilling")}
          </Link>
        </div>
      </>
    ) : (
      <div role="status" className="result-pending">
        <ResultIcon tone="pending" />
        <h1>{t("result.confirming")}</h1>
        <p className="result-lead">{t("result.confirmingLead")}</p>
      </div>
    );
  } else if (outcome?.kind === "success") {
    const details = subscription.data;
    const periodEnd = details?.plan.id === payment.data.planId ? details.currentPeriodEnd : null;
    content = (
      <>
        <ResultIcon tone="success" />
        <h1 ref={headingRef} tabIndex={-1} data-testid="result-title">
          {t("result.youreOn", { plan: payment.data.planNames[language] })}
        </h1>
        <p className="result-lead">
          {t("result.received")}{" "}
          {periodEnd ? t("result.activeUntil", { date: formatDate(periodEnd) }) : t("result.activeNow")}
        </p>
        <Receipt payment={payment.data} />
        <div className="result-actions">
          <Link className="btn btn-primary" to="/billing">
            {t("result.goToBilling")}
          </Link>
          <Link className="btn btn-secondary" to="/dashboard">
            {t("result.goToDashboard")}
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
        <p className="result-sub">{t("result.notChanged")}</p>
        <Receipt payment={payment.data} />
        <div className="result-actions">
          {outcome.canRetry ? (
            <Link className="btn btn-primary" to={retryHref(payment.data)}>
              {t("tryAgain")}
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/support">
              {t("result.contactSupport")}
            </Link>
          )}
          <Link className="btn btn-secondary" to="/billing">
            {t("result.backToBilling")}
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
