import type {
  AdminHealth,
  AdminMe,
  AdminPayment,
  AdminPaymentDetail,
  AdminPlan,
  AdminPlanPatch,
} from "@parley/contracts";
import {
  ADMIN_STEP_UP_SECONDS,
  adminPaymentSchema,
  adminPaymentStateSchema,
  formatMoney,
  majorToMinor,
  minorToMajor,
  signUpNameOwner,
} from "@parley/contracts";

/** The console's pure rules: who may change what, filters, the plan form and its patch. */

export type PaymentState = AdminPayment["state"];
export type PaymentProvider = AdminPayment["provider"];

export const PAYMENT_STATES: readonly PaymentState[] = adminPaymentStateSchema.options;
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = adminPaymentSchema.shape.provider.options;

export interface PaymentFilters {
  q?: string;
  state?: PaymentState;
  provider?: PaymentProvider;
  /** The amount exactly, in major units as typed ("9.5"). */
  amount?: string;
  /** Started on or after / on or before these days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,6}(\.\d{1,3})?$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** `?q=&state=&provider=` → filters; an unknown state or provider is ignored, not sent. */
export function paymentFiltersFrom(params: URLSearchParams): PaymentFilters {
  const q = params.get("q")?.trim();
  const state = oneOf(PAYMENT_STATES, params.get("state"));
  const provider = oneOf(PAYMENT_PROVIDERS, params.get("provider"));
  // An amount or a day the API would refuse is left out rather than sent.
  const amount = params.get("amount")?.trim();
  const from = params.get("from")?.trim();
  const to = params.get("to")?.trim();
  return {
    ...(q ? { q } : {}),
    ...(state ? { state } : {}),
    ...(provider ? { provider } : {}),
    ...(amount && AMOUNT.test(amount) && Number(amount) > 0 ? { amount } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
  };
}

export function paymentFiltersToSearch(filters: PaymentFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["q", "state", "provider", "amount", "from", "to"] as const) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Whether any filter is set (a "Clear filters" is offered). */
export const anyPaymentFilter = (filters: PaymentFilters) =>
  Object.keys(paymentFiltersToSearch(filters)).length > 0;

/** How a payment's state reads at a glance (the billing page's badge tones). */
export const PAYMENT_TONE: Record<PaymentState, "success" | "warning" | "danger" | "neutral"> = {
  pending: "neutral",
  captured: "success",
  failed: "danger",
  canceled: "neutral",
  expired: "neutral",
  amount_mismatch: "warning",
};

/** Only a pending payment has anything to ask the gateway about (the API answers 409 otherwise). */
export const canInquire = (payment: Pick<AdminPayment, "state">) => payment.state === "pending";

/** What is left to refund of a captured payment: its amount less refunds not refused (in minor units, exact). */
export function refundLeft(payment: Pick<AdminPaymentDetail, "amount" | "refunds">): number {
  const { currency } = payment.amount;
  const taken = payment.refunds
    .filter((r) => r.status !== "failed")
    .reduce((sum, r) => sum + majorToMinor(r.amount.amount, currency), 0);
  return minorToMajor(Math.max(0, majorToMinor(payment.amount.amount, currency) - taken), currency);
}

/**
 * Whether the staff member may change things now: `support` never (the API refuses), an `admin`
 * within the step-up window (the API is the judge; this only spares typing a reason in vain).
 */
export type ChangeAccess = { allowed: true } | { allowed: false; why: "support" | "stepUp" };

export function changeAccess(staff: Pick<AdminMe, "role" | "changesUntil">, now: number): ChangeAccess {
  if (staff.role !== "admin") return { allowed: false, why: "support" };
  const until = staff.changesUntil ? Date.parse(staff.changesUntil) : Number.NaN;
  if (Number.isNaN(until) || until <= now) return { allowed: false, why: "stepUp" };
  return { allowed: true };
}

/** The step-up window's length, in minutes (for the words that explain it). */
export const STEP_UP_MINUTES = ADMIN_STEP_UP_SECONDS / 60;

/**
 * The sign-in app's page in re-authentication mode: the signed-in account is asked for its
 * password again, and the new session's tokens carry a fresh `authTime`.
 */
export function reauthUrl(signInUrl: string): string {
  const url = new URL(signInUrl);
  url.searchParams.set("reauth", "1");
  return url.toString();
}

/** `YYYY-MM-DD` of a date, in UTC (the API reads a bare date as that whole UTC day). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day after `now`: the earliest end a grant may have. */
export function tomorrow(now: Date): string {
  return isoDay(new Date(now.getTime() + 86_400_000));
}

/** A grant's end: a real calendar day, after today. */
export function isGrantEnd(value: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && isoDay(day) === value && value > isoDay(now);
}

/** The plans a grant may give: paid ones on sale (every workspace has the Free plan already). */
export function grantablePlans(plans: readonly AdminPlan[]): AdminPlan[] {
  return plans
    .filter((plan) => plan.isActive && plan.tier > 0)
    .sort((a, b) => a.tier - b.tier || a.billingInterval.localeCompare(b.billingInterval));
}

/** The plans a downgrade may go to: on sale, below the current plan's tier, nearest first. */
export function lowerPlans(
  plans: readonly AdminPlan[],
  current: { tier: number; billingInterval: AdminPlan["billingInterval"] },
): AdminPlan[] {
  return plans
    .filter((plan) => plan.isActive && plan.tier < current.tier)
    .sort(
      (a, b) =>
        b.tier - a.tier ||
        Number(b.billingInterval === current.billingInterval) -
          Number(a.billingInterval === current.billingInterval),
    );
}

/** A usage figure against its limit, 0…1 (a limit of 0 is full at once). */
export function usageRatio(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, used / limit));
}

