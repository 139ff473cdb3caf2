import { DEMO_ACCOUNT, SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import type { ChatbotsService } from "../chatbots/chatbots.service";
import { DEFAULTS } from "../chatbots/chatbots.service";
import type { KnowledgeService } from "../knowledge/knowledge.service";
import { demoBot, demoSources } from "./demo.content";

export const SHOWCASE_OWNER_ID = "parley-showcase";

/** The embedded default's demo content: a live showcase bot and a demo bot for the demo account. */
export function createDemoService(deps: {
  chatbots: ChatbotsService;
  /** Whether this call marks the demo account seeded (the users module owns the flag). */
  claimDemoSeed: (userId: string, at: Date) => Promise<boolean>;
  knowledge: KnowledgeService;
  grantPlan: (userId: string, planCode: string) => Promise<void>;
}) {
  const { chatbots: bots, knowledge } = deps;
  const seeded = new Set<string>();

  return {
    /** The published bot behind the live demo on /widget; created once, reused after restarts. */
    async seedShowcase(): Promise<string> {
      if (await bots.exists(SHOWCASE_CHATBOT_ID)) return SHOWCASE_CHATBOT_ID;
      // The showcase must never run out of its monthly messages.
      await deps.grantPlan(SHOWCASE_OWNER_ID, "business-yearly");
      // Several replicas may boot at once: only the one whose insert lands adds the knowledge.
      const inserted = await bots.insertFixed({
        id: SHOWCASE_CHATBOT_ID,
        workspaceId: SHOWCASE_OWNER_ID,
        ...demoBot,
        theme: { ...DEFAULTS.theme, launcherText: "Ask Acme Coffee" },
        leadCapture: true,
        published: true,
      });
      if (!inserted) return SHOWCASE_CHATBOT_ID;
      for (const source of demoSources) await knowledge.add(SHOWCASE_OWNER_ID, SHOWCASE_CHATBOT_ID, source);
      return SHOWCASE_CHATBOT_ID;
    },

    /** Gives the demo account its own demo chatbot the first time it signs in. */
    async ensureForUser(userId: string, email: string) {
      if (email.toLowerCase() !== DEMO_ACCOUNT.email || seeded.has(userId)) return;
      const claimed = await deps.claimDemoSeed(userId, new Date());
      seeded.add(userId);
      if (!claimed) return;
      const bot = await bots.create(userId, { ...demoBot, published: true, leadCapture: true });
      for (const source of demoSources) await knowledge.add(userId, bot._id, source);
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
