import type { Database } from "@parley/db";
import { sql } from "drizzle-orm";
import { newId } from "../../src/lib/ids";
import { catalogue, planCode, priceMinor } from "../../src/modules/plans/plans.catalogue";

/**
 * The catalogue's plans as a database from before plan texts (migration 0030) holds them: the
 * English columns only. For migration tests, whose old schema the current seed cannot write.
 */
export async function insertCataloguePlans(db: Database, currency = "BHD"): Promise<void> {
  for (const entry of catalogue)
    for (const interval of ["monthly", "yearly"] as const)
      await db.execute(sql`
        insert into plans (id, code, name, description, tier, billing_interval, price_minor, currency,
                           max_chatbots, max_messages_per_month, max_knowledge_sources, max_team_members,
                           extra_features)
        values (${newId("plan")}, ${planCode(entry, interval)}, ${entry.texts.en.name},
                ${entry.texts.en.description}, ${entry.tier}, ${interval},
                ${priceMinor(entry, interval, currency)}, ${currency}, ${entry.limits.chatbots},
                ${entry.limits.messagesPerMonth}, ${entry.limits.knowledgeSources},
                ${entry.limits.teamMembers}, ${JSON.stringify(entry.texts.en.extras)}::jsonb)`);
}
