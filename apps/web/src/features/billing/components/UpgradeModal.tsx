import type { BillingInterval } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useId, useReducer, useRef } from "react";
import { usePlanText } from "../../pricing/public";
import { plansFailure, plansRetrying, useCreatePaymentRecord, useInitiatePayment, usePlans } from "../api";
import { findPlan } from "../billing";
import { useBillingUser } from "../billing-user";
import { browserStorage } from "../payment-info";
import {
  type CheckoutMethod,
  initialUpgradeState,
  isBusy,
  startUpgradePayment,
  type UpgradeMode,
  upgradePlanName,
  upgradeReducer,
} from "../upgrade-flow";
import { useFlowWording } from "../use-wording";
import { CloseButton } from "./CloseButton";
import { CheckIcon, PlanSummary } from "./PlanSummary";
import { TestModeBanner } from "./TestModeBanner";
import "../styles/billing-base.css";
import "../styles/billing-modals.css";

export interface UpgradeModalProps {
  open: boolean;
  /** The plan to buy, matched case-insensitively among the active plans. */
  planName: string;
  interval: BillingInterval;
  /** Defaults to "upgrade" (spec §4); "renew" pays the current plan's next period. */
  mode?: UpgradeMode;
  onClose: () => void;
}

const methods = [
  { value: "card", label: "payments.methods.mastercard", hint: "upgrade.cardHint" },
  { value: "benefit", label: "payments.methods.benefit", hint: "upgrade.benefitHint" },
] as const satisfies readonly { value: CheckoutMethod; label: string; hint: string }[];

/** A step's failure, read out at once. */
function StepError({ children }: { children: ReactNode }) {
  return (
    <p className="alert alert-error" role="alert">
      {children}
    </p>
  );
}

/** A step's buttons: the way back (or out) first, then the step's own. */
function StepActions({
  backLabel,
  onBack,
  backDisabled,
  children,
}: {
  backLabel: ReactNode;
  onBack: () => void;
  backDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onBack} disabled={backDisabled}>
        {backLabel}
      </button>
      {children}
    </div>
  );
}

