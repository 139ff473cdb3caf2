import { type PlatformUser, platformUserSchema } from "@parley/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";

export const sessionKeys = {
  all: ["session"] as const,
  platformUser: (email: string) => [...sessionKeys.all, "platform-user", email] as const,
};

/**
 * The API's record of the signed-in user, looked up by e-mail (spec §7). A failure is logged and
 * nothing else (spec §8: 'Failed to fetch platform user' is logged only): pages fall back to the
 * auth user's id, which is the same id.
 */
export function platformUserQueryOptions(email: string) {
  return queryOptions({
    queryKey: sessionKeys.platformUser(email),
    queryFn: async ({ signal }): Promise<PlatformUser | null> => {
      try {
        return await apiFetch(`/api/user/by-email?email=${encodeURIComponent(email)}`, {
          schema: platformUserSchema,
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw error;
        console.error("Failed to fetch platform user", error);
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}
