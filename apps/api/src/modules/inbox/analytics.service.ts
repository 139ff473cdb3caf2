import type { Analytics, AnalyticsQuery } from "@parley/contracts";
import type { Database } from "@parley/db";
import { type CsvValue, toCsv } from "../../lib/csv";
import { AppError } from "../../lib/errors";
import { type AnalyticsRepo, createAnalyticsRepo } from "../conversations/analytics.repo";
import type { EntitlementsService } from "../entitlements/entitlements.service";

const MAX_DAYS = 366;

/**
 * Owner analytics over a UTC day range. The figures come from the conversations module's
 * repository (it owns conversations, messages and leads); this service checks the range and
 * shapes them.
 */
export function createAnalyticsService(deps: {
  db: Database;
  entitlements: EntitlementsService;
  messagesThisMonth: (workspaceId: string) => Promise<number>;
  analytics?: AnalyticsRepo;
}) {
  const repo = deps.analytics ?? createAnalyticsRepo(deps.db);

  return {
    async summary(workspaceId: string, q: AnalyticsQuery): Promise<Analytics> {
      const from = new Date(`${q.from}T00:00:00.000Z`);
      const to = new Date(`${q.to}T23:59:59.999Z`);
      const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
      if (days < 1) throw AppError.of("BAD_REQUEST", "inbox.endDateMustNotBe");
      if (days > MAX_DAYS) throw AppError.of("BAD_REQUEST", "inbox.chooseRangeOfAtMost");

      const [f, usedMonth, limits] = await Promise.all([
        repo.figures({ workspaceId, chatbotId: q.chatbotId, channel: q.channel, from, to }),
        deps.messagesThisMonth(workspaceId),
        deps.entitlements.limits(workspaceId),
      ]);
      const { up, down, replies } = f.totals;
      const hours = new Map(f.hours.map((h) => [h.hour, h.messages]));
      return {
        from: q.from,
        to: q.to,
        totals: {
          conversations: f.totals.conversations,
          messages: f.totals.messages,
          questions: f.totals.questions,
          answered: f.totals.answered,
          thumbsUp: up,
          thumbsDown: down,
          leads: f.totals.leads,
        },
        answeredShare: replies ? f.totals.answered / replies : null,
        satisfaction: up + down ? up / (up + down) : null,
        days: f.days,
        busiestHours: Array.from({ length: 24 }, (_, hour) => ({ hour, messages: hours.get(hour) ?? 0 })),
        topQuestions: f.topQuestions,
        channels: f.channels,
        live: {
          // A conversation started before the period can ask for a person in it: capped at 1.
          handoffRate: f.live.conversations ? Math.min(1, f.live.handoffs / f.live.conversations) : null,
          handoffs: f.live.handoffs,
          firstHumanReplySeconds: { median: f.live.firstReplyMedian, p90: f.live.firstReplyP90 },
          resolvedByBot: f.live.byBot,
          resolvedByPerson: f.live.byPerson,
        },
        usage: {
          messagesThisMonth: usedMonth,
          limit: limits.limits.messagesPerMonth,
          planName: limits.planName,
          planNames: limits.planNames,
        },
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** A share (0..1) or a duration, to four decimals at most; null (nothing to measure) stays empty. */
const decimal = (n: number | null): CsvValue => (n === null ? null : Number(n.toFixed(4)));

/**
 * The figures of the analytics page for its range, as one CSV table (RFC 4180, formula cells
 * neutralised; see lib/csv.ts), one figure per row: `section,item,metric,value`. The section is
 * `range`, `totals`, `day` (item: the UTC date), `hour` (item: the UTC hour, 0–23), `top_question`
 * (item: the question) or `live`. Headers, sections and metric names stay in English whatever the
 * reader's language: the file is for spreadsheets and scripts, which read them as keys. The
 * month's usage is left out: it is not about the range.
 */
export function analyticsCsv(a: Analytics, chatbotId: string | undefined): string {
  const rows: CsvValue[][] = [];
  const add = (section: string, item: string | number | null, metric: string, value: CsvValue) =>
    rows.push([section, item, metric, value]);
  add("range", null, "from", a.from);
  add("range", null, "to", a.to);
  add("range", null, "chatbot_id", chatbotId ?? "all");
  add("range", null, "time_zone", "UTC");
  add("totals", null, "conversations", a.totals.conversations);
  add("totals", null, "messages", a.totals.messages);
  add("totals", null, "questions", a.totals.questions);
  add("totals", null, "answered", a.totals.answered);
  add("totals", null, "answered_share", decimal(a.answeredShare));
  add("totals", null, "thumbs_up", a.totals.thumbsUp);
  add("totals", null, "thumbs_down", a.totals.thumbsDown);
  add("totals", null, "satisfaction", decimal(a.satisfaction));
  add("totals", null, "leads", a.totals.leads);
  for (const day of a.days) {
    add("day", day.date, "conversations", day.conversations);
    add("day", day.date, "messages", day.messages);
  }
  for (const h of a.busiestHours) add("hour", h.hour, "visitor_messages", h.messages);
  for (const q of a.topQuestions) add("top_question", q.question, "count", q.count);
  add("live", null, "handoffs", a.live.handoffs);
  add("live", null, "handoff_rate", decimal(a.live.handoffRate));
  add("live", null, "first_human_reply_median_seconds", decimal(a.live.firstHumanReplySeconds.median));
  add("live", null, "first_human_reply_p90_seconds", decimal(a.live.firstHumanReplySeconds.p90));
  add("live", null, "resolved_by_bot", a.live.resolvedByBot);
  add("live", null, "resolved_by_person", a.live.resolvedByPerson);
  return toCsv(["section", "item", "metric", "value"], rows);
}
