import { DEMO_ACCOUNT, SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import type { Database } from "@parley/db";
import { and, eq, isNull } from "drizzle-orm";
import { chatbots, platformUsers } from "../../db/schema";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import { DEFAULTS } from "../chatbots/chatbots.service";
import type { KnowledgeService } from "../knowledge/knowledge.service";
import { demoBot, demoSources } from "./demo.content";

export const SHOWCASE_OWNER_ID = "parley-showcase";

/** The embedded default's demo content: a live showcase bot and a demo bot for the demo account. */
export function createDemoService(deps: {
  db: Database;
  chatbots: ChatbotsService;
  knowledge: KnowledgeService;
  grantPlan: (userId: string, planCode: string) => Promise<void>;
}) {
  const { db, chatbots: bots, knowledge } = deps;
  const seeded = new Set<string>();

  return {
    /** The published bot behind the live demo on /widget; created once, reused after restarts. */
    async seedShowcase(): Promise<string> {
      const [existing] = await db
        .select({ id: chatbots.id })
        .from(chatbots)
        .where(eq(chatbots.id, SHOWCASE_CHATBOT_ID));
      if (existing) return existing.id;
      // The showcase must never run out of its monthly messages.
      await deps.grantPlan(SHOWCASE_OWNER_ID, "business-yearly");
      const inserted = await db
        .insert(chatbots)
        .values({
          id: SHOWCASE_CHATBOT_ID,
          ownerId: SHOWCASE_OWNER_ID,
          ...demoBot,
          theme: { ...DEFAULTS.theme, launcherText: "Ask Acme Coffee" },
          leadCapture: true,
          published: true,
        })
        // Several replicas may boot at once: only the one whose insert lands adds the knowledge.
        .onConflictDoNothing()
        .returning({ id: chatbots.id });
      if (inserted.length === 0) return SHOWCASE_CHATBOT_ID;
      for (const source of demoSources) await knowledge.add(SHOWCASE_OWNER_ID, SHOWCASE_CHATBOT_ID, source);
      return SHOWCASE_CHATBOT_ID;
    },

    /** Gives the demo account its own demo chatbot the first time it signs in. */
    async ensureForUser(userId: string, email: string) {
      if (email.toLowerCase() !== DEMO_ACCOUNT.email || seeded.has(userId)) return;
      const [claimed] = await db
        .update(platformUsers)
        .set({ demoSeededAt: new Date() })
        .where(and(eq(platformUsers.id, userId), isNull(platformUsers.demoSeededAt)))
        .returning({ id: platformUsers.id });
      seeded.add(userId);
      if (!claimed) return;
      const bot = await bots.create(userId, { ...demoBot, published: true, leadCapture: true });
      for (const source of demoSources) await knowledge.add(userId, bot._id, source);
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
