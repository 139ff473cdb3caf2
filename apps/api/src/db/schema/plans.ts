import { sql } from "drizzle-orm";
import { boolean, char, check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./_columns";

export const plans = pgTable(
  "plans",
  {
    id: text().primaryKey(),
    /** Stable catalogue key (`pro-monthly`); the seed upserts on it. */
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull(),
    tier: integer().notNull(),
    billingInterval: text({ enum: ["monthly", "yearly"] }).notNull(),
    /** Integer minor units (fils for BHD). */
    priceMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    isActive: boolean().notNull().default(true),
    maxChatbots: integer().notNull(),
    maxMessagesPerMonth: integer().notNull(),
    maxKnowledgeSources: integer().notNull(),
    maxTeamMembers: integer().notNull(),
    /** Plain marketing features shown after the numeric ones. */
    extraFeatures: jsonb().$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check("plans_price_nonnegative", sql`${t.priceMinor} >= 0`),
    check("plans_interval_valid", sql`${t.billingInterval} in ('monthly', 'yearly')`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
