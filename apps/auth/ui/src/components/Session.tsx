import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useState } from "react";
import { getSession, signOut } from "../api";
import type { ApiFailure } from "../errors";
import { leaveForPlatform } from "../leave";
import type { Platform, SessionInfo } from "../responses";

/** The session on this auth host: `undefined` while asked, `null` when signed out (or unknown). */
export function useSession(): SessionInfo | null | undefined {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void getSession().then((result) => {
      if (live) setSession(result.ok ? result.data : null);
    });
    return () => {
      live = false;
    };
  }, []);
  return session;
}

/** "Continue to <platform>" for the signed-in session: busy while the browser leaves. */
export function ContinueButton({
  platform,
  session,
  invitationId,
  disabled,
  onLeave,
}: {
  platform: Platform;
  session: SessionInfo;
  /** The invitation to go back to on the platform, if any. */
  invitationId: string | null;
  disabled?: boolean;
  onLeave?: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const { t } = useTranslation("auth");
  return (
    <Button
      block
      busy={leaving}
      busyLabel={t("common.continuing")}
      disabled={disabled}
      onClick={() => {
        setLeaving(true);
        onLeave?.();
        leaveForPlatform(platform, session, invitationId);
      }}
    >
      {t("common.continueTo", { platform: platform.name })}
    </Button>
  );
}

/**
 * Signing out of this auth host (to use another account): `busy` while the call runs, then
 * `onSignedOut`, or `onFailed` with what went wrong. `before` runs first (e.g. clearing errors).
 */
export function useSignOut({
  before,
  onSignedOut,
  onFailed,
}: {
  before?: () => void;
  onSignedOut: () => void;
  onFailed: (failure: ApiFailure) => void;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    before?.();
    const result = await signOut();
    setBusy(false);
    if (result.ok) onSignedOut();
    else onFailed(result.failure);
  };
  return { busy, onClick };
}

/** The secondary button that signs out: "Use a different account" unless labelled otherwise. */
export function SignOutButton({
  busy,
  disabled,
  onClick,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <Button
      block
      variant="secondary"
      busy={busy}
      busyLabel={t("common.signingOut")}
      disabled={disabled}
      onClick={onClick}
    >
      {children ?? t("signIn.useDifferentAccount")}
    </Button>
  );
}
