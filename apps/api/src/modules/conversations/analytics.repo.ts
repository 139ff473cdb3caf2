import type { Database } from "@parley/db";
import { rowsOf } from "@parley/db";
import { type SQL, sql } from "drizzle-orm";
import { conversations, leads, messages } from "../../db/schema";
import { TEAM_CHANNELS, type TeamChannel } from "./access";

/** What the analytics are computed over: a workspace's conversations, optionally one bot's or channel's. */
export interface AnalyticsScope {
  workspaceId: string;
  chatbotId?: string;
  channel?: TeamChannel;
  from: Date;
  to: Date;
}

export interface AnalyticsFigures {
  totals: {
    conversations: number;
    messages: number;
    questions: number;
    replies: number;
    answered: number;
    up: number;
    down: number;
    leads: number;
  };
  days: { date: string; conversations: number; messages: number }[];
  /** Visitor messages per hour of day (UTC); hours without any are absent. */
  hours: { hour: number; messages: number }[];
  topQuestions: { question: string; count: number }[];
  /** Conversations started in the period, per channel (channels without any are absent). */
  channels: { channel: TeamChannel; conversations: number }[];
  live: {
    /** Conversations started in the period. */
    conversations: number;
    /** Conversations whose first request for a person fell in the period. */
    handoffs: number;
    /** Seconds from that request to the first reply by a person (those that got one). */
    firstReplyMedian: number | null;
    firstReplyP90: number | null;
    /** Conversations started in the period without / with a message by a person. */
    byBot: number;
    byPerson: number;
  };
}

