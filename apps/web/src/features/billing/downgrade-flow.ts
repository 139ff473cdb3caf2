import type { DowngradeRequest, DowngradeResponse, Plan } from "@parley/contracts";
import billingEn from "@parley/ui/locales/en/billing";
import { isApiError } from "../../lib/api-error";
import { englishFlowWording, type FlowWording, serverMessage } from "./upgrade-flow";

/** Spec §9: the success stage closes itself after this long, then the state resets. */
export const DOWNGRADE_SUCCESS_CLOSE_MS = 3000;

/** The spec's messages (§5) in English, from the billing catalog (`downgrade.messages`). */
export const DOWNGRADE_MESSAGES = billingEn.downgrade.messages;

/**
 * The two busy signs the spec names, each shown long enough to be read and never flashed: the
 * Confirm Downgrade button says 'Processing...' while the request goes out (at least this long),
 * and only a request still running after that moves the dialog to the Processing stage, which
 * then stays at least `DOWNGRADE_PROCESSING_MIN_MS`.
 */
export const DOWNGRADE_BUTTON_BUSY_MS = 400;
export const DOWNGRADE_PROCESSING_MIN_MS = 700;

/** Spec §4: confirmation → processing → success; an error returns to confirmation. */
export type DowngradeStage = "confirmation" | "processing" | "success";

type PlanShown = Pick<
  Plan,
  "_id" | "name" | "description" | "price" | "billingInterval" | "features" | "texts"
>;

/** Spec §3's downgrade modal state, plus the stage, the error shown and the scheduled result. */
export interface DowngradeState {
  isOpen: boolean;
  currentPlan: PlanShown | null;
  targetPlan: PlanShown | null;
  trackId: string | null;
  /** The current period's end (ISO), when the change takes effect; null if unknown. */
  nextBillingDate: string | null;
  isProcessing: boolean;
  stage: DowngradeStage;
  error: string | null;
  scheduled: { planName: string; effectiveAt: string } | null;
}

export type DowngradeAction =
  | {
      type: "open";
      currentPlan: PlanShown | null;
      targetPlan: PlanShown | null;
      trackId: string | null;
      nextBillingDate: string | null;
    }
  | { type: "close" }
  | { type: "submit" }
  | { type: "show-processing" }
  | { type: "failed"; message: string }
  | { type: "succeeded"; planName: string; effectiveAt: string }
  | { type: "reset" };

export const initialDowngradeState: DowngradeState = {
  isOpen: false,
  currentPlan: null,
  targetPlan: null,
  trackId: null,
  nextBillingDate: null,
  isProcessing: false,
  stage: "confirmation",
  error: null,
  scheduled: null,
};

export function downgradeReducer(state: DowngradeState, action: DowngradeAction): DowngradeState {
  switch (action.type) {
    case "open":
      if (state.isProcessing) return state;
      return {
        ...initialDowngradeState,
        isOpen: true,
        currentPlan: action.currentPlan,
        targetPlan: action.targetPlan,
        trackId: action.trackId,
        nextBillingDate: action.nextBillingDate,
      };
    case "close":
    case "reset":
      // Spec: it cannot be closed while processing.
      return state.isProcessing ? state : initialDowngradeState;
    case "submit":
      // The button shows 'Processing...'; the Processing stage follows if the request takes a while.
      if (!state.isOpen || state.stage !== "confirmation" || state.isProcessing) return state;
      return { ...state, isProcessing: true, error: null };
    case "show-processing":
      if (!state.isProcessing || state.stage !== "confirmation") return state;
      return { ...state, stage: "processing" };
    case "failed":
      if (!state.isProcessing) return state;
      return { ...state, stage: "confirmation", isProcessing: false, error: action.message };
    case "succeeded":
      if (!state.isProcessing) return state;
      return {
        ...state,
        stage: "success",
        isProcessing: false,
        error: null,
        scheduled: { planName: action.planName, effectiveAt: action.effectiveAt },
      };
  }
}

