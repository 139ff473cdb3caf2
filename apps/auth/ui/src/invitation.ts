/**
 * An invitation to a Parley workspace, carried through the sign-in pages (issue #25). The web app
 * sends a signed-out visitor of `/invitations/:id` here with `?invitation=<id>`; every page keeps
 * the parameter on its links, in the verification e-mail's link and on the way back to the web
 * app, which then opens the invitation again. Pure helpers, unit-tested.
 */
import type { PendingInvitationPreview, SettledInvitationPreview } from "@parley/contracts";

/** What `GET /invitation-preview?id=` answers, as this page reads it (it shows no expiry). */
export type InvitationPreview = Omit<PendingInvitationPreview, "expiresAt"> | SettledInvitationPreview;

/** better-auth's invitation ids are 32 letters and digits; the service takes up to 128. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The `invitation` query parameter when it can be an invitation id, else null (nothing is shown). */
export function invitationFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get("invitation")?.trim();
  return value && ID.test(value) ? value : null;
}

/** The query parameter to keep on links and callbacks (none without an invitation). */
export function invitationParams(id: string | null): Record<string, string> {
  return id ? { invitation: id } : {};
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The service's answer, or null for a shape this page does not know (it then shows no notice). */
export function parseInvitationPreview(json: unknown): InvitationPreview | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const body = json as Record<string, unknown>;
  const status = body.status;
  if (status === "expired" || status === "canceled" || status === "accepted" || status === "rejected")
    return { status };
  if (status !== "pending") return null;
  const email = str(body.email);
  const workspaceName = str(body.workspaceName);
  const inviterName = str(body.inviterName);
  if (!email || !workspaceName || !inviterName) return null;
  const personalOwner = str(body.personalOwner);
  return {
    status,
    email,
    workspaceName,
    ...(personalOwner ? { personalOwner } : {}),
    inviterIsOwner: body.inviterIsOwner === true,
    inviterName,
    role: str(body.role) ?? null,
  };
}

/**
 * Whether the signed-in account is the one invited (addresses compare without case, as the
 * service compares them when the invitation is accepted).
 */
export function isInvitedAddress(preview: InvitationPreview | null, email: string): boolean {
  return preview?.status !== "pending" || preview.email.toLowerCase() === email.trim().toLowerCase();
}
