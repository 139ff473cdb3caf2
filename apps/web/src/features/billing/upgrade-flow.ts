import type {
  PaymentCreateRequest,
  PaymentCreateResponse,
  PaymentInitiateRequest,
  PaymentInitiateResponse,
  PaymentMethod,
  Plan,
} from "@parley/contracts";
import billingEn from "@parley/ui/locales/en/billing";
import { type ApiError, isApiError } from "../../lib/api-error";
import { clearPaymentInfo, type KeyValueStorage, savePaymentInfo } from "./payment-info";
import { type BillingKey, englishBilling, type Wording } from "./wording";

/**
 * The plan name an upgrade dialog shows: the catalogue's proper name (`nameOf`, i.e. `usePlanText().name`)
 * for the plan found, else for the requested name (`?upgrade=business` when the plans failed to load),
 * whose known names the catalogue capitalises; an unknown name gets its words capitalised.
 */
export function upgradePlanName(
  requested: string,
  plan: Pick<Plan, "name"> | undefined,
  nameOf: (plan: Pick<Plan, "name">) => string,
): string {
  if (plan) return nameOf(plan);
  const name = requested.trim().replace(/\s+/g, " ");
  const shown = nameOf({ name });
  if (shown !== name) return shown;
  return name.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** Spec §4: plan-confirmation → payment-details (confirm plan); Back returns. */
export type UpgradeStep = "plan-confirmation" | "payment-details";
/** Spec §4: idle → processing → redirecting (browser goes to the gateway) | failed. */
export type PaymentStatus = "idle" | "processing" | "redirecting" | "failed";
/** "upgrade" (the default) buys a higher plan; "renew" pays the current plan's next period. */
export type UpgradeMode = "upgrade" | "renew";
/** What the user picks; the API calls it `payment_provider`. */
export type CheckoutMethod = "card" | "benefit";

/** The spec's messages (§5) in English, from the billing catalog (`upgrade.messages`). */
export const UPGRADE_MESSAGES = billingEn.upgrade.messages;

/**
 * How the flows word what they say, in the reader's language. The modals pass the page's own
 * (`useFlowWording`); the default is the spec's English, which the unit tests read.
 */
export interface FlowWording {
  /** The flow's own message, by its billing catalog key. */
  text: Wording<BillingKey>;
  /** An API error carrying the server's reason (the page's `useErrorText()`). */
  apiError: (error: ApiError) => string;
  /** A reason a reply carried outside an error; `fallback` where the reader's language lacks it. */
  reply: (message: string, fallback: string) => string;
}

export const englishFlowWording: FlowWording = {
  text: englishBilling,
  apiError: (error) => error.message,
  reply: (message) => message,
};

/** Spec §9: card maps to 'mastercard', anything else to 'benefit'. */
export function providerFor(method: CheckoutMethod): PaymentMethod {
  return method === "card" ? "mastercard" : "benefit";
}

// ---------------------------------------------------------------------------------------------
// Modal state

export interface UpgradeState {
  step: UpgradeStep;
  method: CheckoutMethod;
  status: PaymentStatus;
  error: string | null;
}

export type UpgradeAction =
  | { type: "confirm-plan" }
  | { type: "back" }
  | { type: "select-method"; method: CheckoutMethod }
  | { type: "status"; status: PaymentStatus; error?: string }
  | { type: "reset" };

export const initialUpgradeState: UpgradeState = {
  step: "plan-confirmation",
  method: "card",
  status: "idle",
  error: null,
};

/** True while a payment is being started or the browser is leaving for the gateway. */
export function isBusy(state: Pick<UpgradeState, "status">): boolean {
  return state.status === "processing" || state.status === "redirecting";
}

export function upgradeReducer(state: UpgradeState, action: UpgradeAction): UpgradeState {
  switch (action.type) {
    case "confirm-plan":
      return state.step === "plan-confirmation" ? { ...state, step: "payment-details" } : state;
    case "back":
      // Leaving the payment step mid-payment would hide a redirect that is about to happen.
      if (state.step !== "payment-details" || isBusy(state)) return state;
      return { ...state, step: "plan-confirmation", status: "idle", error: null };
    case "select-method":
      if (isBusy(state)) return state;
      return { ...state, method: action.method, status: "idle", error: null };
    case "status":
      if (action.status === "processing" && isBusy(state)) return state;
      return {
        ...state,
        status: action.status,
        error: action.status === "failed" ? (action.error ?? UPGRADE_MESSAGES.processingFailed) : null,
      };
    case "reset":
      return initialUpgradeState;
  }
}

// ---------------------------------------------------------------------------------------------
// Starting a payment

/** The initiation reply as the flow must be ready to see it: a refusal may carry only a message. */
export type InitiateReply = Pick<PaymentInitiateResponse, "success"> &
  Partial<Omit<PaymentInitiateResponse, "success">>;

export interface UpgradeClient {
  initiate(body: PaymentInitiateRequest): Promise<InitiateReply>;
  create(body: PaymentCreateRequest): Promise<Pick<PaymentCreateResponse, "success">>;
}

export interface UpgradeDeps {
  client: UpgradeClient;
  /** The reader's language for the messages (English by default). */
  wording?: FlowWording;
  /** Where `payment_info` is kept (localStorage in the browser). */
  storage: KeyValueStorage | undefined;
  /** Leaves for the gateway (window.location.assign in the browser). */
  navigate: (url: string) => void;
  now?: () => Date;
  /** Told "processing" when the work starts and "redirecting" just before navigating. */
  onStatus?: (status: "processing" | "redirecting") => void;
}

export interface UpgradeInput {
  user: { id: string; name: string } | null | undefined;
  plan: Plan | null | undefined;
  method: CheckoutMethod;
}

export type UpgradeResult =
  | { status: "redirecting"; paymentUrl: string; trackId: string }
  | { status: "failed"; message: string };

class FlowError extends Error {}

/**
 * The server's reason whenever it gave one (spec §8: server message preferred), a 5xx's included;
 * else `fallback`: no answer at all, an answer we could not read, or a status without a message
 * (whose text this client made up).
 */
export function serverMessage(
  error: unknown,
  fallback: string,
  wording: FlowWording = englishFlowWording,
): string {
  if (error instanceof FlowError) return error.message;
  if (isApiError(error) && error.fromServer && error.message.trim()) return wording.apiError(error);
  return fallback;
}

/** Only a web address may be navigated to; anything else counts as no URL at all. */
function gatewayUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Spec §5: success true, then a payment URL, then a track id; each missing one has its message. */
export function interpretInitiateReply(
  reply: InitiateReply,
  wording: FlowWording = englishFlowWording,
): { ok: true; paymentUrl: string; trackId: string } | { ok: false; message: string } {
  const failed = wording.text("upgrade.messages.initiationFailed");
  if (!reply.success) {
    const reason = reply.message?.trim();
    return { ok: false, message: reason ? wording.reply(reason, failed) : failed };
  }
  const paymentUrl = gatewayUrl(reply.payment_url);
  if (!paymentUrl) return { ok: false, message: wording.text("upgrade.messages.noPaymentUrl") };
  if (!reply.track_id) return { ok: false, message: failed };
  return { ok: true, paymentUrl, trackId: reply.track_id };
}

/**
 * The payment step of the upgrade modal, in the spec's order: validate, initiate, remember the
 * payment in `payment_info`, record it, then leave for the gateway. Every failure resolves with the
 * spec's message (the server's own reason preferred) and nothing navigates.
 */
export async function startUpgradePayment(deps: UpgradeDeps, input: UpgradeInput): Promise<UpgradeResult> {
  const { client, storage, navigate } = deps;
  const now = deps.now ?? (() => new Date());
  const wording = deps.wording ?? englishFlowWording;
  const { user, plan, method } = input;
  if (!user?.id || !plan?._id)
    return { status: "failed", message: wording.text("upgrade.messages.missingUserOrPlan") };

  deps.onStatus?.("processing");
  const paymentMethod = providerFor(method);
  let trackId: string | undefined;
  try {
    const initiated = await client.initiate({
      payment_provider: paymentMethod,
      amount: plan.price.amount,
      planId: plan._id,
    });
    const started = interpretInitiateReply(initiated, wording);
    if (!started.ok) throw new FlowError(started.message);
    const { paymentUrl } = started;
    trackId = started.trackId;

    savePaymentInfo(storage, {
      track_id: trackId,
      amount: plan.price.amount,
      plan_name: plan.name,
      payment_method: paymentMethod,
      timestamp: now().toISOString(),
    });

    const recorded = await client.create({
      userId: user.id,
      planId: plan._id,
      trackId,
      amount: plan.price.amount,
      username: user.name,
      planName: plan.name,
    });
    if (!recorded.success) throw new FlowError(wording.text("upgrade.messages.recordFailed"));

    deps.onStatus?.("redirecting");
    navigate(paymentUrl);
    return { status: "redirecting", paymentUrl, trackId };
  } catch (error) {
    // The user stays here, so the result page must not pick this payment up as "in progress".
    if (trackId) clearPaymentInfo(storage, trackId);
    return {
      status: "failed",
      message: serverMessage(error, wording.text("upgrade.messages.processingFailed"), wording),
    };
  }
}