/** Two steps (spec §2.5): plan-confirmation, then payment-details, which leaves for the gateway. */
export function UpgradeModal({ open, planName, interval, mode = "upgrade", onClose }: UpgradeModalProps) {
  const { t } = useTranslation("billing");
  const planText = usePlanText();
  const wording = useFlowWording();
  const [state, dispatch] = useReducer(upgradeReducer, initialUpgradeState);
  const plans = usePlans();
  const { user } = useBillingUser();
  const initiate = useInitiatePayment();
  const record = useCreatePaymentRecord();
  const plan = findPlan(plans.data, planName, interval);
  const busy = isBusy(state);
  const methodName = useId();
  const primaryRef = useRef<HTMLButtonElement>(null);

  // Every opening starts from the first step.
  useEffect(() => {
    if (!open) dispatch({ type: "reset" });
  }, [open]);

  // Changing step moves focus into the new step: the chosen payment method, or the main button.
  const shownStep = useRef(state.step);
  const stepRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    const checked = stepRef.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    (checked ?? primaryRef.current)?.focus();
  });

  const pay = async () => {
    if (busy) return;
    const result = await startUpgradePayment(
      {
        client: { initiate: initiate.mutateAsync, create: record.mutateAsync },
        storage: browserStorage(),
        navigate: (url) => window.location.assign(url),
        onStatus: (status) => dispatch({ type: "status", status }),
        wording,
      },
      { user, plan, method: state.method },
    );
    if (result.status === "failed") dispatch({ type: "status", status: "failed", error: result.message });
  };

  const shownName = upgradePlanName(planName, plan, planText.name);
  const title =
    mode === "renew" ? t("upgrade.renewTitle", { plan: shownName }) : t("upgrade.title", { plan: shownName });
  const stepLabel = state.step === "plan-confirmation" ? t("upgrade.step1") : t("upgrade.step2");

  let body: ReactNode;
  if (plansFailure(plans) !== null) {
    body = (
      <>
        <StepError>{t("upgrade.messages.plansFailed")}</StepError>
        <StepActions backLabel={t("upgrade.cancel")} onBack={onClose}>
          <button
            ref={primaryRef}
            type="button"
            className="btn btn-primary"
            onClick={() => void plans.refetch()}
            disabled={plansRetrying(plans)}
          >
            {plansRetrying(plans) ? <span className="spinner" aria-hidden="true" /> : null}
            {t("tryAgain")}
          </button>
        </StepActions>
      </>
    );
  } else if (plans.isPending) {
    body = (
      <div className="upgrade-loading" role="status">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <span>{t("upgrade.loading")}</span>
      </div>
    );
  } else if (!plan) {
    body = (
      <>
        <StepError>
          {interval === "yearly"
            ? t("upgrade.notOfferedYearly", { plan: shownName })
            : t("upgrade.notOfferedMonthly", { plan: shownName })}
        </StepError>
        <div className="modal-actions">
          <button ref={primaryRef} type="button" className="btn btn-secondary" onClick={onClose}>
            {t("close")}
          </button>
        </div>
      </>
    );
  } else if (state.step === "plan-confirmation") {
    body = (
      <>
        <PlanSummary plan={plan} tone="accent" />
        <div className="info-box">
          <h3 className="info-box-title">{t("upgrade.nextTitle")}</h3>
          <ul className="info-box-list">
            <li>
              <CheckIcon />
              <span>{t("upgrade.nextPeriod")}</span>
            </li>
            <li>
              <CheckIcon />
              <span>{mode === "renew" ? t("upgrade.nextRenew") : t("upgrade.nextUpgrade")}</span>
            </li>
            <li>
              <CheckIcon />
              <span>{t("upgrade.nextManual")}</span>
            </li>
          </ul>
        </div>
        <StepActions backLabel={t("upgrade.cancel")} onBack={onClose}>
          <button
            ref={primaryRef}
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch({ type: "confirm-plan" })}
          >
            {t("upgrade.continue")}
          </button>
        </StepActions>
      </>
    );
  } else {
    const amount = formatMoney(plan.price.amount, plan.price.currency);
    body = (
      <form
        className="payment-form"
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <fieldset className="method-group" disabled={busy}>
          <legend className="method-legend">{t("upgrade.method")}</legend>
          {methods.map((method) => (
            <label key={method.value} className="method-option" data-checked={state.method === method.value}>
              <input
                type="radio"
                name={methodName}
                value={method.value}
                checked={state.method === method.value}
                onChange={() => dispatch({ type: "select-method", method: method.value })}
              />
              <span className="method-text">
                <span className="method-label">{t(method.label)}</span>
                <span className="method-hint">{t(method.hint)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <dl className="payment-summary">
          <div>
            <dt>{t("upgrade.plan")}</dt>
            <dd>
              {planText.name(plan)} ·{" "}
              {plan.billingInterval === "yearly" ? t("interval.yearly") : t("interval.monthly")}
            </dd>
          </div>
          <div className="payment-summary-total">
            <dt>{t("upgrade.amountDue")}</dt>
            <dd data-testid="payment-amount">{amount}</dd>
          </div>
        </dl>

        {state.status === "failed" && state.error ? <StepError>{state.error}</StepError> : null}
        <p className="payment-note" aria-live="polite">
          {state.status === "redirecting" ? t("upgrade.redirecting") : t("upgrade.completeThere")}
        </p>

        <StepActions
          backLabel={t("upgrade.back")}
          onBack={() => dispatch({ type: "back" })}
          backDisabled={busy}
        >
          <Button ref={primaryRef} type="submit" variant="primary" busy={busy}>
            {t("upgrade.pay", { amount })}
          </Button>
        </StepActions>
      </form>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size="md"
      title={title}
      description={plans.isSuccess && plan ? stepLabel : undefined}
    >
      <CloseButton onClick={onClose} disabled={busy} />
      <TestModeBanner compact />
      <div ref={stepRef} className="upgrade-body" data-step={plan ? state.step : undefined}>
        {body}
      </div>
    </Dialog>
  );
}
