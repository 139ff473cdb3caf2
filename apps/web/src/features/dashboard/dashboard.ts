import { formatMoney, type SubscriptionDetails, type Usage } from "@parley/contracts";

/** Pure helpers for the dashboard (unit-tested). */

export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return "Good morning";
  if (hour >= 12 && hour < 18) return "Good afternoon";
  return "Good evening";
}

/** "Ada Lovelace" → "Ada"; an empty name gets no name at all rather than the e-mail. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** "March 3, 2026" (spec: en-US formats), or null for a missing or unreadable date. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** "BHD 9.500" and "month": the spec's en-US currency format, also for a free plan ("BHD 0.000"). */
export function planPriceLabel(plan: SubscriptionDetails["plan"]): { amount: string; interval: string } {
  return {
    amount: formatMoney(plan.price.amount, plan.price.currency),
    interval: plan.billingInterval === "yearly" ? "year" : "month",
  };
}

/** The line under the price: when the period ends, or why there is nothing to renew. */
export function periodLine(details: SubscriptionDetails): string {
  if (details.status === "past_due") {
    const grace = formatDate(details.graceEndsAt);
    return grace
      ? `Your renewal payment is due. Access continues until ${grace}.`
      : "Your renewal payment is due.";
  }
  const end = formatDate(details.currentPeriodEnd);
  return end ? `Current period ends ${end}.` : "No renewal needed: the Free plan doesn't expire.";
}

export type UsageKey = "chatbots" | "messages" | "knowledgeSources" | "teamMembers";

export interface UsageRow {
  key: UsageKey;
  label: string;
  used: number;
  limit: number;
  /** 0 to 100, rounded down; 100 when the limit is reached or exceeded. */
  percent: number;
  /** "full" only when the user has used up what the plan lets them add (the warning). */
  level: "ok" | "high" | "full";
  /** A line under the bar, when there is something to say. */
  note: string | null;
}

const numberFormat = new Intl.NumberFormat("en-US");
export const formatCount = (value: number) => numberFormat.format(value);

export const USAGE_NOTES = {
  full: "You've reached your plan's limit. Upgrade to add more.",
  notIncluded: "Not included in your plan.",
  justYou: "Just you on this plan. Upgrade to invite teammates.",
} as const;

/**
 * `own` is what the account counts against a limit before the user does anything: the owner is
 * always one of the team members. A brand-new Free account (1 of 1 members) has reached nothing
 * it could add, so it gets no warning.
 */
function row(key: UsageKey, label: string, used: number, limit: number, own = 0): UsageRow {
  const percent = limit <= 0 ? 100 : Math.min(100, Math.floor((used / limit) * 100));
  if (limit <= 0) return { key, label, used, limit, percent, level: "full", note: USAGE_NOTES.notIncluded };
  if (limit <= own && used <= own) {
    return { key, label, used, limit, percent, level: "ok", note: USAGE_NOTES.justYou };
  }
  const level = used >= limit ? "full" : percent >= 80 ? "high" : "ok";
  return { key, label, used, limit, percent, level, note: level === "full" ? USAGE_NOTES.full : null };
}

export function usageRows(usage: Usage): UsageRow[] {
  return [
    row("chatbots", "Chatbots", usage.used.chatbots, usage.limits.chatbots),
    row("messages", "Messages this month", usage.used.messagesThisMonth, usage.limits.messagesPerMonth),
    row("knowledgeSources", "Knowledge sources", usage.used.knowledgeSources, usage.limits.knowledgeSources),
    row("teamMembers", "Team members", usage.used.teamMembers, usage.limits.teamMembers, 1),
  ];
}

export type ChecklistState = "done" | "todo";

/**
 * The checklist's widget step from what is known: no chatbot yet → todo (see how the widget
 * works); a chatbot → todo, pointing at its Embed tab; a widget conversation has happened (a
 * visitor chatted through the widget) → done. Unknown while loading → todo without claims.
 */
export function widgetStep(input: {
  firstChatbotId: string | null | undefined;
  widgetLive: boolean | null | undefined;
}): { state: ChecklistState; href: string; kind: "live" | "embed" | "learn" } {
  if (input.widgetLive) return { state: "done", href: "/inbox", kind: "live" };
  if (input.firstChatbotId) {
    return {
      state: "todo",
      href: `/chatbots/${encodeURIComponent(input.firstChatbotId)}?tab=embed`,
      kind: "embed",
    };
  }
  return { state: "todo", href: "/widget", kind: "learn" };
}
