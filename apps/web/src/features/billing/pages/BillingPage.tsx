import type { BillingInterval, Plan } from "@parley/contracts";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useReducer, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { signInUrl } from "../../../lib/config";
import { useAccess } from "../../workspaces/public";
import {
  plansFailure,
  plansRetrying,
  useCancelScheduledDowngrade,
  usePayments,
  usePlanChanges,
  usePlans,
  useSubscription,
} from "../api";
import { findPlan, type PlanAction, planAction } from "../billing";
import { useBillingUser } from "../billing-user";
import { CurrentPlan, CurrentPlanSkeleton } from "../components/CurrentPlan";
import { DowngradeModal } from "../components/DowngradeModal";
import { ErrorPanel } from "../components/ErrorPanel";
import { PaymentHistory, PaymentHistorySkeleton } from "../components/PaymentHistory";
import { PlanChanges } from "../components/PlanChanges";
import { PlanChooser, PlanChooserSkeleton } from "../components/PlanChooser";
import { PlanUnavailable } from "../components/PlanUnavailable";
import { TestModeBanner } from "../components/TestModeBanner";
import { UpgradeModal } from "../components/UpgradeModal";
import { downgradeReducer, initialDowngradeState } from "../downgrade-flow";
import type { UpgradeMode } from "../upgrade-flow";
import { useBillingWording, useReplyText } from "../use-wording";
import "../styles/billing-base.css";
import "../styles/billing-page.css";

interface UpgradeTarget {
  planName: string;
  interval: BillingInterval;
  mode: UpgradeMode;
}

const asInterval = (value: string | null): BillingInterval => (value === "yearly" ? "yearly" : "monthly");

