import { DEMO_ACCOUNT } from "@parley/contracts";
import type { Auth } from "./auth";

/** Creates the verified demo account if it is missing (embedded default only, never production). */
export async function seedDemoAccount(auth: Auth): Promise<"created" | "exists"> {
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(DEMO_ACCOUNT.email)) return "exists";
  const { user } = await auth.api.createUser({
    body: {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      name: DEMO_ACCOUNT.name,
      role: "user",
    },
  });
  await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
  return "created";
}
