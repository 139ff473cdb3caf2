import { LogoMark } from "@parley/ui/components/Logo";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/app";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { LoadingSplash } from "../../../components/LoadingSplash";
import { useDocumentTitle } from "../../../components/use-document-title";
import { signInUrl } from "../../../lib/config";
import { platformUserQueryOptions } from "../api";
import { AuthServiceError } from "../auth-client";
import { invitationReturnPath } from "../invitation-link";
import { chosenByQuery, languageToApply, localeOfToken } from "../language-choice";
import { takeReturnPath } from "../routes";
import { authClient, rememberFreshSession, tokens } from "../runtime";
import { parseCallbackParams } from "../session-data";

/** Spec §9: after a fresh sign-in the app waits 2 seconds before showing content. */
export const POST_LOGIN_GATE_MS = 2_000;

type Failure = "missing-token" | "auth-error" | "no-session" | "mismatch" | "unreachable" | "no-token";

/** Each failure's title and message (`app:callback.failures.<key>`); "Try again" only when it may help. */
const failureText = {
  "missing-token": { key: "missingToken" },
  "auth-error": { key: "authError" },
  "no-session": { key: "noSession" },
  mismatch: { key: "mismatch" },
  unreachable: { key: "unreachable", retry: true },
  "no-token": { key: "noToken" },
} as const satisfies Record<Failure, { key: keyof (typeof en)["callback"]["failures"]; retry?: boolean }>;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `/auth/callback?token=…&email=…`: where the auth app returns a signed-in browser. Confirms the
 * session with the auth service (the token must be the current session's), gets the API access
 * token from `/token` into the `accessToken` cookie, holds the splash for the 2-second post-login
 * gate while the platform user loads, and continues to where the user was going.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation(["app", "common"]);
  useDocumentTitle(t("callback.title"));
  const { language, setLanguage } = useLanguage();
  // Read inside the sign-in run without restarting it.
  const languageNow = useRef({ language, setLanguage });
  languageNow.current = { language, setLanguage };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ kind: Failure; code?: string } | null>(null);
  // Read once, before the address bar is cleaned, so "Try again" can run the same sign-in again.
  const [params] = useState(() => parseCallbackParams(window.location.search));
  // Signed in from an invitation link: back to that invitation (issue #25), even in another tab.
  const [invitationPath] = useState(() => invitationReturnPath(window.location.search));
  const [attempt, setAttempt] = useState(0);
  const runningAttempt = useRef(-1);

  useEffect(() => {
    // The session token should not linger in the address bar or in history.
    if (window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  useEffect(() => {
    // Once per attempt (StrictMode runs effects twice in development).
    if (runningAttempt.current === attempt) return;
    runningAttempt.current = attempt;

    void (async () => {
      if (!params.ok) return setFailure({ kind: params.reason, code: params.error });
      let session: Awaited<ReturnType<typeof authClient.getSession>>;
      try {
        session = await authClient.getSession();
      } catch (error) {
        console.error("[parley] could not confirm the session", error);
        const status = error instanceof AuthServiceError ? error.status : undefined;
        return setFailure({ kind: status !== undefined && status < 500 ? "no-session" : "unreachable" });
      }
      if (!session) return setFailure({ kind: "no-session" });
      if (session.token !== params.token) return setFailure({ kind: "mismatch" });

      // A token left from another account in this browser must not be reused.
      tokens.clear();
      let jwt: string | null;
      try {
        jwt = await tokens.refresh();
      } catch (error) {
        console.error("[parley] could not get an access token", error);
        return setFailure({ kind: "unreachable" });
      }
      if (!jwt) return setFailure({ kind: "no-token" });

      rememberFreshSession(session);
      const email = session.user.email || params.email || "";
      const saved = takeReturnPath();
      const returnPath = invitationPath ?? saved;
      // The account's saved language, during the gate (not over a `?lang=` the return path chose).
      const switchTo = languageToApply({
        current: languageNow.current.language,
        saved: session.user.locale ?? localeOfToken(jwt),
        openedWithQuery: chosenByQuery(new URL(returnPath, window.location.origin).search),
      });
      await Promise.all([
        delay(POST_LOGIN_GATE_MS),
        email ? queryClient.prefetchQuery(platformUserQueryOptions(email)) : Promise.resolve(),
        switchTo ? languageNow.current.setLanguage(switchTo).catch(() => undefined) : Promise.resolve(),
      ]);
      navigate(returnPath, { replace: true });
    })();
  }, [attempt, params, invitationPath, navigate, queryClient]);

  if (!failure) return <LoadingSplash message={t("callback.signingIn")} />;

  const text = failureText[failure.kind];
  return (
    <main className="standalone">
      <div className="standalone-card" role="alert">
        <LogoMark size={40} />
        <h1>{t(`callback.failures.${text.key}.title`)}</h1>
        <p>{t(`callback.failures.${text.key}.message`)}</p>
        <div className="standalone-actions">
          <a className="btn btn-primary btn-sm" href={signInUrl}>
            {t("callback.backToSignIn")}
          </a>
          {"retry" in text && text.retry ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t("common:actions.retry")}
            </button>
          ) : null}
        </div>
        {failure.code ? (
          <p className="standalone-foot">{t("callback.errorCode", { code: failure.code })}</p>
        ) : null}
      </div>
    </main>
  );
}
