import { type AdminPaymentDetail, formatMoney } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Ltr, Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useInquire, usePayment, useResolveHeld } from "../api";
import { TableSection, useWhenColumn } from "../components/AdminTable";
import { useCanChange, useConsole } from "../components/ConsoleContext";
import { useRecordedText } from "../components/form";
import { PaymentStateBadge, ProviderText } from "../components/PaymentBits";
import { ReasonDialog } from "../components/ReasonDialog";
import { RefundDialog } from "../components/RefundDialog";
import { RefundsSection } from "../components/RefundsSection";
import { Badge, DetailPage, Section } from "../components/Status";
import { canInquire, eventReason, PAYMENT_STATES, refundLeft } from "../console";

/** `/admin/payments/:trackId`: a payment, what the gateway said about it, and "Ask the gateway now". */
export function PaymentPage() {
  const { t } = useTranslation("admin");
  const { trackId = "" } = useParams();
  const payment = usePayment(trackId);
  return (
    <DetailPage
      page="payment"
      id={trackId}
      query={payment}
      back={{ to: "/admin/payments", label: t("common.backToPayments") }}
    >
      {(data) => <PaymentView payment={data} />}
    </DetailPage>
  );
}

function PaymentView({ payment }: { payment: AdminPaymentDetail }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const format = useFormat();
  const when = useWhenColumn();
  const recorded = useRecordedText();
  const canChange = useCanChange();
  const { act } = useConsole();
  const inquire = useInquire(payment.trackId);
  const resolve = useResolveHeld(payment.trackId);
  const [asking, setAsking] = useState(false);
  const [resolving, setResolving] = useState<"grant" | "decline" | null>(null);
  const [refunding, setRefunding] = useState(false);
  const canRefund = payment.state === "captured" && payment.refundable && refundLeft(payment) > 0;
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <>
      <header className="app-page-head admin-page-head">
        <h1>
          <Trans
            t={t}
            i18nKey="payment.title"
            values={{ id: payment.trackId }}
            components={{ id: <Ltr /> }}
          />
        </h1>
        <p className="admin-head-meta" data-testid="payment-state">
          <PaymentStateBadge state={payment.state} />
        </p>
      </header>
      <div className="admin-stack">
        {answer ? (
          <Alert tone="success" className="admin-notice">
            {answer}
          </Alert>
        ) : null}
        {payment.state === "amount_mismatch" ? (
          <div className="alert alert-warning admin-inquire" role="status">
            <p>{t("payment.held")}</p>
            {canChange ? (
              <div className="admin-actions">
                <Button size="sm" onClick={() => act(() => setResolving("grant"))}>
                  {t("payment.grantHeld")}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => act(() => setResolving("decline"))}>
                  {t("payment.declineHeld")}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => act(() => setAsking(true))}>
                  {t("payment.inquire")}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
        {canInquire(payment) ? (
          <div className="alert alert-info admin-inquire" role="status">
            <p>{t("payment.pending")}</p>
            {canChange ? (
              <Button size="sm" onClick={() => act(() => setAsking(true))}>
                {t("payment.inquire")}
              </Button>
            ) : null}
          </div>
        ) : null}
        {payment.state === "captured" && !payment.refundable ? (
          <p className="admin-muted">{t("payment.notRefundable")}</p>
        ) : null}
        <Section
          title={t("payment.summary")}
          action={
            canChange && canRefund ? (
              <Button size="sm" variant="secondary" onClick={() => act(() => setRefunding(true))}>
                {t("payment.refund")}
              </Button>
            ) : null
          }
        >
          <dl className="admin-dl admin-dl-wide">
            <dt>{t("payment.workspace")}</dt>
            <dd>
              <Link to={`/admin/customers/${encodeURIComponent(payment.workspaceId)}`}>
                <Ltr className="admin-id">{payment.workspaceId}</Ltr>
              </Link>
            </dd>
            <dt>{t("payment.plan")}</dt>
            <dd>
              <bdi>{payment.plan.names[language]}</bdi>
            </dd>
            <dt>{t("payment.amount")}</dt>
            <dd>{formatMoney(payment.amount.amount, payment.amount.currency)}</dd>
            <dt>{t("payment.provider")}</dt>
            <dd>
              <ProviderText payment={payment} />
            </dd>
            <dt>{t("payment.gatewayReference")}</dt>
            <dd>
              {payment.gatewayReference ? (
                <Ltr className="admin-id">{payment.gatewayReference}</Ltr>
              ) : (
                t("common.notSet")
              )}
            </dd>
            <dt>{t("payment.result")}</dt>
            <dd>
              {payment.resultCode || payment.resultMessage ? (
                <>
                  {payment.resultCode ? <Ltr className="admin-id">{payment.resultCode}</Ltr> : null}{" "}
                  {payment.resultMessage ? <bdi>{recorded(payment.resultMessage)}</bdi> : null}
                </>
              ) : (
                t("common.notSet")
              )}
            </dd>
            <dt>{t("payment.created")}</dt>
            <dd>{format.date(payment.createdAt, "dateTime")}</dd>
            <dt>{t("payment.captured")}</dt>
            <dd>{payment.capturedAt ? format.date(payment.capturedAt, "dateTime") : t("common.notSet")}</dd>
          </dl>
        </Section>
        <RefundsSection refunds={payment.refunds} />
        <TableSection
          title={t("payment.events")}
          emptyText={t("payment.eventsEmpty")}
          caption={t("payment.eventsCaption")}
          rows={payment.events}
          rowKey={(e) => e.id}
          columns={[
            when(
              "received",
              t("payment.received"),
              (e: AdminPaymentDetail["events"][number]) => e.receivedAt,
            ),
            {
              key: "provider",
              header: t("payment.provider"),
              cell: (e) =>
                e.provider === "sandbox" || e.provider === "benefit" || e.provider === "mpgs" ? (
                  t(`payments.providers.${e.provider}`)
                ) : (
                  <Ltr>{e.provider}</Ltr>
                ),
            },
            {
              key: "outcome",
              header: t("payment.outcome"),
              cell: (e) => (
                <Badge
                  tone={e.outcome === "applied" ? "success" : e.outcome === "rejected" ? "danger" : "neutral"}
                >
                  {t(`payment.outcomes.${e.outcome}`)}
                </Badge>
              ),
            },
            {
              key: "reason",
              header: t("payment.eventReason"),
              cell: (e) => (e.reason ? <EventReason reason={e.reason} /> : null),
            },
          ]}
        />
      </div>
      <RefundDialog
        open={refunding}
        payment={payment}
        onClose={() => setRefunding(false)}
        onDone={(text) => {
          setRefunding(false);
          setAnswer(text);
        }}
      />
      <ReasonDialog
        open={resolving !== null}
        tone={resolving === "decline" ? "danger" : "primary"}
        title={t(resolving === "decline" ? "payment.declineHeldTitle" : "payment.grantHeldTitle")}
        description={t(resolving === "decline" ? "payment.declineHeldBody" : "payment.grantHeldBody")}
        confirmLabel={t(resolving === "decline" ? "payment.declineHeld" : "payment.grantHeld")}
        busyLabel={t(resolving === "decline" ? "payment.declining" : "payment.granting")}
        onCancel={() => setResolving(null)}
        onConfirm={async (reason) => {
          if (!resolving) return;
          const after = await resolve.mutateAsync({ decision: resolving, reason });
          setResolving(null);
          setAnswer(t("payment.resolved", { state: t(`payments.states.${after.state}`) }));
        }}
      />
      <ReasonDialog
        open={asking}
        title={t("payment.inquireTitle")}
        description={t("payment.inquireBody")}
        confirmLabel={t("payment.inquire")}
        busyLabel={t("payment.inquiring")}
        onCancel={() => setAsking(false)}
        onConfirm={async (reason) => {
          const after = await inquire.mutateAsync(reason);
          setAsking(false);
          setAnswer(t("payment.inquired", { state: t(`payments.states.${after.state}`) }));
        }}
      />
    </>
  );
}

/** What the gateway's event meant, in the reader's words; a reason this console does not know, as recorded. */
function EventReason({ reason }: { reason: string }) {
  const { t } = useTranslation("admin");
  const known = eventReason(reason);
  if (!known) return <Ltr>{reason}</Ltr>;
  if (known.key === "already") {
    const state = PAYMENT_STATES.find((s) => s === known.state);
    return (
      <>{t("payment.reasons.already", { state: state ? t(`payments.states.${state}`) : known.state })}</>
    );
  }
  if (known.key === "mismatch")
    return <>{t("payment.reasons.mismatch", { got: known.got, expected: known.expected })}</>;
  return <>{t(`payment.reasons.${known.key}`)}</>;
}
