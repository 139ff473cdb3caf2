import type { Database } from "@parley/db";
import { and, asc, eq, getTableColumns, isNotNull, lte, sql } from "drizzle-orm";
import { type NewPlanRow, type PlanRow, plans } from "../../db/schema";
import type { Tx } from "../../db/tx";

export function createPlansRepo(db: Database, now: () => Date = () => new Date()) {
  /**
   * A plan as it applies now: a price an operator scheduled is the price from its date on, before
   * any process has written it into `price_minor` (applyDuePrices).
   */
  const current = () => ({
    ...getTableColumns(plans),
    priceMinor:
      sql<number>`case when ${plans.nextPriceFrom} <= ${now().toISOString()}::timestamptz then ${plans.nextPriceMinor} else ${plans.priceMinor} end`.mapWith(
        Number,
      ),
  });
  return {
    /** Every plan, retired ones too (the operator's console), in ladder order. */
    listAll(): Promise<PlanRow[]> {
      return db.select(current()).from(plans).orderBy(asc(plans.tier), asc(plans.billingInterval));
    },
    /**
     * An operator's edit, only if the plan is still at `version` (compare-and-set: of two edits of
     * the same version one wins). The row as it was and as it is now, "stale" with the current row
     * when another edit came first, or undefined when there is no such plan.
     */
    async edit(
      id: string,
      version: number,
      set: Partial<NewPlanRow>,
      at: Date,
      tx: Tx = db,
    ): Promise<{ before: PlanRow; after: PlanRow } | { stale: PlanRow } | undefined> {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
      if (!before) return undefined;
      if (before.version !== version) return { stale: before };
      const [after] = await tx
        .update(plans)
        .set({ ...set, version: sql`${plans.version} + 1`, editedAt: at })
        .where(and(eq(plans.id, id), eq(plans.version, version)))
        .returning();
      return after ? { before, after } : { stale: before };
    },
    /** Scheduled prices whose date has come become the price (idempotent; any process may run it). */
    async applyDuePrices(at: Date): Promise<number> {
      const rows = await db
        .update(plans)
        .set({ priceMinor: sql`${plans.nextPriceMinor}`, nextPriceMinor: null, nextPriceFrom: null })
        .where(and(isNotNull(plans.nextPriceFrom), lte(plans.nextPriceFrom, at)))
        .returning({ id: plans.id });
      return rows.length;
    },
    listActive(): Promise<PlanRow[]> {
      return db
        .select(current())
        .from(plans)
        .where(eq(plans.isActive, true))
        .orderBy(asc(plans.tier), asc(plans.billingInterval));
    },
    /** `tx`: inside a transaction every query must use it (PGlite has one connection). */
    async findById(id: string, tx: Tx = db): Promise<PlanRow | undefined> {
      const [row] = await tx.select(current()).from(plans).where(eq(plans.id, id)).limit(1);
      return row;
    },
    async findByCode(code: string): Promise<PlanRow | undefined> {
      const [row] = await db.select(current()).from(plans).where(eq(plans.code, code)).limit(1);
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
          // A plan an operator edited in the console keeps the operator's words, limits and price.
          setWhere: sql`${plans.editedAt} is null`,
        });
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
