import type { AccessTokenClaims, PlatformUser } from "@parley/contracts";
import type { Database } from "@parley/db";
import { eq, sql } from "drizzle-orm";
import { type PlatformUserRow, platformUsers } from "../../db/schema";
import { AppError } from "../../lib/errors";

const toPlatformUser = (row: PlatformUserRow): PlatformUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
});

export function createUsersService(deps: { db: Database }) {
  const { db } = deps;
  // Skips the write when this process already stored exactly these claims recently.
  const seen = new Map<string, { fingerprint: string; at: number }>();
  const SEEN_TTL_MS = 60_000;

  return {
    /** Creates or refreshes the platform user from verified token claims. */
    async upsertFromClaims(claims: AccessTokenClaims): Promise<void> {
      const email = claims.email.toLowerCase();
      const role = claims.role ?? "user";
      const fingerprint = `${claims.name}\u0000${email}\u0000${role}`;
      const hit = seen.get(claims.sub);
      if (hit && hit.fingerprint === fingerprint && Date.now() - hit.at < SEEN_TTL_MS) return;
      await db
        .insert(platformUsers)
        .values({ id: claims.sub, name: claims.name, email, role })
        .onConflictDoUpdate({
          target: platformUsers.id,
          set: { name: sql`excluded.name`, email: sql`excluded.email`, role: sql`excluded.role` },
          setWhere: sql`(${platformUsers.name}, ${platformUsers.email}, ${platformUsers.role}) is distinct from (excluded.name, excluded.email, excluded.role)`,
        });
      if (seen.size > 10_000) seen.clear();
      seen.set(claims.sub, { fingerprint, at: Date.now() });
    },

    async get(userId: string): Promise<PlatformUser> {
      const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, userId)).limit(1);
      if (!row) throw new AppError("NOT_FOUND", "User not found");
      return toPlatformUser(row);
    },

    /**
     * The spec's lookup by e-mail, restricted to the caller's own record. Any other address gets
     * the same answer whether or not it exists, so the route cannot be used to probe accounts.
     */
    async getOwnByEmail(callerId: string, email: string): Promise<PlatformUser> {
      const me = await this.get(callerId);
      if (me.email !== email.trim().toLowerCase()) {
        throw new AppError("FORBIDDEN", "You can only look up your own account");
      }
      return me;
    },

    forget(userId: string) {
      seen.delete(userId);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
