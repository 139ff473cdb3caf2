import { Alert } from "@parley/ui/components/Alert";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useEffect, useState } from "react";
import { fetchInvitationPreview } from "../api";
import type { InvitationPreview } from "../invitation";

/**
 * What the sign-in pages know of the invitation named by `?invitation=` (issue #25):
 * - none: no invitation in the address;
 * - loading: asked, no answer yet (pages wait, so the address can be prefilled);
 * - ready: the service's answer (pending, or no longer valid and why);
 * - missing: no such invitation;
 * - unavailable: the service could not answer (network, rate limit): pages work as without one.
 */
export type InvitationState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; preview: InvitationPreview }
  | { status: "missing" }
  | { status: "unavailable" };

const cache = new Map<string, Promise<InvitationState>>();

function lookup(id: string): Promise<InvitationState> {
  let pending = cache.get(id);
  if (!pending) {
    pending = fetchInvitationPreview(id).then((result): InvitationState => {
      // Only answers are remembered; a failure is asked again by the next page.
      if (!result.ok) {
        cache.delete(id);
        return { status: "unavailable" };
      }
      return result.data ? { status: "ready", preview: result.data } : { status: "missing" };
    });
    cache.set(id, pending);
  }
  return pending;
}

/** The invitation of `?invitation=` (once per id, shared by the pages). */
export function useInvitation(id: string | null): InvitationState {
  const [state, setState] = useState<{ id: string | null; value: InvitationState }>({
    id,
    value: id ? { status: "loading" } : { status: "none" },
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    void lookup(id).then((value) => {
      if (live) setState({ id, value });
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (!id) return { status: "none" };
  return state.id === id ? state.value : { status: "loading" };
}

/** The invited address when the invitation can still be accepted (the pages prefill it). */
export function invitedEmail(state: InvitationState): string | null {
  return state.status === "ready" && state.preview.status === "pending" ? state.preview.email : null;
}

/**
 * The invitation to keep on links and to return to after signing in: not one the service said is
 * gone (the person then lands on their dashboard, as after any sign-in).
 */
export function invitationToCarry(id: string | null, state: InvitationState): string | null {
  if (!id || state.status === "missing") return null;
  if (state.status === "ready" && state.preview.status !== "pending") return null;
  return id;
}

/** A name someone typed: bold, and isolated so a right-to-left name cannot reorder the line. */
function Name({ children }: { children?: ReactNode }) {
  return (
    <strong>
      <bdi>{children}</bdi>
    </strong>
  );
}

/**
 * The notice at the top of the sign-in, sign-up and verified pages: "<Inviter> invited you to
 * join <Workspace> on Parley" with the address to use (`next` says what to do with it), or why the
 * invitation cannot be accepted any more.
 */
export function InvitationNotice({
  state,
  next,
}: {
  state: InvitationState;
  next: "sign-in" | "sign-up" | "continue";
}) {
  const { t } = useTranslation("auth");
  if (state.status === "none" || state.status === "loading") return null;
  if (state.status === "missing" || state.status === "unavailable") {
    const key = state.status === "missing" ? "missing" : "unavailable";
    return (
      <Alert icon tone="info" title={t(`invitation.${key}.title`)}>
        <p>{t(`invitation.${key}.message`)}</p>
      </Alert>
    );
  }
  const preview = state.preview;
  if (preview.status !== "pending") {
    return (
      <Alert icon tone="info" title={t(`invitation.${preview.status}.title`)}>
        <p>{t(`invitation.${preview.status}.message`)}</p>
      </Alert>
    );
  }
  const theirs = preview.personalOwner !== undefined && preview.inviterIsOwner;
  const workspace =
    preview.personalOwner !== undefined
      ? t("invitation.personalName", { owner: preview.personalOwner })
      : preview.workspaceName;
  return (
    <Alert icon tone="info">
      <p className="invitation-title">
        <Trans
          i18nKey={theirs ? "invitation.invitedTheirs" : "invitation.invited"}
          ns="auth"
          values={{ inviter: preview.inviterName, workspace }}
          components={{ inviter: <Name />, workspace: <Name /> }}
        />
      </p>
      <p>
        <Trans
          i18nKey={`invitation.next.${next === "sign-in" ? "signIn" : next === "sign-up" ? "signUp" : "continue"}`}
          ns="auth"
          values={{ email: preview.email }}
          components={{ email: <strong className="nowrap-email" dir="ltr" /> }}
        />
      </p>
    </Alert>
  );
}
