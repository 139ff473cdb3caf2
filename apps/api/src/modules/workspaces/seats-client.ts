import {
  WORKSPACE_SEATS_USED_PATH,
  type WorkspaceSeatsUsed,
  workspaceSeatsUsedSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import type { FastifyBaseLogger } from "fastify";

/**
 * Seats in use in a workspace (members + pending invitations), asked of the auth service, which
 * holds the members. `breakdown` answers undefined when the auth service cannot answer; `used`
 * (for the usage row) then shows 1 (the owner) rather than failing the whole usage call.
 */
export function createSeatsUsedClient(options: { authUrl: string; secret: string; log: FastifyBaseLogger }) {
  const base = options.authUrl.replace(/\/+$/, "");
  async function breakdown(workspaceId: string): Promise<WorkspaceSeatsUsed | undefined> {
    const path = WORKSPACE_SEATS_USED_PATH.replace(":workspaceId", encodeURIComponent(workspaceId));
    try {
      const res = await fetch(`${base}${path}`, {
        headers: { ...signWebhook(options.secret, `GET ${path}`) },
        signal: AbortSignal.timeout(3_000),
      });
      const body = res.ok ? workspaceSeatsUsedSchema.safeParse(await res.json()) : undefined;
      if (body?.success) return body.data;
      options.log.warn({ status: res.status }, "seats in use: unexpected answer from the auth service");
    } catch (err) {
      options.log.warn({ err }, "seats in use: the auth service could not be reached");
    }
    return undefined;
  }
  return {
    breakdown,
    async used(workspaceId: string): Promise<number> {
      return Math.max(1, (await breakdown(workspaceId))?.used ?? 1);
    },
  };
}
export type SeatsUsedClient = ReturnType<typeof createSeatsUsedClient>;