/** `recentErrors[].what` is "source: <title>" or "webhook: <url>": the kind, and the name. */
export function errorSubject(what: string): { kind: "source" | "webhook" | "other"; name: string } {
  const match = /^(source|webhook): (.*)$/s.exec(what);
  if (match?.[1] === "source" || match?.[1] === "webhook") return { kind: match[1], name: match[2] ?? "" };
  return { kind: "other", name: what };
}

/**
 * A gateway event's recorded reason (the API's English words, amounts in minor units) as a key of
 * `admin:payment.reasons` and its values; null for a reason this console does not know (shown as is).
 */
export function eventReason(
  reason: string,
):
  | { key: "duplicate" | "unknownTrack" | "otherProvider" | "stillPending" | "lateCapture" }
  | { key: "already"; state: string }
  | { key: "mismatch"; got: string; expected: string }
  | null {
  const fixed = {
    "duplicate event": "duplicate",
    "unknown track id": "unknownTrack",
    "event from another provider": "otherProvider",
    "still pending": "stillPending",
    "captured after the payment had expired": "lateCapture",
  } as const;
  if (reason in fixed) return { key: fixed[reason as keyof typeof fixed] };
  const already = /^payment already (\w+)$/.exec(reason);
  if (already?.[1]) return { key: "already", state: already[1] };
  const mismatch = /^amount mismatch: got (\d+) (\w+), expected (\d+) ([A-Z]{3})$/.exec(reason);
  if (mismatch) {
    const [, got, gotCurrency, expected, currency = "BHD"] = mismatch;
    const money = (minor: string | undefined, code: string) =>
      formatMoney(minorToMajor(Number(minor), code), code);
    const gotCode = gotCurrency && /^[A-Z]{3}$/.test(gotCurrency) ? gotCurrency : currency;
    return { key: "mismatch", got: money(got, gotCode), expected: money(expected, currency) };
  }
  return null;
}

/** Messages by hour and channel as rows (one an hour, newest first) and the channels seen. */
export function messagesTable(rows: AdminHealth["messagesByHour"]): {
  channels: string[];
  hours: { hour: string; byChannel: Record<string, number>; total: number }[];
  total: number;
} {
  const channels = [...new Set(rows.map((r) => r.channel))].sort();
  const hours = new Map<string, { hour: string; byChannel: Record<string, number>; total: number }>();
  let total = 0;
  for (const row of rows) {
    let hour = hours.get(row.hour);
    if (!hour) {
      hour = { hour: row.hour, byChannel: {}, total: 0 };
      hours.set(row.hour, hour);
    }
    hour.byChannel[row.channel] = (hour.byChannel[row.channel] ?? 0) + row.messages;
    hour.total += row.messages;
    total += row.messages;
  }
  return { channels, hours: [...hours.values()].sort((a, b) => b.hour.localeCompare(a.hour)), total };
}

// ——— The plan form ———

