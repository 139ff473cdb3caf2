import { DEMO_ACCOUNT, SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The public demo's pointers: the showcase bot and the demo account, when demo content is on. */
export const demoRoutes: FastifyPluginAsyncZod<{ enabled: boolean }> = async (app, { enabled }) => {
  app.get("/demo", async () => ({
    chatbotId: enabled ? SHOWCASE_CHATBOT_ID : null,
    account: enabled ? { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } : null,
  }));
};
