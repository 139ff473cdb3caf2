import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { signInUrl } from "../../../app/config";
import { LogoMark } from "../../../components/Logo";
import { PageFallback } from "../../../layout/SiteLayout";
import { RemovedFromWorkspace } from "../../workspaces/components/RemovedFromWorkspace";
import { isPublicPath, saveReturnPath } from "../routes";
import { SessionProvider, useSession } from "../session-context";
import { AppHeader } from "./AppHeader";
import { LoadingSplash } from "./LoadingSplash";
import "../../../styles/app.css";

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
  const mustSignIn =
    session.status === "signedOut" && !session.signingOut && !isPublicPath(location.pathname);
  const wanted = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!mustSignIn) return;
    saveReturnPath(wanted);
    window.location.assign(signInUrl);
  }, [mustSignIn, wanted]);

  if (session.signingOut) return <LoadingSplash message="Signing you out…" />;
  if (session.loadError) return <SessionUnavailable onRetry={session.retry} />;
  if (session.status === "loading") return <LoadingSplash />;
  if (mustSignIn) return <LoadingSplash message="Taking you to sign in…" />;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <RemovedFromWorkspace />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </div>
  );
}

function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="standalone">
      <div className="standalone-card" role="alert">
        <LogoMark size={40} />
        <h1>We couldn't reach the sign-in service</h1>
        <p>
          Parley couldn't check whether you're signed in. This is usually a brief network problem. Check your
          connection and try again.
        </p>
        <div className="standalone-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
            Try again
          </button>
          <a className="btn btn-ghost btn-sm" href="/">
            Parley home
          </a>
        </div>
      </div>
    </main>
  );
}
