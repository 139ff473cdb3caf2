import type { BillingInterval } from "@parley/contracts";
import { formatMoney } from "@parley/contracts";
import { type ReactNode, useEffect, useId, useReducer, useRef } from "react";
import { Modal } from "../../../components/Modal";
import { useCreatePaymentRecord, useInitiatePayment, usePlans } from "../api";
import { findPlan } from "../billing";
import { useBillingUser } from "../billing-user";
import { browserStorage } from "../payment-info";
import {
  type CheckoutMethod,
  initialUpgradeState,
  isBusy,
  startUpgradePayment,
  UPGRADE_MESSAGES,
  type UpgradeMode,
  upgradeReducer,
} from "../upgrade-flow";
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

const methods: { value: CheckoutMethod; label: string; hint: string }[] = [
  { value: "card", label: "Card (Mastercard)", hint: "Credit or debit card, on the Mastercard secure page" },
  { value: "benefit", label: "BENEFIT", hint: "Bahraini debit card, on the BENEFIT payment gateway" },
];

/** Two steps (spec §2.5): plan-confirmation, then payment-details, which leaves for the gateway. */
export function UpgradeModal({ open, planName, interval, mode = "upgrade", onClose }: UpgradeModalProps) {
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
      },
      { user, plan, method: state.method },
    );
    if (result.status === "failed") dispatch({ type: "status", status: "failed", error: result.message });
  };

  const title = mode === "renew" ? `Renew ${plan?.name ?? planName}` : `Upgrade to ${plan?.name ?? planName}`;
  const stepLabel =
    state.step === "plan-confirmation" ? "Step 1 of 2 · Confirm your plan" : "Step 2 of 2 · Payment";

  let body: ReactNode;
  if (plans.isPending) {
    body = (
      <div className="upgrade-loading" role="status">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <span>Loading plan details…</span>
      </div>
    );
  } else if (plans.isError) {
    body = (
      <>
        <p className="alert alert-error" role="alert">
          {UPGRADE_MESSAGES.plansFailed}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            ref={primaryRef}
            type="button"
            className="btn btn-primary"
            onClick={() => void plans.refetch()}
            disabled={plans.isFetching}
          >
            {plans.isFetching ? <span className="spinner" aria-hidden="true" /> : null}
            Try again
          </button>
        </div>
      </>
    );
  } else if (!plan) {
    body = (
      <>
        <p className="alert alert-error" role="alert">
          The {planName} plan ({interval}) is not available right now. Please choose another plan.
        </p>
        <div className="modal-actions">
          <button ref={primaryRef} type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </>
    );
  } else if (state.step === "plan-confirmation") {
    body = (
      <>
        <PlanSummary plan={plan} tone="accent" />
        <div className="info-box">
          <h3 className="info-box-title">What happens next</h3>
          <ul className="info-box-list">
            <li>
              <CheckIcon />
              <span>Your new period starts when the payment is captured.</span>
            </li>
            <li>
              <CheckIcon />
              <span>
                {mode === "renew"
                  ? "You keep everything in your plan without interruption."
                  : "Your new limits apply right away, and any scheduled downgrade is cancelled."}
              </span>
            </li>
            <li>
              <CheckIcon />
              <span>Renewals are manual: when the period ends you have 7 days to pay for the next one.</span>
            </li>
          </ul>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            ref={primaryRef}
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch({ type: "confirm-plan" })}
          >
            Continue to payment
          </button>
        </div>
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
          <legend className="method-legend">Payment method</legend>
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
                <span className="method-label">{method.label}</span>
                <span className="method-hint">{method.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <dl className="payment-summary">
          <div>
            <dt>Plan</dt>
            <dd>
              {plan.name} · {plan.billingInterval === "yearly" ? "Yearly" : "Monthly"}
            </dd>
          </div>
          <div className="payment-summary-total">
            <dt>Amount due today</dt>
            <dd data-testid="payment-amount">{amount}</dd>
          </div>
        </dl>

        {state.status === "failed" && state.error ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        <p className="payment-note" aria-live="polite">
          {state.status === "redirecting"
            ? "Taking you to the secure payment page…"
            : "You'll complete the payment on the secure payment page, then come back here."}
        </p>

        <div className="modal-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => dispatch({ type: "back" })}
            disabled={busy}
          >
            Back
          </button>
          <button ref={primaryRef} type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {`Pay ${amount}`}
          </button>
        </div>
      </form>
    );
  }

  return (
    <Modal
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
    </Modal>
  );
}
