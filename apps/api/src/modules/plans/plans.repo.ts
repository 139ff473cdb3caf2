import type { Database } from "@parley/db";
import { asc, eq, sql } from "drizzle-orm";
import { type NewPlanRow, type PlanRow, plans } from "../../db/schema";
import type { Tx } from "../../db/tx";

export function createPlansRepo(db: Database) {
  return {
    listActive(): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(eq(plans.isActive, true))
        .orderBy(asc(plans.tier), asc(plans.billingInterval));
    },
    /** `tx`: inside a transaction every query must use it (PGlite has one connection). */
    async findById(id: string, tx: Tx = db): Promise<PlanRow | undefined> {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row;
    },
    async findByCode(code: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
      return row;
    },
    /** Inserts new catalogue rows and refreshes catalogue fields; keeps ids and `isActive`. */
    async upsertCatalogue(rows: NewPlanRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(plans)
        .values(rows)
        .onConflictDoUpdate({
          target: plans.code,
          set: {
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            tier: sql`excluded.tier`,
            billingInterval: sql`excluded.billing_interval`,
            priceMinor: sql`excluded.price_minor`,
            currency: sql`excluded.currency`,
            maxChatbots: sql`excluded.max_chatbots`,
            maxMessagesPerMonth: sql`excluded.max_messages_per_month`,
            maxKnowledgeSources: sql`excluded.max_knowledge_sources`,
            maxTeamMembers: sql`excluded.max_team_members`,
            extraFeatures: sql`excluded.extra_features`,
            texts: sql`excluded.texts`,
          },
        });
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
