import { eq } from "drizzle-orm";
import type { AuthDb } from "../db";
import { user as userTable } from "../db/schema";
import { PLATFORM_ROLES } from "./access";

type PlatformRole = (typeof PLATFORM_ROLES)[number];

const isListed = (list: readonly string[], email: string) => list.includes(email.trim().toLowerCase());

/**
 * The platform role a token carries: `admin` for an address in PLATFORM_ADMIN_EMAILS once it is
 * verified (an unverified sign-up with an operator's address gets nothing), else the stored role
 * when it is one we know, else `user`.
 */
export function platformRoleOf(
  user: { email: string; emailVerified: boolean; role?: unknown },
  adminEmails: readonly string[],
): PlatformRole {
  if (user.emailVerified && isListed(adminEmails, user.email)) return "admin";
  const stored = user.role;
  return PLATFORM_ROLES.find((r) => r === stored) ?? "user";
}

/**
 * After a sign-in: stores the admin role for a verified listed address, so the admin plugin's own
 * checks agree with the token. Nobody is demoted here: an address taken off the list keeps the
 * role until an operator changes it (the CLI or the admin API), as a CLI-made admin does.
 */
export async function promoteListedAdmin(db: AuthDb, adminEmails: readonly string[], userId: string) {
  if (adminEmails.length === 0) return;
  const [row] = await db.db
    .select({ email: userTable.email, emailVerified: userTable.emailVerified, role: userTable.role })
    .from(userTable)
    .where(eq(userTable.id, userId));
  if (!row?.emailVerified || !isListed(adminEmails, row.email) || row.role === "admin") return;
  await db.db.update(userTable).set({ role: "admin" }).where(eq(userTable.id, userId));
}
