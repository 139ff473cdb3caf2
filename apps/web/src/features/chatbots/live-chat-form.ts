import {
  type Chatbot,
  type ChatbotUpdateInput,
  DEFAULT_BOT_TEXTS,
  DEFAULT_HANDOFF,
  HANDOFF_WAIT_SECONDS,
  type OfficeHours,
} from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { z } from "zod";

/**
 * The Settings form's live-chat fields (see LiveChatFields.tsx): whether visitors may ask for a
 * person, when someone is in (always, or office hours in a time zone, Sunday to Saturday), and
 * the default language's two texts (the other language's are `other.handoffReply` and
 * `other.offHoursReply`, in language-form.ts). The API's shape is `handoff`
 * ({enabled, officeHours: {timeZone, days[7]} | null}), `handoffReply` and `offHoursReply`.
 */

/** The builder's English check messages (shown in the reader's language by useFormMessage). */
const m = en.validation;

/** The contract's limit on each live-chat text (chatbot.ts). */
export const LIVE_TEXT_MAX = 500;

/** Offered first in the time-zone list: the Gulf and its neighbours, then London and UTC. */
export const COMMON_TIME_ZONES = [
  "Asia/Bahrain",
  "Asia/Riyadh",
  "Asia/Dubai",
  "Asia/Kuwait",
  "Asia/Qatar",
  "Asia/Muscat",
  "Africa/Cairo",
  "Europe/London",
  "UTC",
] as const;

/** Where the working week runs Sunday to Thursday (the suggested hours follow it). */
const SUNDAY_WEEK = new Set([
  "Asia/Bahrain",
  "Asia/Riyadh",
  "Asia/Kuwait",
  "Asia/Qatar",
  "Asia/Muscat",
  "Asia/Baghdad",
  "Asia/Amman",
  "Africa/Cairo",
]);

