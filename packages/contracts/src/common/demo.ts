import { z } from "zod";

/**
 * The embedded default ships a demo account (auth) and demo chatbots (API) so a newcomer can sign
 * in and chat within a minute. Never created in production.
 */
export const DEMO_ACCOUNT = {
  email: "demo@parley.local",
  password: "parley-demo-2026",
  name: "Demo Owner",
} as const;

/** The always-published showcase bot behind the live demo on /widget. */
export const SHOWCASE_CHATBOT_ID = "cb_parleyShowcase00000000";

export const demoInfoSchema = z.object({
  chatbotId: z.string().nullable(),
  account: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type DemoInfo = z.infer<typeof demoInfoSchema>;
