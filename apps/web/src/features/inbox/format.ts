/** Dates and counts as the inbox shows them, always in en-US. Times are the viewer's local time. */

const number = new Intl.NumberFormat("en-US");
const timeOfDay = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const monthDayYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const full = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export const formatNumber = (value: number) => number.format(value);

/** "1 message", "1,204 messages". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${number.format(count)} ${count === 1 ? singular : plural}`;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * Short and relative for the list: "Just now", "12 min ago", "3:05 PM" (earlier today),
 * "Yesterday", "Mar 4", "Mar 4, 2025" (another year).
 */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1 && minutes > -2) return "Just now";
  if (minutes >= 1 && minutes < 60) return `${minutes} min ago`;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return timeOfDay.format(date);
  if (days === 1) return "Yesterday";
  return date.getFullYear() === now.getFullYear() ? monthDay.format(date) : monthDayYear.format(date);
}

/** "Mar 4, 2026, 3:05 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : full.format(date);
}

/** "3:05 PM" for a message inside a transcript. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeOfDay.format(date);
}

/** How a verified customer is named: their name, else their e-mail, else the business's id for them. */
export function customerLabel(customer: { id: string; email: string | null; name: string | null }): string {
  return customer.name || customer.email || customer.id;
}