export const LIMIT_KEYS = ["chatbots", "messagesPerMonth", "knowledgeSources", "teamMembers"] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** The plan form's fields as typed: numbers as numbers, features one a line. */
export interface PlanFormValues {
  price: number;
  priceFrom: string;
  limits: Record<LimitKey, number>;
  name: { en: string; ar: string };
  description: { en: string; ar: string };
  features: { en: string; ar: string };
  isActive: boolean;
  reason: string;
}

export function planFormValues(plan: AdminPlan): PlanFormValues {
  return {
    price: plan.price.amount,
    priceFrom: "",
    limits: { ...plan.limits },
    name: { en: plan.texts.en.name, ar: plan.texts.ar.name },
    description: { en: plan.texts.en.description, ar: plan.texts.ar.description },
    features: { en: plan.texts.en.extras.join("\n"), ar: plan.texts.ar.extras.join("\n") },
    isActive: plan.isActive,
    reason: "",
  };
}

/** Features typed one a line: blank lines dropped, each trimmed. */
export const featureLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

const sameLines = (a: string, b: string) => featureLines(a).join("\n") === featureLines(b).join("\n");

/**
 * The edit to send: only what differs from `base` (the version the operator opened), with that
 * version, so someone else's edit in between answers 409 instead of being overwritten. Null when
 * nothing changed.
 */
export function planPatch(base: AdminPlan, values: PlanFormValues): AdminPlanPatch | null {
  const was = planFormValues(base);
  const patch: AdminPlanPatch = { version: base.version, reason: values.reason.trim() };
  let changed = false;
  if (values.price !== was.price || values.priceFrom) {
    patch.price = { amount: values.price, ...(values.priceFrom ? { from: values.priceFrom } : {}) };
    changed = true;
  }
  const limits: NonNullable<AdminPlanPatch["limits"]> = {};
  for (const key of LIMIT_KEYS) if (values.limits[key] !== was.limits[key]) limits[key] = values.limits[key];
  if (Object.keys(limits).length > 0) {
    patch.limits = limits;
    changed = true;
  }
  const trimmed = (pair: { en: string; ar: string }) => ({ en: pair.en.trim(), ar: pair.ar.trim() });
  if (values.name.en.trim() !== was.name.en || values.name.ar.trim() !== was.name.ar) {
    patch.name = trimmed(values.name);
    changed = true;
  }
  if (
    values.description.en.trim() !== was.description.en ||
    values.description.ar.trim() !== was.description.ar
  ) {
    patch.description = trimmed(values.description);
    changed = true;
  }
  if (!sameLines(values.features.en, was.features.en) || !sameLines(values.features.ar, was.features.ar)) {
    patch.features = { en: featureLines(values.features.en), ar: featureLines(values.features.ar) };
    changed = true;
  }
  if (values.isActive !== was.isActive) {
    patch.isActive = values.isActive;
    changed = true;
  }
  return changed ? patch : null;
}

type Leaf = string | number | boolean;
const leaves = (values: PlanFormValues): [string, Leaf][] => {
  const out: [string, Leaf][] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    else out.push([prefix, value as Leaf]);
  };
  walk("", values);
  return out;
};

/**
 * After a 409, the plan as it is now becomes the base: what the operator typed is kept, and each
 * field they left alone takes the newer value (so saving does not undo the other person's edit).
 */
export function rebasePlanForm(
  values: PlanFormValues,
  oldBase: AdminPlan,
  newBase: AdminPlan,
): PlanFormValues {
  const before = new Map(leaves(planFormValues(oldBase)));
  const after = new Map(leaves(planFormValues(newBase)));
  const out = structuredClone(values);
  for (const [path, value] of leaves(values)) {
    if (path === "reason" || path === "priceFrom" || before.get(path) !== value) continue;
    const keys = path.split(".");
    let target = out as unknown as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    const last = keys.at(-1);
    if (last !== undefined && after.has(path)) target[last] = after.get(path);
  }
  return out;
}

/**
 * A workspace's name as the reader should see it: a personal workspace's stored name is the
 * English "Ada's workspace" sign-up gave it, said in the reader's language like the app's switcher
 * does; any other name as it is.
 */
export function workspaceNameOf(name: string, theirs: (owner: string) => string): string {
  const owner = signUpNameOwner(name);
  return owner ? theirs(owner) : name;
}
