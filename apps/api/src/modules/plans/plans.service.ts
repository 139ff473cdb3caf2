import type { BillingInterval, Plan, PlanFeature } from "@parley/contracts";
import { minorToMajor } from "@parley/contracts";
import type { PlanRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { catalogue, planCode, priceMinor } from "./plans.catalogue";
import type { PlansRepo } from "./plans.repo";

const intervals: BillingInterval[] = ["monthly", "yearly"];

export function toPlan(row: PlanRow): Plan {
  const numeric: PlanFeature[] = [
    { key: "chatbots", name: "Chatbots", value: row.maxChatbots, unit: "chatbots" },
    { key: "messagesPerMonth", name: "Messages", value: row.maxMessagesPerMonth, unit: "messages/month" },
    { key: "knowledgeSources", name: "Knowledge sources", value: row.maxKnowledgeSources, unit: "sources" },
    { key: "teamMembers", name: "Team members", value: row.maxTeamMembers, unit: "members" },
  ];
  return {
    _id: row.id,
    name: row.name,
    isActive: row.isActive,
    description: row.description,
    price: { amount: minorToMajor(row.priceMinor, row.currency), currency: row.currency },
    billingInterval: row.billingInterval,
    features: [...numeric, ...row.extraFeatures],
    tier: row.tier,
  };
}

export function createPlansService(deps: { repo: PlansRepo; currency: string }) {
  const { repo, currency } = deps;
  return {
    async listActive(): Promise<Plan[]> {
      return (await repo.listActive()).map(toPlan);
    },
    /** Idempotent: the catalogue is upserted by code, so every boot may call it. */
    async seed(): Promise<void> {
      const rows = catalogue.flatMap((entry) =>
        intervals.map((interval) => ({
          id: newId("plan"),
          code: planCode(entry, interval),
          name: entry.name,
          description: entry.description,
          tier: entry.tier,
          billingInterval: interval,
          priceMinor: priceMinor(entry, interval, currency),
          currency,
          maxChatbots: entry.limits.chatbots,
          maxMessagesPerMonth: entry.limits.messagesPerMonth,
          maxKnowledgeSources: entry.limits.knowledgeSources,
          maxTeamMembers: entry.limits.teamMembers,
          extraFeatures: entry.extras,
        })),
      );
      await repo.upsertCatalogue(rows);
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
