import { queryOptions, useQuery } from "@tanstack/react-query";
import { authUrl, PLATFORM_ID } from "../../lib/config";
import { authClient } from "../session/public";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, parsePasswordPolicy } from "./account";

export const accountKeys = {
  all: ["account"] as const,
  linked: (userId: string) => [...accountKeys.all, userId, "linked-accounts"] as const,
  passwordPolicy: () => [...accountKeys.all, "password-policy"] as const,
};

export function useLinkedAccounts(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.linked(userId),
      queryFn: () => authClient.listAccounts(),
      staleTime: 60_000,
    }),
  );
}

/** The auth service's password length limits, from its platform registry (`GET /platforms/:id`). */
export function usePasswordPolicy(): PasswordPolicy {
  const query = useQuery(
    queryOptions({
      queryKey: accountKeys.passwordPolicy(),
      queryFn: async ({ signal }) => {
        const response = await fetch(`${authUrl}/platforms/${encodeURIComponent(PLATFORM_ID)}`, {
          signal,
          headers: { accept: "application/json" },
        });
        return parsePasswordPolicy(response.ok ? await response.json() : null);
      },
      staleTime: 10 * 60_000,
      retry: 1,
    }),
  );
  return query.data ?? DEFAULT_PASSWORD_POLICY;
}
