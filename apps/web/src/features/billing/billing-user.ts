import { useMemo } from "react";
import { useSession } from "../session/public";

/**
 * The one place billing learns who is signed in. Billing needs the user's id (every call is
 * scoped by it) and name (the payment record's `username`); the session feature owns the rest.
 */
export interface BillingUser {
  id: string;
  name: string;
  email: string;
}

export type BillingUserState =
  | { status: "loading"; user: null }
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: BillingUser };

export function useBillingUser(): BillingUserState {
  const { status, user, platformUser, workspace } = useSession();
  // Billing acts on the active workspace; a personal workspace's id is its owner's user id (the
  // API keys its platform user by the auth user id, so the ids agree).
  const id = workspace?.id ?? platformUser?._id ?? user?.id;
  const name = user?.name || platformUser?.name || user?.email || "";
  const email = user?.email ?? "";
  return useMemo(() => {
    // Until the token says which workspace is active, any id could be the wrong one.
    if (status === "loading" || (status === "signedIn" && !workspace))
      return { status: "loading", user: null };
    if (status !== "signedIn" || !id) return { status: "signed-out", user: null };
    return { status: "signed-in", user: { id, name, email } };
  }, [status, workspace, id, name, email]);
}
