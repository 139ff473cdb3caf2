import type { ResyncSchedule } from "@parley/contracts";

/** Scheduled re-syncs run at this hour of the bot's time zone, when its visitors are asleep. */
export const QUIET_HOUR = 3;
const DAY_MS = 86_400_000;

/** Minutes the time zone is ahead of UTC at `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The next quiet hour (03:00 of `timeZone`) after `after`: the next one for a daily schedule, the
 * first one at least six days on for a weekly one; null when the schedule is off.
 */
export function nextQuietTime(schedule: ResyncSchedule, timeZone: string, after: Date): Date | null {
  if (schedule === "off") return null;
  const from = new Date(after.getTime() + (schedule === "weekly" ? 6 * DAY_MS : 0));
  const offset = offsetMinutes(timeZone, from);
  const local = new Date(from.getTime() + offset * 60_000);
  for (let day = 0; day < 3; day++) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + day, QUIET_HOUR);
    // The offset at the candidate itself (a daylight-saving change may lie in between).
    const at = new Date(wall - offsetMinutes(timeZone, new Date(wall - offset * 60_000)) * 60_000);
    if (at.getTime() > from.getTime()) return at;
  }
  return new Date(from.getTime() + DAY_MS);
}
