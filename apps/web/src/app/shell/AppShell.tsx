import { LogoMark } from "@parley/ui/components/Logo";
import { useTranslation } from "@parley/ui/i18n/react";
import { Suspense, useEffect, useSyncExternalStore } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { LoadingSplash } from "../../components/LoadingSplash";
import { LiveInbox } from "../../features/inbox/live/LiveInbox";
import { liveStore } from "../../features/inbox/live/live-store";
import { useAccountLanguage } from "../../features/session/account-language";
import { signInUrlFor } from "../../features/session/invitation-link";
import { isPublicPath, saveReturnPath } from "../../features/session/routes";
import { SessionProvider, useSession } from "../../features/session/session-context";
import {
  RemovedFromWorkspace,
  useWorkspaceRemoval,
} from "../../features/workspaces/components/RemovedFromWorkspace";
import { PageFallback } from "../layout/SiteLayout";
import { AppHeader } from "./AppHeader";
import "../../styles/app.css";

/**
 * The signed-in app shell (spec: registered at /_app). It loads the session, shows the splash while
 * it does, sends signed-out visitors of protected routes to the auth app (remembering where they
 * were going), and frames the signed-in pages with the app header.
 */
export function AppShell() {
  return (
    <SessionProvider>
      <SessionGate />
    </SessionProvider>
  );
}

function SessionGate() {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation(["app", "common"]);
  const accountLanguage = useAccountLanguage(session.status === "signedIn" ? session.user : null);
  const mustSignIn =
    session.status === "signedOut" && !session.signingOut && !isPublicPath(location.pathname);
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  // The live stream says `gone` when the member was removed from the workspace (see LiveInbox).
  const liveGone = useSyncExternalStore(liveStore.subscribe, () => liveStore.get().gone);
  const removal = useWorkspaceRemoval(liveGone);

  useEffect(() => {
    if (!mustSignIn) return;
    saveReturnPath(wanted);
    // An invitation link goes to the sign-in pages with the invitation (issue #25).
    window.location.assign(signInUrlFor(location.pathname));
  }, [mustSignIn, wanted, location.pathname]);

  if (session.signingOut) return <LoadingSplash message={t("shell.signingOut")} />;
  if (session.loadError) return <SessionUnavailable onRetry={session.retry} />;
  if (session.status === "loading") return <LoadingSplash />;
  if (mustSignIn) return <LoadingSplash message={t("shell.toSignIn")} />;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("shell.skip")}
      </a>
      <AppHeader />
      {/* The tab's live stream of the workspace (lists, transcripts, desktop notifications). */}
      <LiveInbox />
      <main id="main" className="app-main" tabIndex={-1}>
        {accountLanguage.saveFailed ? (
          <div className="container app-language-notice">
            <div className="alert" role="status">
              <span>{t("common:language.saveFailed")}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={accountLanguage.dismissSaveFailed}
              >
                {t("common:actions.dismiss")}
              </button>
            </div>
          </div>
        ) : null}
        {/* Removed from the workspace: one message instead of its pages (which all fail now). */}
        {removal ? (
          <RemovedFromWorkspace removal={removal} />
        ) : (
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <ScrollRestoration />
    </div>
  );
}

function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(["app", "common"]);
  return (
    <main className="standalone">
      <div className="standalone-card" role="alert">
        <LogoMark size={40} />
        <h1>{t("shell.unavailableTitle")}</h1>
        <p>{t("shell.unavailableBody")}</p>
        <div className="standalone-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
            {t("common:actions.retry")}
          </button>
          <a className="btn btn-ghost btn-sm" href="/">
            {t("shell.home")}
          </a>
        </div>
      </div>
    </main>
  );
}
