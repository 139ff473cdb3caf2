/** What other features may use of pricing: the plans, their wording and the interval toggle. */
export { planKeys, plansFailure, plansRetrying, usePlans } from "./api";
export { BillingIntervalToggle } from "./components/BillingIntervalToggle";
export { isNumericFeature, plansForInterval } from "./pricing";
export { usePlanText } from "./use-plan-text";
