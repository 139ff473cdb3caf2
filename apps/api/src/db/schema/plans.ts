import type { PlanTextsByLanguage } from "@parley/contracts";
import { sql } from "drizzle-orm";
import { boolean, char, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    /**
     * The name, description and features in every language (`en` is also in the columns above,
     * which the spec's fields read). Null only on a row written by a release from before plan texts
     * (migration 0030 is additive, so that release can still run beside this one): read as the
     * English in every language, and written whole by the next catalogue seed.
     */
    texts: jsonb().$type<PlanTextsByLanguage>(),
    /** Bumped by every operator edit: an edit names the version it read (no lost update). */
    version: integer().notNull().default(1),
    /** When an operator last edited the plan: the catalogue seed then leaves its texts, limits and price alone. */
    editedAt: timestamp({ withTimezone: true }),
    /** A price an operator scheduled: it applies to payments started from `nextPriceFrom`. */
    nextPriceMinor: integer(),
    nextPriceFrom: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      "plans_texts_every_language",
      sql`${t.texts} is null or coalesce(jsonb_typeof(${t.texts}->'en'->'name') = 'string' and length(${t.texts}->'en'->>'name') > 0 and jsonb_typeof(${t.texts}->'en'->'description') = 'string' and jsonb_typeof(${t.texts}->'en'->'extras') = 'array' and jsonb_typeof(${t.texts}->'ar'->'name') = 'string' and length(${t.texts}->'ar'->>'name') > 0 and jsonb_typeof(${t.texts}->'ar'->'description') = 'string' and jsonb_typeof(${t.texts}->'ar'->'extras') = 'array', false)`,
    ),
    check("plans_price_nonnegative", sql`${t.priceMinor} >= 0`),
    check(
      "plans_next_price_complete",
      sql`(${t.nextPriceMinor} is null) = (${t.nextPriceFrom} is null) and coalesce(${t.nextPriceMinor}, 0) >= 0`,
    ),
    check("plans_interval_valid", sql`${t.billingInterval} in ('monthly', 'yearly')`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
