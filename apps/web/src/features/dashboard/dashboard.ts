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
  level: "ok" | "high" | "full";
}

const numberFormat = new Intl.NumberFormat("en-US");
export const formatCount = (value: number) => numberFormat.format(value);

function row(key: UsageKey, label: string, used: number, limit: number): UsageRow {
  const percent = limit <= 0 ? 100 : Math.min(100, Math.floor((used / limit) * 100));
  const level = used >= limit ? "full" : percent >= 80 ? "high" : "ok";
  return { key, label, used, limit, percent, level };
}

export function usageRows(usage: Usage): UsageRow[] {
  return [
    row("chatbots", "Chatbots", usage.used.chatbots, usage.limits.chatbots),
    row("messages", "Messages this month", usage.used.messagesThisMonth, usage.limits.messagesPerMonth),
    row("knowledgeSources", "Knowledge sources", usage.used.knowledgeSources, usage.limits.knowledgeSources),
    row("teamMembers", "Team members", usage.used.teamMembers, usage.limits.teamMembers),
  ];
}