const n = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Owner analytics over a time range, computed in SQL from the stored rows. */
export function createAnalyticsRepo(db: Database) {
  return {
    async figures(s: AnalyticsScope): Promise<AnalyticsFigures> {
      const { from, to } = s;
      const bot: SQL = s.chatbotId ? sql`and c.chatbot_id = ${s.chatbotId}` : sql``;
      // The team's conversations of this owner (every channel but the Playground's, or the one
      // asked for); quota notices are not answers.
      const channel = s.channel
        ? sql`c.channel = ${s.channel}`
        : sql`c.channel in (${sql.join(
            TEAM_CHANNELS.map((c) => sql`${c}`),
            sql`, `,
          )})`;
      const scope = sql`c.owner_id = ${s.workspaceId} and ${channel} ${bot}`;
      const inRange = (col: SQL) => sql`${col} >= ${from} and ${col} <= ${to}`;

      const [totalsRes, daysRes, hoursRes, topRes, liveRes, channelsRes] = await Promise.all([
        db.execute(sql`
          select
            (select count(*) from ${conversations} c where ${scope} and ${inRange(sql`c.created_at`)}) as conversations,
            count(*) filter (where m.quota_blocked = false) as messages,
            count(*) filter (where m.role = 'user') as questions,
            count(*) filter (where m.role = 'assistant' and m.quota_blocked = false) as replies,
            count(*) filter (where m.role = 'assistant' and m.answered = true) as answered,
            count(*) filter (where m.feedback = 'up') as up,
            count(*) filter (where m.feedback = 'down') as down,
            (select count(*) from ${leads} l join ${conversations} c on c.id = l.conversation_id where ${scope} and ${inRange(sql`l.created_at`)}) as leads
          from ${messages} m join ${conversations} c on c.id = m.conversation_id
          where ${scope} and ${inRange(sql`m.created_at`)}`),
        db.execute(sql`
          with d as (select generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') as day)
          select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date,
            (select count(*) from ${conversations} c where ${scope} and c.created_at >= d.day and c.created_at < d.day + interval '1 day') as conversations,
            (select count(*) from ${messages} m join ${conversations} c on c.id = m.conversation_id
              where ${scope} and m.quota_blocked = false and m.created_at >= d.day and m.created_at < d.day + interval '1 day') as messages
          from d order by d.day`),
        db.execute(sql`
          select extract(hour from m.created_at at time zone 'UTC')::int as hour, count(*) as messages
          from ${messages} m join ${conversations} c on c.id = m.conversation_id
          where ${scope} and m.role = 'user' and ${inRange(sql`m.created_at`)}
          group by 1`),
        db.execute(sql`
          select min(m.content) as question, count(*) as count
          from ${messages} m join ${conversations} c on c.id = m.conversation_id
          where ${scope} and m.role = 'user' and ${inRange(sql`m.created_at`)}
          group by lower(regexp_replace(trim(m.content), '[[:space:][:punct:]]+', ' ', 'g'))
          order by count(*) desc, min(m.content)
          limit 10`),
        // Live chat: conversations started in the period, and those whose first request for a
        // person fell in it (with the time to the first reply by a person).
        db.execute(sql`
          with c as (
            select
              (${inRange(sql`c.created_at`)}) as started,
              (c.first_handoff_at is not null and ${inRange(sql`c.first_handoff_at`)}) as handed_off,
              case when c.first_human_reply_at >= c.first_handoff_at
                then extract(epoch from (c.first_human_reply_at - c.first_handoff_at))::float8 end as reply_s,
              exists (select 1 from ${messages} m where m.conversation_id = c.id and m.role = 'agent') as by_person
            from ${conversations} c
            where ${scope}
              and (${inRange(sql`c.created_at`)} or (c.first_handoff_at is not null and ${inRange(sql`c.first_handoff_at`)}))
          )
          select
            count(*) filter (where started) as conversations,
            count(*) filter (where handed_off) as handoffs,
            percentile_cont(0.5) within group (order by reply_s) filter (where handed_off and reply_s is not null) as median,
            percentile_cont(0.9) within group (order by reply_s) filter (where handed_off and reply_s is not null) as p90,
            count(*) filter (where started and not by_person) as by_bot,
            count(*) filter (where started and by_person) as by_person
          from c`),
        db.execute(sql`
          select c.channel, count(*) as conversations from ${conversations} c
          where ${scope} and ${inRange(sql`c.created_at`)}
          group by c.channel order by count(*) desc, c.channel`),
      ]);
      const t = rowsOf<Record<string, unknown>>(totalsRes)[0] ?? {};
      const l = rowsOf<Record<string, unknown>>(liveRes)[0] ?? {};
      return {
        totals: {
          conversations: n(t.conversations),
          messages: n(t.messages),
          questions: n(t.questions),
          replies: n(t.replies),
          answered: n(t.answered),
          up: n(t.up),
          down: n(t.down),
          leads: n(t.leads),
        },
        days: rowsOf<{ date: string; conversations: unknown; messages: unknown }>(daysRes).map((r) => ({
          date: r.date,
          conversations: n(r.conversations),
          messages: n(r.messages),
        })),
        hours: rowsOf<{ hour: unknown; messages: unknown }>(hoursRes).map((r) => ({
          hour: n(r.hour),
          messages: n(r.messages),
        })),
        topQuestions: rowsOf<{ question: string; count: unknown }>(topRes).map((r) => ({
          question: r.question,
          count: n(r.count),
        })),
        channels: rowsOf<{ channel: TeamChannel; conversations: unknown }>(channelsRes).map((r) => ({
          channel: r.channel,
          conversations: n(r.conversations),
        })),
        live: {
          conversations: n(l.conversations),
          handoffs: n(l.handoffs),
          firstReplyMedian: orNull(l.median),
          firstReplyP90: orNull(l.p90),
          byBot: n(l.by_bot),
          byPerson: n(l.by_person),
        },
      };
    },
    /** Messages by hour (UTC) and channel since `since`, every workspace (the operator's console). */
    async platformMessagesByHour(since: Date) {
      const res = await db.execute(sql`
        select date_trunc('hour', m.created_at) as hour, c.channel, count(*)::int as messages
          from ${messages} m join ${conversations} c on c.id = m.conversation_id
         where m.created_at >= ${since.toISOString()}::timestamptz
         group by 1, 2
         order by 1, 2`);
      return rowsOf<{ hour: string | Date; channel: string; messages: number }>(res).map((r) => ({
        hour: new Date(r.hour),
        channel: r.channel,
        messages: Number(r.messages),
      }));
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
