import type { PlanLimitKey } from "@parley/contracts";
import type { PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { planNamesOf } from "../plans/plans.service";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service";

const limitOf: Record<PlanLimitKey, (p: PlanRow) => number> = {
  chatbots: (p) => p.maxChatbots,
  messagesPerMonth: (p) => p.maxMessagesPerMonth,
  knowledgeSources: (p) => p.maxKnowledgeSources,
  teamMembers: (p) => p.maxTeamMembers,
};

const nouns: Record<PlanLimitKey, [singular: string, plural: string]> = {
  chatbots: ["chatbot", "chatbots"],
  messagesPerMonth: ["message a month", "messages a month"],
  knowledgeSources: ["knowledge source", "knowledge sources"],
  teamMembers: ["team member", "team members"],
};

export interface Decision {
  allowed: boolean;
  limit: number;
  used: number;
  remaining: number;
  planName: string;
}

/** Answers "may this user do X" from the numeric features of the plan that applies now. */
export function createEntitlementsService(deps: {
  subscriptions: Pick<SubscriptionsService, "currentPlan">;
}) {
  return {
    async check(userId: string, key: PlanLimitKey, used: number, adding = 1): Promise<Decision> {
      const plan = await deps.subscriptions.currentPlan(userId);
      const limit = limitOf[key](plan);
      return {
        allowed: used + adding <= limit,
        limit,
        used,
        remaining: Math.max(0, limit - used),
        planName: plan.name,
      };
    },

    /** Throws PLAN_LIMIT_REACHED with a message the UI can show as is. */
    async assert(userId: string, key: PlanLimitKey, used: number, adding = 1): Promise<Decision> {
      const d = await this.check(userId, key, used, adding);
      if (!d.allowed) {
        const [one, many] = nouns[key];
        const noun = d.limit === 1 ? one : many;
        throw new AppError(
          "PLAN_LIMIT_REACHED",
          `Your ${d.planName} plan includes ${d.limit.toLocaleString("en-US")} ${noun}. Upgrade your plan to add more.`,
        );
      }
      return d;
    },

    async limits(userId: string) {
      const plan = await deps.subscriptions.currentPlan(userId);
      return {
        planName: plan.name,
        planNames: planNamesOf(plan),
        limits: {
          chatbots: plan.maxChatbots,
          messagesPerMonth: plan.maxMessagesPerMonth,
          knowledgeSources: plan.maxKnowledgeSources,
          teamMembers: plan.maxTeamMembers,
        },
      };
    },
  };
}
export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
