import type { Payment } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { Ltr, useErrorText, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { StrokeSvg } from "../../../components/Svg";
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
      <StrokeSvg size={28} strokeWidth={tone === "waiting" ? 2 : 2.4} strokeLinecap="round">
        {paths[tone]}
      </StrokeSvg>
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

/** A settled (or stalled) result: its icon, the heading that takes focus, the lead, then what to do. */
function Outcome({
  tone,
  headingRef,
  title,
  lead,
  testIds = false,
  children,
  actions,
}: {
  tone?: "success" | "failure" | "waiting";
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: ReactNode;
  lead: ReactNode;
  /** `result-title` on the heading (and `result-reason` on the lead of a failure). */
  testIds?: boolean | "reason";
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      {tone ? <ResultIcon tone={tone} /> : null}
      <h1 ref={headingRef} tabIndex={-1} data-testid={testIds ? "result-title" : undefined}>
        {title}
      </h1>
      <p className="result-lead" data-testid={testIds === "reason" ? "result-reason" : undefined}>
        {lead}
      </p>
      {children}
      <div className="result-actions">{actions}</div>
    </>
  );
}

/** A link drawn as a button: the page's ways on. */
function ResultLink({
  to,
  primary = false,
  children,
}: {
  to: string;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Link className={primary ? "btn btn-primary" : "btn btn-secondary"} to={to}>
      {children}
    </Link>
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

  const toBilling = (primary = false) => (
    <ResultLink to="/billing" primary={primary}>
      {t("result.goToBilling")}
    </ResultLink>
  );
  let content: ReactNode;
  if (!trackId) {
    content = (
      <Outcome
        headingRef={headingRef}
        title={t("result.noPaymentTitle")}
        lead={t("result.noPaymentLead")}
        actions={toBilling(true)}
      />
    );
  } else if (payment.isError) {
    const notFound = isApiError(payment.error) && payment.error.status === 404;
    content = (
      <Outcome
        tone="failure"
        headingRef={headingRef}
        title={notFound ? t("result.notFoundTitle") : t("result.checkFailedTitle")}
        lead={notFound ? t("result.notFoundLead") : errorText(payment.error)}
        actions={
          <>
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
            {toBilling()}
          </>
        }
      />
    );
  } else if (!payment.data || outcome?.kind === "pending") {
    content = timedOut ? (
      <Outcome
        tone="waiting"
        headingRef={headingRef}
        title={t("result.waitingTitle")}
        lead={t("result.waitingLead")}
        actions={
          <>
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
            {toBilling()}
          </>
        }
      />
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
      <Outcome
        tone="success"
        headingRef={headingRef}
        testIds
        title={t("result.youreOn", { plan: payment.data.planNames[language] })}
        lead={
          <>
            {t("result.received")}{" "}
            {periodEnd ? t("result.activeUntil", { date: formatDate(periodEnd) }) : t("result.activeNow")}
          </>
        }
        actions={
          <>
            {toBilling(true)}
            <ResultLink to="/dashboard">{t("result.goToDashboard")}</ResultLink>
          </>
        }
      >
        <Receipt payment={payment.data} />
      </Outcome>
    );
  } else if (outcome?.kind === "failure") {
    content = (
      <Outcome
        tone="failure"
        headingRef={headingRef}
        testIds="reason"
        title={outcome.title}
        lead={outcome.reason}
        actions={
          <>
            {outcome.canRetry ? (
              <ResultLink to={retryHref(payment.data)} primary>
                {t("tryAgain")}
              </ResultLink>
            ) : (
              <ResultLink to="/support" primary>
                {t("result.contactSupport")}
              </ResultLink>
            )}
            <ResultLink to="/billing">{t("result.backToBilling")}</ResultLink>
          </>
        }
      >
        <p className="result-sub">{t("result.notChanged")}</p>
        <Receipt payment={payment.data} />
      </Outcome>
    );
  }

  return (
    <div className="container billing-page">
      <TestModeBanner />
      <div className={`result-card result-card-${outcome?.kind ?? "pending"}`}>{content}</div>
    </div>
  );
}
