import { signInUrl } from "../../lib/config";

/**
 * The invitation e-mail's link, `/invitations/:id`, opened signed out (issue #25): the sign-in
 * pages get the invitation (`&invitation=<id>`), so they name the workspace and fill in the
 * invited address; they hand it back with the signed-in browser (`/auth/callback?…&invitation=`),
 * and the app opens the invitation again, whichever tab or browser finished the sign-up.
 */

/** better-auth's invitation ids are 32 letters and digits; the auth service takes up to 128. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

const validId = (value: string | null | undefined): string | null => {
  const id = value?.trim();
  return id && ID.test(id) ? id : null;
};

/** The invitation id of an `/invitations/:id` path, else null. */
export function invitationIdOfPath(pathname: string): string | null {
  const match = /^\/invitations\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return validId(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

/** Where a signed-out visitor of `pathname` signs in: with the invitation when it is one. */
export function signInUrlFor(pathname: string, base: string = signInUrl): string {
  const id = invitationIdOfPath(pathname);
  if (!id) return base;
  const url = new URL(base);
  url.searchParams.set("invitation", id);
  return url.toString();
}

/** The invitation the sign-in pages handed back (`?invitation=` on the callback), as a path here. */
export function invitationReturnPath(search: string): string | null {
  const id = validId(new URLSearchParams(search).get("invitation"));
  return id ? `/invitations/${encodeURIComponent(id)}` : null;
}
