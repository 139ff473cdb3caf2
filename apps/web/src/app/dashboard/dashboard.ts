import { formatMoney, type SubscriptionDetails, type Usage } from "@parley/contracts";
import { formatDate as formatIn, formatNumber } from "@parley/ui/i18n/format";
import type { Language } from "@parley/ui/i18n/languages";
import dashboardEn from "@parley/ui/locales/en/dashboard";
import { type DashboardKey, englishDashboard, type Wording } from "../../features/billing/public";

/**
 * Pure helpers for the dashboard (unit-tested). Those that word text take the page's `t` and
 * language (see `useDashboardWording`); their defaults are the spec's English.
 */

export function greetingFor(hour: number, t: Wording<DashboardKey> = englishDashboard): string {
  if (hour >= 5 && hour < 12) return t("greeting.morning");
  if (hour >= 12 && hour < 18) return t("greeting.afternoon");
  return t("greeting.evening");
}

/** "Ada Lovelace" → "Ada"; an empty name gets no name at all rather than the e-mail. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** "March 3, 2026" ("3 مارس 2026" in Arabic), or null for a missing or unreadable date. */
export function formatDate(value: string | null | undefined, language: Language = "en"): string | null {
  if (!value) return null;
  return formatIn(language, value, "date", { month: "long" }) || null;
}

/** "BHD 9.500" and "month": the spec's en-US currency format, also for a free plan ("BHD 0.000"). */
export function planPriceLabel(plan: SubscriptionDetails["plan"]): { amount: string; interval: string } {
  return {
    amount: formatMoney(plan.price.amount, plan.price.currency),
    interval: plan.billingInterval === "yearly" ? "year" : "month",
  };
}

/** The line under the price: when the period ends, or why there is nothing to renew. */
export function periodLine(
  details: SubscriptionDetails,
  t: Wording<DashboardKey> = englishDashboard,
  language: Language = "en",
): string {
  if (details.status === "past_due") {
    const grace = formatDate(details.graceEndsAt, language);
    return grace ? t("plan.pastDueUntil", { date: grace }) : t("plan.pastDue");
  }
  const end = formatDate(details.currentPeriodEnd, language);
  return end ? t("plan.periodEnds", { date: end }) : t("plan.freeNoRenewal");
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

export const formatCount = (value: number, language: Language = "en") => formatNumber(language, value);

/** The notes in English, from the dashboard catalog (`usage.notes`). */
export const USAGE_NOTES = dashboardEn.usage.notes;

/**
 * `own` is what the account counts against a limit before the user does anything: the owner is
 * always one of the team members. A brand-new Free account (1 of 1 members) has reached nothing
 * it could add, so it gets no warning.
 */
function row(t: Wording<DashboardKey>, key: UsageKey, used: number, limit: number, own = 0): UsageRow {
  const label = t(`usage.labels.${key}`);
  const percent = limit <= 0 ? 100 : Math.min(100, Math.floor((used / limit) * 100));
  if (limit <= 0)
    return { key, label, used, limit, percent, level: "full", note: t("usage.notes.notIncluded") };
  if (limit <= own && used <= own) {
    return { key, label, used, limit, percent, level: "ok", note: t("usage.notes.justYou") };
  }
  const level = used >= limit ? "full" : percent >= 80 ? "high" : "ok";
  return { key, label, used, limit, percent, level, note: level === "full" ? t("usage.notes.full") : null };
}

export function usageRows(usage: Usage, t: Wording<DashboardKey> = englishDashboard): UsageRow[] {
  return [
    row(t, "chatbots", usage.used.chatbots, usage.limits.chatbots),
    row(t, "messages", usage.used.messagesThisMonth, usage.limits.messagesPerMonth),
    row(t, "knowledgeSources", usage.used.knowledgeSources, usage.limits.knowledgeSources),
    row(t, "teamMembers", usage.used.teamMembers, usage.limits.teamMembers, 1),
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
