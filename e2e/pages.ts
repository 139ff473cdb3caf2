import type { Account } from "./account-helpers";

/** Every public page of the site (no sign-in), the last an unknown path under /widget/ (the site's 404, spec §2). */
export const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/services",
  "/faq",
  "/contact",
  "/terms-conditions",
  "/widget",
  "/widget/no-such-page",
];

/** The sign-in app's pages, on its own host. */
export const SIGN_IN_PAGES = [
  "/auth?platform=parley",
  "/auth/sign-up?platform=parley",
  "/auth/forgot-password?platform=parley",
];

/** A published bot with one text source (a kettle's warranty): what the page-walking journeys show. */
export async function kettleBot(owner: Account): Promise<{ _id: string }> {
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Kettle help" });
  await owner.api("POST", `/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: "Warranty",
    content:
      "Every Kettle Co. kettle has a two-year warranty. Send it back with the receipt for a free repair.",
  });
  await owner.api("PATCH", `/chatbots/${bot._id}`, { published: true });
  return bot;
}
