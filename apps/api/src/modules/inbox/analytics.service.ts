import type { Analytics, AnalyticsQuery } from "@parley/contracts";
import type { Database } from "@parley/db";
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
  messagesThisMonth: (ownerId: string) => Promise<number>;
  analytics?: AnalyticsRepo;
}) {
  const repo = deps.analytics ?? createAnalyticsRepo(deps.db);

  return {
    async summary(ownerId: string, q: AnalyticsQuery): Promise<Analytics> {
      const from = new Date(`${q.from}T00:00:00.000Z`);
      const to = new Date(`${q.to}T23:59:59.999Z`);
      const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
      if (days < 1) throw new AppError("BAD_REQUEST", "The end date must not be before the start date");
      if (days > MAX_DAYS) throw new AppError("BAD_REQUEST", "Choose a range of at most a year");

      const [f, usedMonth, limits] = await Promise.all([
        repo.figures({ ownerId, chatbotId: q.chatbotId, from, to }),
        deps.messagesThisMonth(ownerId),
        deps.entitlements.limits(ownerId),
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
        },
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