/** Spec §5: current plan, target plan, track id and user id, or the missing-information message. */
export function buildDowngradeRequest(
  state: Pick<DowngradeState, "currentPlan" | "targetPlan" | "trackId">,
  userId: string | null | undefined,
  wording: FlowWording = englishFlowWording,
): { ok: true; request: DowngradeRequest } | { ok: false; message: string } {
  const { currentPlan, targetPlan, trackId } = state;
  if (!currentPlan || !targetPlan?._id || !trackId || !userId) {
    return { ok: false, message: wording.text("downgrade.messages.missing") };
  }
  return {
    ok: true,
    request: {
      track_id: trackId,
      userId,
      newPlanExists: { ...targetPlan },
      isYearly: targetPlan.billingInterval === "yearly",
    },
  };
}

export type DowngradeOutcome =
  | { ok: true; planName: string; effectiveAt: string }
  | { ok: false; message: string };

/** Spec §5: a reply without data, or whose message contains 'Failed', is a failure. */
export function interpretDowngradeResponse(
  response: Partial<DowngradeResponse> | null | undefined,
  wording: FlowWording = englishFlowWording,
): DowngradeOutcome {
  const message = response?.message?.trim() ?? "";
  if (!response?.plan || !response.effectiveAt || message.includes("Failed")) {
    return {
      ok: false,
      message: message
        ? wording.reply(message, wording.text("downgrade.messages.downgradeFailed"))
        : wording.text("downgrade.messages.downgradeFailed"),
    };
  }
  return { ok: true, planName: response.plan.name, effectiveAt: response.effectiveAt };
}

/** A thrown call: the server's reason, "Downgrade failed" for a reply without data, else the default. */
export function downgradeErrorMessage(error: unknown, wording: FlowWording = englishFlowWording): string {
  if (isApiError(error) && error.code === "INVALID_RESPONSE")
    return wording.text("downgrade.messages.downgradeFailed");
  return serverMessage(error, wording.text("downgrade.messages.processFailed"), wording);
}

export interface DowngradeClient {
  downgrade(body: DowngradeRequest): Promise<Partial<DowngradeResponse> | null | undefined>;
}

/** Validates, sends and interprets one downgrade request; never throws. */
export async function submitDowngrade(
  client: DowngradeClient,
  state: Pick<DowngradeState, "currentPlan" | "targetPlan" | "trackId">,
  userId: string | null | undefined,
  wording: FlowWording = englishFlowWording,
): Promise<DowngradeOutcome> {
  const built = buildDowngradeRequest(state, userId, wording);
  if (!built.ok) return built;
  try {
    return interpretDowngradeResponse(await client.downgrade(built.request), wording);
  } catch (error) {
    return { ok: false, message: downgradeErrorMessage(error, wording) };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves after the browser's next paint: a state dispatched before it is then on screen. */
export const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Confirm Downgrade: submits, sends, and moves the dialog on with the busy signs timed as
 * described at `DOWNGRADE_BUTTON_BUSY_MS`. `send` never throws (see `submitDowngrade`).
 * `shown` resolves once the last dispatched state is on screen (the modal: the next paint): each
 * busy sign's minimum counts from when the visitor can see it, not from the dispatch, so a page
 * slow to draw (a starved phone) does not eat into it.
 */
export async function confirmDowngrade(
  send: () => Promise<DowngradeOutcome>,
  dispatch: (action: DowngradeAction) => void,
  shown: () => Promise<void> = async () => {},
): Promise<DowngradeOutcome> {
  dispatch({ type: "submit" });
  const pending = send();
  await shown();
  const started = Date.now();
  const quick = await Promise.race([pending, sleep(DOWNGRADE_BUTTON_BUSY_MS).then(() => null)]);
  let outcome: DowngradeOutcome;
  if (quick) {
    // Answered while the button said 'Processing...': keep it there for its minimum, then go on.
    await sleep(Math.max(0, DOWNGRADE_BUTTON_BUSY_MS - (Date.now() - started)));
    outcome = quick;
  } else {
    dispatch({ type: "show-processing" });
    await shown();
    const [answer] = await Promise.all([pending, sleep(DOWNGRADE_PROCESSING_MIN_MS)]);
    outcome = answer;
  }
  dispatch(
    outcome.ok
      ? { type: "succeeded", planName: outcome.planName, effectiveAt: outcome.effectiveAt }
      : { type: "failed", message: outcome.message },
  );
  return outcome;
}