/** A history of the billing page (payments, plan changes): its heading, then the list, its failure or its placeholder. */
function HistorySection<T>({
  titleId,
  title,
  failed,
  query,
  children,
}: {
  titleId: string;
  title: string;
  failed: string;
  query: {
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="billing-section" aria-labelledby={titleId}>
      <div className="billing-section-head">
        <h2 id={titleId}>{title}</h2>
      </div>
      {query.isError && query.error ? (
        <ErrorPanel
          title={failed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        children(query.data)
      ) : (
        <PaymentHistorySkeleton />
      )}
    </section>
  );
}

/** Billing belongs to the workspace's owners; others are told so instead of seeing errors. */
export function BillingPage() {
  const access = useAccess("billing");
  const { t } = useTranslation("billing");
  if (access === "no") {
    return (
      <div className="container app-page app-page-narrow">
        <header className="app-page-head">
          <h1>{t("title")}</h1>
        </header>
        <div className="alert alert-info" role="status">
          {t("ownerOnly")}
        </div>
      </div>
    );
  }
  return <WorkspaceBillingPage />;
}

function WorkspaceBillingPage() {
  const { t } = useTranslation("billing");
  const { t: tCommon } = useTranslation("common");
  const wording = useBillingWording();
  const errorText = useErrorText();
  const replyText = useReplyText();
  useDocumentTitle(t("title"));
  const session = useBillingUser();
  const subscription = useSubscription();
  const plans = usePlans();
  // Shown at the first failed attempt, retried in the background (issue #25).
  const plansError = plansFailure(plans);
  const payments = usePayments();
  const planChanges = usePlanChanges();
  const cancelDowngrade = useCancelScheduledDowngrade();
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeTarget | null>(null);
  const [downgrade, dispatchDowngrade] = useReducer(downgradeReducer, initialDowngradeState);
  const [cancelMessage, setCancelMessage] = useState<{ tone: "success" | "error"; text: string } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);

  const details = subscription.data;
  // The chooser starts on the interval the user pays by, until they flip it.
  const interval = chosenInterval ?? details?.plan.billingInterval ?? "monthly";

  const act = (plan: Plan, action: PlanAction) => {
    if (!details) return;
    setNotice(null);
    setCancelMessage(null);
    switch (action.kind) {
      case "upgrade":
      case "switch":
        setUpgrade({ planName: plan.name, interval: plan.billingInterval, mode: "upgrade" });
        return;
      case "renew":
        setUpgrade({ planName: plan.name, interval: plan.billingInterval, mode: "renew" });
        return;
      case "downgrade":
        dispatchDowngrade({
          type: "open",
          currentPlan: details.plan,
          targetPlan: plan,
          trackId: details.lastPaymentTrackId,
          nextBillingDate: details.currentPeriodEnd,
        });
        return;
      case "current":
        setNotice(t("notice.alreadyOn", { plan: plan.name }));
        return;
      case "scheduled":
        setNotice(t("notice.alreadyScheduled", { plan: plan.name }));
        return;
      case "none":
        setNotice(action.reason);
        return;
    }
  };

  // "/billing?upgrade=Pro&interval=monthly" (from pricing, or "Try again" on the result page) opens
  // the right dialog for that plan once the plan list and subscription are known.
  const wanted = searchParams.get("upgrade");
  const wantedInterval = asInterval(searchParams.get("interval"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the data for the request is in
  useEffect(() => {
    const ready = Boolean(details && plans.data);
    if (!wanted || (!ready && !plans.isError)) return;
    setSearchParams(
      (params) => {
        params.delete("upgrade");
        params.delete("interval");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    setChosenInterval(wantedInterval);
    const plan = findPlan(plans.data, wanted, wantedInterval);
    if (!plan || !details) {
      // The upgrade modal explains what is wrong: the plans failed to load (with a retry), or this
      // plan is not offered.
      setUpgrade({ planName: wanted, interval: wantedInterval, mode: "upgrade" });
      return;
    }
    act(plan, planAction(plan, details, wording));
  }, [wanted, details, plans.data, plans.isError]);

  const renew = () => {
    if (details) act(details.plan, { kind: "renew" });
  };

  const cancelScheduled = () => {
    setCancelMessage(null);
    cancelDowngrade.mutate(undefined, {
      onSuccess: (result) =>
        setCancelMessage(
          result.cancelled
            ? { tone: "success", text: replyText(result.message, t("currentPlan.cancelDone")) }
            : { tone: "error", text: replyText(result.message, t("currentPlan.cancelFailed")) },
        ),
      onError: (error) => setCancelMessage({ tone: "error", text: errorText(error) }),
    });
  };

  if (session.status === "signed-out") {
    return (
      <div className="container billing-page">
        <div className="state-panel">
          <h1 className="billing-title">{t("title")}</h1>
          <p>{t("signedOut")}</p>
          <a className="btn btn-primary" href={signInUrl}>
            {tCommon("actions.signIn")}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="container billing-page">
      <TestModeBanner />
      <header className="billing-header">
        <h1 className="billing-title">{t("title")}</h1>
        <p className="billing-lead">{t("lead")}</p>
        <div aria-live="polite">
          {notice ? <p className="alert alert-info billing-notice">{notice}</p> : null}
        </div>
      </header>

      {subscription.isError && !details ? (
        <section className="billing-card" aria-labelledby="current-plan-unavailable">
          <p id="current-plan-unavailable" className="billing-eyebrow">
            {t("currentPlan.eyebrow")}
          </p>
          <PlanUnavailable onRetry={() => void subscription.refetch()} retrying={subscription.isFetching} />
        </section>
      ) : details ? (
        <CurrentPlan
          subscription={details}
          onRenew={renew}
          onCancelDowngrade={cancelScheduled}
          cancelling={cancelDowngrade.isPending}
          cancelMessage={cancelMessage}
        />
      ) : (
        <CurrentPlanSkeleton />
      )}

      {plansError ? (
        <section className="billing-section" aria-label={t("chooser.title")}>
          <ErrorPanel
            title={t("chooser.loadFailed")}
            error={plansError}
            onRetry={() => void plans.refetch()}
            retrying={plansRetrying(plans)}
          />
        </section>
      ) : plans.data && (details || subscription.isError) ? (
        // The plans are their own query: they show even when the current plan could not be loaded.
        <PlanChooser
          plans={plans.data}
          subscription={details ?? null}
          interval={interval}
          onIntervalChange={setChosenInterval}
          onAction={act}
        />
      ) : (
        <section className="billing-section" aria-label={t("chooser.title")} aria-busy="true">
          <PlanChooserSkeleton />
        </section>
      )}

      <HistorySection
        titleId="payment-history-title"
        title={t("payments.title")}
        failed={t("payments.loadFailed")}
        query={payments}
      >
        {(data) => <PaymentHistory payments={data} />}
      </HistorySection>

      <HistorySection
        titleId="plan-changes-title"
        title={t("planChanges.title")}
        failed={t("planChanges.loadFailed")}
        query={planChanges}
      >
        {(data) => <PlanChanges changes={data} />}
      </HistorySection>

      <UpgradeModal
        open={upgrade !== null}
        planName={upgrade?.planName ?? ""}
        interval={upgrade?.interval ?? "monthly"}
        mode={upgrade?.mode}
        onClose={() => setUpgrade(null)}
      />
      <DowngradeModal state={downgrade} dispatch={dispatchDowngrade} />
    </div>
  );
}
