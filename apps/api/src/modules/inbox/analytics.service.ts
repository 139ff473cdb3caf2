import type { Analytics, AnalyticsQuery } from "@parley/contracts";
import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors";
import type { EntitlementsService } from "../entitlements/entitlements.service";

const MAX_DAYS = 366;

/** Owner analytics over a UTC day range, computed in SQL from the stored messages. */
export function createAnalyticsService(deps: {
  db: Database;
  entitlements: EntitlementsService;
  messagesThisMonth: (ownerId: string) => Promise<number>;
}) {
  const { db } = deps;
  const n = (v: unknown) => Number(v ?? 0);

  return {
    async summary(ownerId: string, q: AnalyticsQuery): Promise<Analytics> {
      const from = new Date(`${q.from}T00:00:00.000Z`);
      const to = new Date(`${q.to}T23:59:59.999Z`);
      const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
      if (days < 1) throw new AppError("BAD_REQUEST", "The end date must not be before the start date");
      if (days > MAX_DAYS) throw new AppError("BAD_REQUEST", "Choose a range of at most a year");
      const bot: SQL = q.chatbotId ? sql`and c.chatbot_id = ${q.chatbotId}` : sql``;
      // Widget conversations of this owner only; quota notices are not answers.
      const scope = sql`c.owner_id = ${ownerId} and c.channel = 'widget' ${bot}`;
      const inRange = (col: SQL) => sql`${col} >= ${from} and ${col} <= ${to}`;

      const [totalsRes, daysRes, hoursRes, topRes, usedMonth, limits] = await Promise.all([
        db.execute(sql`
          select
            (select count(*) from conversations c where ${scope} and ${inRange(sql`c.created_at`)}) as conversations,
            count(*) filter (where m.quota_blocked = false) as messages,
            count(*) filter (where m.role = 'user') as questions,
            count(*) filter (where m.role = 'assistant' and m.quota_blocked = false) as replies,
            count(*) filter (where m.role = 'assistant' and m.answered = true) as answered,
            count(*) filter (where m.feedback = 'up') as up,
            count(*) filter (where m.feedback = 'down') as down,
            (select count(*) from leads l join conversations c on c.id = l.conversation_id where ${scope} and ${inRange(sql`l.created_at`)}) as leads
          from messages m join conversations c on c.id = m.conversation_id
          where ${scope} and ${inRange(sql`m.created_at`)}`),
        db.execute(sql`
          with d as (select generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') as day)
          select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date,
            (select count(*) from conversations c where ${scope} and c.created_at >= d.day and c.created_at < d.day + interval '1 day') as conversations,
            (select count(*) from messages m join conversations c on c.id = m.conversation_id
              where ${scope} and m.quota_blocked = false and m.created_at >= d.day and m.created_at < d.day + interval '1 day') as messages
          from d order by d.day`),
        db.execute(sql`
          select extract(hour from m.created_at at time zone 'UTC')::int as hour, count(*) as messages
          from messages m join conversations c on c.id = m.conversation_id
          where ${scope} and m.role = 'user' and ${inRange(sql`m.created_at`)}
          group by 1`),
        db.execute(sql`
          select min(m.content) as question, count(*) as count
          from messages m join conversations c on c.id = m.conversation_id
          where ${scope} and m.role = 'user' and ${inRange(sql`m.created_at`)}
          group by lower(regexp_replace(trim(m.content), '[[:space:][:punct:]]+', ' ', 'g'))
          order by count(*) desc, min(m.content)
          limit 10`),
        deps.messagesThisMonth(ownerId),
        deps.entitlements.limits(ownerId),
      ]);
      const t = rowsOf<Record<string, unknown>>(totalsRes)[0] ?? {};
      const replies = n(t.replies);
      const up = n(t.up);
      const down = n(t.down);
      const hours = new Map(
        rowsOf<{ hour: number; messages: unknown }>(hoursRes).map((r) => [n(r.hour), n(r.messages)]),
      );
      return {
        from: q.from,
        to: q.to,
        totals: {
          conversations: n(t.conversations),
          messages: n(t.messages),
          questions: n(t.questions),
          answered: n(t.answered),
          thumbsUp: up,
          thumbsDown: down,
          leads: n(t.leads),
        },
        answeredShare: replies ? n(t.answered) / replies : null,
        satisfaction: up + down ? up / (up + down) : null,
        days: rowsOf<{ date: string; conversations: unknown; messages: unknown }>(daysRes).map((r) => ({
          date: r.date,
          conversations: n(r.conversations),
          messages: n(r.messages),
        })),
        busiestHours: Array.from({ length: 24 }, (_, hour) => ({ hour, messages: hours.get(hour) ?? 0 })),
        topQuestions: rowsOf<{ question: string; count: unknown }>(topRes).map((r) => ({
          question: r.question,
          count: n(r.count),
        })),
        usage: {
          messagesThisMonth: usedMonth,
          limit: limits.limits.messagesPerMonth,
          planName: limits.planName,
        },
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
