import { useMemo } from "react";
import { useSession } from "../session/session-context";

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
  const { status, user, platformUser } = useSession();
  // The API keys its platform user by the auth user id, so the ids agree.
  const id = platformUser?._id ?? user?.id;
  const name = user?.name || platformUser?.name || user?.email || "";
  const email = user?.email ?? "";
  return useMemo(() => {
    if (status === "loading") return { status: "loading", user: null };
    if (status !== "signedIn" || !id) return { status: "signed-out", user: null };
    return { status: "signed-in", user: { id, name, email } };
  }, [status, id, name, email]);
}
