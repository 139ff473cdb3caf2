import type { AccessTokenClaims, PlatformUser } from "@parley/contracts";
import type { PlatformUserRow } from "../../db/schema";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/errors";
import type { UsersRepo } from "./users.repo";

const toPlatformUser = (row: PlatformUserRow): PlatformUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
});

export function createUsersService(deps: { repo: UsersRepo }) {
  const { repo } = deps;
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
      await repo.upsert({ id: claims.sub, name: claims.name, email, role });
      if (seen.size > 10_000) seen.clear();
      seen.set(claims.sub, { fingerprint, at: Date.now() });
    },

    async get(userId: string): Promise<PlatformUser> {
      const row = await repo.byId(userId);
      if (!row) throw AppError.of("NOT_FOUND", "session.userNotFound");
      return toPlatformUser(row);
    },

    /**
     * The spec's lookup by e-mail, restricted to the caller's own record. Any other address gets
     * the same answer whether or not it exists, so the route cannot be used to probe accounts.
     */
    async getOwnByEmail(callerId: string, email: string): Promise<PlatformUser> {
      const me = await this.get(callerId);
      if (me.email !== email.trim().toLowerCase()) {
        throw AppError.of("FORBIDDEN", "session.youCanOnlyLookUp");
      }
      return me;
    },

    /** The stored user, or undefined (a creator who has since left; an export of a fresh account). */
    find: (userId: string) => repo.byId(userId),
    /** Whether this call is the one that marks the demo account seeded (embedded default only). */
    claimDemoSeed: (userId: string, at: Date) => repo.claimDemoSeed(userId, at),
    /** Account deletion, inside the caller's transaction. */
    erase: (tx: Tx, userId: string) => repo.remove(tx, userId),

    forget(userId: string) {
      seen.delete(userId);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
