import type { PlatformUser } from "@parley/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { platformUserQueryOptions } from "./api";
import { type ActiveWorkspace, workspaceOfToken } from "./claims";
import { authClient, clearServerCookies, forgetFreshSession, peekFreshSession, tokens } from "./runtime";
import type { AuthSession, AuthUser } from "./session-data";
import { startSessionRefresh } from "./session-refresh";

export type SessionStatus = "loading" | "signedIn" | "signedOut";

type State =
  | { status: "loading" }
  | { status: "signedIn"; session: AuthSession }
  | { status: "signedOut" }
  /** The auth service could not be asked; neither signed in nor out. */
  | { status: "unavailable"; error: unknown };

export interface SessionContextValue {
  status: SessionStatus;
  user: AuthUser | null;
  platformUser: PlatformUser | null;
  /** The active workspace and the user's role there (from the access token); null while loading. */
  workspace: ActiveWorkspace | null;
  /** Set when the session could not be loaded at all (the auth service is unreachable). */
  loadError: unknown;
  retry: () => void;
  /** Re-reads the session (after a profile change) and refreshes the API token's claims. */
  reload: () => Promise<void>;
  /** True from the moment sign-out starts until the browser leaves. */
  signingOut: boolean;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Spec §4: the session-expired handler sends the browser to '/'. */
function onSessionExpired() {
  tokens.clear();
  window.location.assign("/");
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => {
    const fresh = peekFreshSession();
    return fresh ? { status: "signedIn", session: fresh } : { status: "loading" };
  });
  useEffect(() => forgetFreshSession(), []);
  const [signingOut, setSigningOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const signingOutRef = useRef(false);

  // First load (and "Try again"): ask the auth service who is signed in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    if (state.status !== "loading") return;
    let live = true;
    authClient.getSession().then(
      (session) => {
        if (live) setState(session ? { status: "signedIn", session } : { status: "signedOut" });
      },
      (error: unknown) => {
        if (live) setState({ status: "unavailable", error });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const signedIn = state.status === "signedIn";

  // While signed in: re-check the session every 5 minutes, and treat "no session" from either the
  // refresh or the token endpoint as an expiry.
  useEffect(() => {
    if (!signedIn) return;
    const stopRefresh = startSessionRefresh({
      check: () => authClient.getSession(),
      onSession: (session) => setState({ status: "signedIn", session }),
      onExpired: () => {
        if (!signingOutRef.current) onSessionExpired();
      },
    });
    const stopListening = tokens.onSignedOut(() => {
      if (!signingOutRef.current) onSessionExpired();
    });
    return () => {
      stopRefresh();
      stopListening();
    };
  }, [signedIn]);

  const email = state.status === "signedIn" ? state.session.user.email : "";
  const platformUser = useQuery({ ...platformUserQueryOptions(email), enabled: signedIn && email !== "" });
  const workspace = useQuery({
    queryKey: ["session", "workspace", state.status === "signedIn" ? state.session.user.id : ""],
    queryFn: async () => workspaceOfToken(await tokens.getToken()),
    enabled: signedIn,
    staleTime: 30_000,
  });

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  const reload = useCallback(async () => {
    const session = await authClient.getSession();
    if (!session) {
      onSessionExpired();
      return;
    }
    setState({ status: "signedIn", session });
    // The API copies name and e-mail from the token's claims: get a token that has the new ones.
    await tokens.refresh().catch(() => undefined);
  }, []);

  const signOut = useCallback(async () => {
    if (signingOutRef.current) return;
    signingOutRef.current = true;
    // Unmount the signed-in pages first (the shell shows the splash), so no query refetches into
    // the cleared cache and asks for a new token while the auth session still exists.
    flushSync(() => setSigningOut(true));
    // Spec §4: clear the cached token, clear caches, sign out, go to '/', reset user and session.
    // On failure the API still clears the cookie and the browser still goes to '/'.
    tokens.clear();
    await queryClient.cancelQueries();
    queryClient.clear();
    try {
      await authClient.signOut();
    } catch (error) {
      console.error("[parley] sign-out failed", error);
      await clearServerCookies();
    }
    window.location.assign("/");
    setState({ status: "signedOut" });
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(() => {
    const status: SessionStatus =
      state.status === "unavailable" ? "loading" : (state.status satisfies SessionStatus);
    return {
      status,
      user: state.status === "signedIn" ? state.session.user : null,
      platformUser: platformUser.data ?? null,
      workspace: workspace.data ?? null,
      loadError: state.status === "unavailable" ? state.error : null,
      retry,
      reload,
      signingOut,
      signOut,
    };
  }, [state, platformUser.data, workspace.data, retry, reload, signingOut, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider> (the app shell)");
  return value;
}

/**
 * For pages behind the guard: the signed-in user, the id the API knows them by, and the active
 * workspace (whose id scopes every bot, conversation and the subscription; a personal workspace's
 * id is the user's id).
 */
export function useSignedInUser(): {
  user: AuthUser;
  userId: string;
  workspaceId: string;
  workspace: ActiveWorkspace | null;
  platformUser: PlatformUser | null;
} {
  const { user, platformUser, workspace } = useSession();
  if (!user) throw new Error("useSignedInUser needs a signed-in session (render it inside the guard)");
  // The API's platform user is keyed by the auth user id, so the two ids are the same.
  const userId = platformUser?._id ?? user.id;
  return { user, userId, workspaceId: workspace?.id ?? userId, workspace, platformUser };
}

/** The session when rendered inside the app shell, or null elsewhere (public pages). */
export function useOptionalSession(): SessionContextValue | null {
  return useContext(SessionContext);
}