export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone (UTC when it has none the form can use). */
export function browserTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * The zones the select offers: the common ones first, then every zone the browser knows
 * (`Intl.supportedValuesOf`, where it exists), with `keep` (the stored zone, the browser's)
 * added wherever they are missing from both.
 */
export function timeZoneChoices(keep: string[] = []): { common: string[]; others: string[] } {
  const common: string[] = [...COMMON_TIME_ZONES];
  let all: string[] = [];
  const supported = (Intl as { supportedValuesOf?: (key: "timeZone") => string[] }).supportedValuesOf;
  try {
    all = supported ? supported("timeZone") : [];
  } catch {
    all = [];
  }
  const seen = new Set(common);
  const others = [...all, ...keep.filter(Boolean)].filter((zone) => {
    if (seen.has(zone)) return false;
    seen.add(zone);
    return true;
  });
  return { common, others: others.sort() };
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One weekday in the form: open or closed, and its times (kept while closed, for turning it back on). */
export interface DayValues {
  open: boolean;
  from: string;
  to: string;
}

export interface LiveChatValues {
  handoffEnabled: boolean;
  /** "always": a person may be asked for at any time (no office hours). */
  handoffHours: "always" | "hours";
  handoffTimeZone: string;
  /** Sunday … Saturday. */
  handoffDays: DayValues[];
  /** Seconds a visitor waits for a person before the contact form is offered. */
  handoffWaitSeconds: number;
  handoffReply: string;
  offHoursReply: string;
}

export const liveChatFormShape = {
  handoffEnabled: z.boolean(),
  handoffHours: z.enum(["always", "hours"]),
  handoffTimeZone: z.string(),
  handoffDays: z.array(z.object({ open: z.boolean(), from: z.string(), to: z.string() })).length(7),
  handoffWaitSeconds: z
    .number({ error: m.waitSeconds })
    .int(m.waitSeconds)
    .min(15, m.waitSecondsMin)
    .max(3600, m.waitSecondsMax),
  handoffReply: z.string().trim().min(1, m.handoffReplyEmpty).max(LIVE_TEXT_MAX, m.liveTextTooLong),
  offHoursReply: z.string().trim().min(1, m.offHoursReplyEmpty).max(LIVE_TEXT_MAX, m.liveTextTooLong),
};

/** For settingsFormSchema's superRefine: office hours are checked only when they are in use. */
export function checkLiveChat(values: LiveChatValues, ctx: z.RefinementCtx) {
  if (values.handoffHours !== "hours") return;
  if (!isTimeZone(values.handoffTimeZone)) {
    ctx.addIssue({ code: "custom", path: ["handoffTimeZone"], message: m.timeZone });
  }
  values.handoffDays.forEach((day, index) => {
    if (!day.open) return;
    const badFrom = !hhmm.test(day.from);
    const badTo = !hhmm.test(day.to);
    if (badFrom) ctx.addIssue({ code: "custom", path: ["handoffDays", index, "from"], message: m.time });
    if (badTo) ctx.addIssue({ code: "custom", path: ["handoffDays", index, "to"], message: m.time });
    if (!badFrom && !badTo && day.from >= day.to) {
      ctx.addIssue({ code: "custom", path: ["handoffDays", index, "to"], message: m.closeAfterOpen });
    }
  });
}

/** Suggested hours for a bot that has none yet: 09:00–17:00 on the zone's working days. */
export function suggestedDays(zone: string): DayValues[] {
  const working = SUNDAY_WEEK.has(zone) ? [0, 1, 2, 3, 4] : [1, 2, 3, 4, 5];
  return Array.from({ length: 7 }, (_, day) => ({ open: working.includes(day), from: "09:00", to: "17:00" }));
}

export function liveChatValuesFromBot(bot: Chatbot, zone: string = browserTimeZone()): LiveChatValues {
  // An API from before live chat sends none of it: off, with the language's texts.
  const handoff = bot.handoff ?? DEFAULT_HANDOFF;
  const texts = DEFAULT_BOT_TEXTS[bot.defaultLanguage ?? "en"];
  const hours = handoff.officeHours;
  const suggested = suggestedDays(hours?.timeZone ?? zone);
  return {
    handoffEnabled: handoff.enabled,
    handoffHours: hours ? "hours" : "always",
    handoffTimeZone: hours?.timeZone ?? zone,
    handoffDays: hours
      ? hours.days.map((day, index) =>
          day
            ? { open: true, from: day.open, to: day.close }
            : { open: false, from: suggested[index]?.from ?? "09:00", to: suggested[index]?.to ?? "17:00" },
        )
      : suggested,
    handoffWaitSeconds: handoff.waitSeconds ?? HANDOFF_WAIT_SECONDS,
    handoffReply: bot.handoffReply || texts.handoffReply,
    offHoursReply: bot.offHoursReply || texts.offHoursReply,
  };
}

/** The office hours the form describes (null: always). */
export function officeHoursOf(values: LiveChatValues): OfficeHours | null {
  if (values.handoffHours === "always") return null;
  return {
    timeZone: values.handoffTimeZone,
    days: values.handoffDays.map((day) => (day.open ? { open: day.from, close: day.to } : null)),
  };
}

/** The live-chat part of the PATCH body: only what changed (office hours are sent whole). */
export function liveChatUpdate(
  values: LiveChatValues,
  changed: (key: keyof LiveChatValues) => boolean,
): Pick<ChatbotUpdateInput, "handoff" | "handoffReply" | "offHoursReply"> {
  const update: Pick<ChatbotUpdateInput, "handoff" | "handoffReply" | "offHoursReply"> = {};
  const handoff: NonNullable<ChatbotUpdateInput["handoff"]> = {};
  if (changed("handoffEnabled")) handoff.enabled = values.handoffEnabled;
  if (changed("handoffHours") || changed("handoffTimeZone") || changed("handoffDays"))
    handoff.officeHours = officeHoursOf(values);
  if (changed("handoffWaitSeconds")) handoff.waitSeconds = values.handoffWaitSeconds;
  if (Object.keys(handoff).length > 0) update.handoff = handoff;
  if (changed("handoffReply")) update.handoffReply = values.handoffReply.trim();
  if (changed("offHoursReply")) update.offHoursReply = values.offHoursReply.trim();
  return update;
}

export type LiveChatFormPath =
  | "handoffEnabled"
  | "handoffWaitSeconds"
  | "handoffTimeZone"
  | "handoffReply"
  | "offHoursReply"
  | `handoffDays.${number}.from`
  | `handoffDays.${number}.to`;

/**
 * A server error path (without "body") as the live-chat field that shows it:
 * `handoff.officeHours.days.3.close` is Wednesday's closing time.
 */
export function liveChatFormPath(parts: string[]): LiveChatFormPath | null {
  const [head, second, third, index, field] = parts;
  if (head === "handoffReply" || head === "offHoursReply") return head;
  if (head !== "handoff") return null;
  if (second === "enabled") return "handoffEnabled";
  if (second === "waitSeconds") return "handoffWaitSeconds";
  if (second !== "officeHours") return null;
  if (third === "timeZone") return "handoffTimeZone";
  if (third === "days" && index !== undefined && /^[0-6]$/.test(index)) {
    return field === "close" ? `handoffDays.${Number(index)}.to` : `handoffDays.${Number(index)}.from`;
  }
  // The whole office hours (or the number of days): no one field shows it; the banner does.
  return null;
}
