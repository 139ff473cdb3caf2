import { createHash } from "node:crypto";
import type { BillingInterval, Plan, PlanFeature, PlanNames, PlanTextsByLanguage } from "@parley/contracts";
import { minorToMajor, planListSchema } from "@parley/contracts";
import type { PlanRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { catalogue, planCode, priceMinor } from "./plans.catalogue";
import type { PlansRepo } from "./plans.repo";

const intervals: BillingInterval[] = ["monthly", "yearly"];

/**
 * A plan's words in every language. A row written by a release from before plan texts has none
 * (until the next seed): its English columns stand for every language.
 */
export function textsOf(
  row: Pick<PlanRow, "name" | "description" | "extraFeatures" | "texts">,
): PlanTextsByLanguage {
  if (row.texts) return row.texts;
  const english = { name: row.name, description: row.description, extras: row.extraFeatures };
  return { en: english, ar: english };
}

/** A plan's name in every language, for replies that name it without sending it whole. */
export function planNamesOf(row: Pick<PlanRow, "name" | "texts">): PlanNames {
  return { en: row.texts?.en.name ?? row.name, ar: row.texts?.ar.name ?? row.name };
}

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
    texts: textsOf(row),
  };
}

export interface CachedCatalogue {
  plans: Plan[];
  /** The list serialised once, already checked against the contract. */
  json: string;
  etag: string;
}

export function createPlansService(deps: { repo: PlansRepo; currency: string; cacheMs?: number }) {
  const { repo, currency } = deps;
  const cacheMs = deps.cacheMs ?? 5_000;
  // The catalogue is read on every pricing view and changes only when plans are (re)seeded or
  // retired, so it is loaded, validated and serialised once per few seconds, not per request.
  let cached: { value: Promise<CachedCatalogue>; at: number } | undefined;

  async function load(): Promise<CachedCatalogue> {
    const plans = planListSchema.parse((await repo.listActive()).map(toPlan));
    const json = JSON.stringify(plans);
    return { plans, json, etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
  }

  return {
    async listActive(): Promise<Plan[]> {
      return (await this.catalogue()).plans;
    },
    catalogue(): Promise<CachedCatalogue> {
      if (!cached || Date.now() - cached.at > cacheMs) {
        const value = load();
        cached = { value, at: Date.now() };
        // A failed load must not be served from the cache.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
    /** Idempotent: the catalogue is upserted by code, so every boot may call it. */
    async seed(): Promise<void> {
      const rows = catalogue.flatMap((entry) =>
        intervals.map((interval) => ({
          id: newId("plan"),
          code: planCode(entry, interval),
          name: entry.texts.en.name,
          description: entry.texts.en.description,
          tier: entry.tier,
          billingInterval: interval,
          priceMinor: priceMinor(entry, interval, currency),
          currency,
          maxChatbots: entry.limits.chatbots,
          maxMessagesPerMonth: entry.limits.messagesPerMonth,
          maxKnowledgeSources: entry.limits.knowledgeSources,
          maxTeamMembers: entry.limits.teamMembers,
          extraFeatures: entry.texts.en.extras,
          texts: entry.texts,
        })),
      );
      await repo.upsertCatalogue(rows);
      cached = undefined;
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
