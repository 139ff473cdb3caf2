import { useState } from "react";
import { ErrorFallback } from "../../components/errors/ErrorFallback";
import { LoadingSplash } from "../../components/LoadingSplash";
import { SignOutDialog } from "../shell/SignOutDialog";

function Thrower(): never {
  throw new Error("Preview: a component failed to render");
}

/**
 * Development-only gallery (/_dev/ui, absent from production builds) for the session UI that is
 * not wired to a route yet: the splash, the sign-out dialog and the error screens.
 */
export function UiPreviewPage() {
  const [splash, setSplash] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fallback, setFallback] = useState(false);
  const [crash, setCrash] = useState(false);

  if (splash) {
    return (
      <button type="button" className="dev-preview-overlay-button" onClick={() => setSplash(false)}>
        <LoadingSplash message="Preview: click anywhere to close" />
      </button>
    );
  }
  if (fallback) return <ErrorFallback error={new Error("Preview: something broke")} />;
  if (crash) return <Thrower />;

  return (
    <main className="standalone">
      <div className="standalone-card">
        <h1>UI preview</h1>
        <p>Development only: the session screens and the error screens, to look at in isolation.</p>
        <div className="standalone-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSplash(true)}>
            Loading splash
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDialog(true)}>
            Sign-out dialog
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setFallback(true)}>
            Error screen
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCrash(true)}>
            Throw while rendering
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              void Promise.reject(new Error("Preview: unhandled rejection"));
            }}
          >
            Unhandled rejection
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              window.dispatchEvent(
                new ErrorEvent("error", {
                  message: "ResizeObserver loop completed with undelivered notifications.",
                }),
              );
            }}
          >
            ResizeObserver noise (ignored)
          </button>
        </div>
      </div>
      <SignOutDialog
        open={dialog}
        busy={busy}
        onCancel={() => setDialog(false)}
        onConfirm={() => {
          setBusy(true);
          window.setTimeout(() => {
            setBusy(false);
            setDialog(false);
          }, 1500);
        }}
      />
    </main>
  );
}
