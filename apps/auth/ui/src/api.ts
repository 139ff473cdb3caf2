/**
 * Calls to the auth service. The UI is served by that service, so paths are same-origin and the
 * better-auth session cookie is first-party. When the pages are served under the auth app's own
 * name (AUTH_APP_URL, another origin of the same site), calls go to the auth server's origin named
 * in `<meta name="parley-auth-server">`, with `credentials: "include"` so its cookie goes along.
 */
import { type ApiFailure, parseRetryAfter } from "./errors";
import { type InvitationPreview, parseInvitationPreview } from "./invitation";
import {
  type Platform,
  parseAuthResult,
  parseErrorBody,
  parsePlatform,
  parseSession,
  parseSocialRedirect,
  type SessionInfo,
} from "./responses";
import { authCallbacks, resolveServerBase } from "./urls";

function serverBase(): string {
  if (typeof document === "undefined") return "";
  const meta = document.querySelector<HTMLMetaElement>('meta[name="parley-auth-server"]');
  return resolveServerBase(meta?.content ?? null, window.location.origin);
}

export type Result<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

async function call<T>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; parse: (json: unknown) => T | null },
): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(`${serverBase()}${path}`, {
      method: options.method ?? "GET",
      credentials: "include",
      headers:
        options.body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, failure: { kind: "network" } };
  }

  let json: unknown = null;
  try {
    const text = await response.text();
    json = text === "" ? null : JSON.parse(text);
  } catch {
    json = null;
  }

  if (!response.ok) {
    const retryAfterSeconds = parseRetryAfter(
      response.headers.get("X-Retry-After") ?? response.headers.get("Retry-After"),
    );
    const failure: ApiFailure = {
      kind: "http",
      status: response.status,
      ...parseErrorBody(json),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
    return { ok: false, failure };
  }

  const data = options.parse(json);
  if (data === null) return { ok: false, failure: { kind: "http", status: 502, code: "BAD_RESPONSE" } };
  return { ok: true, data };
}

const acceptAny = () => true as const;

export type PlatformLookup = { status: "found"; platform: Platform } | { status: "unknown" };

export async function fetchPlatform(id: string): Promise<Result<PlatformLookup>> {
  const result = await call(`/platforms/${encodeURIComponent(id)}`, { parse: parsePlatform });
  if (result.ok) return { ok: true, data: { status: "found", platform: result.data } };
  if (result.failure.kind === "http" && result.failure.status === 404) {
    return { ok: true, data: { status: "unknown" } };
  }
  return result;
}

/** The current session on this auth host, or null when signed out. */
export function getSession(): Promise<Result<SessionInfo | null>> {
  // `parse` must return null for "unrecognised", so wrap: a null body is a valid "signed out".
  return call("/get-session", {
    parse: (json) => ({ session: json === null ? null : parseSession(json) }),
  }).then((r) => (r.ok ? { ok: true, data: r.data.session } : r));
}

export function signInEmail(input: { email: string; password: string; rememberMe: boolean }) {
  return call("/sign-in/email", { method: "POST", body: input, parse: parseAuthResult });
}

export function signUpEmail(input: {
  name: string;
  email: string;
  password: string;
  platform: string;
  /** The page's language, saved as the account's (`user.locale`): mails and the web app follow it. */
  locale: "en" | "ar";
  /** The invitation being answered: the verification link leads back to it. */
  invitation?: string | null;
}) {
  return call("/sign-up/email", {
    method: "POST",
    body: {
      name: input.name,
      email: input.email,
      password: input.password,
      locale: input.locale,
      // The verification link (`/verify-email?token=…&callbackURL=…`) lands on our /auth/verified page.
      callbackURL: authCallbacks.verified(input.platform, input.invitation),
    },
    parse: parseAuthResult,
  });
}

export function sendVerificationEmail(input: {
  email: string;
  platform: string;
  invitation?: string | null;
}) {
  return call("/send-verification-email", {
    method: "POST",
    body: { email: input.email, callbackURL: authCallbacks.verified(input.platform, input.invitation) },
    parse: acceptAny,
  });
}

export function requestPasswordReset(input: { email: string; platform: string; invitation?: string | null }) {
  return call("/request-password-reset", {
    method: "POST",
    body: { email: input.email, redirectTo: authCallbacks.resetPassword(input.platform, input.invitation) },
    parse: acceptAny,
  });
}

export function resetPassword(input: { newPassword: string; token: string }) {
  return call("/reset-password", { method: "POST", body: input, parse: acceptAny });
}

/**
 * Saves a language to the signed-in account (`user.locale`), as the web app's switch does; the
 * web app prefers the saved language to the cookie, so a choice made here must reach the account.
 */
export function saveLocale(locale: "en" | "ar") {
  return call("/update-user", { method: "POST", body: { locale }, parse: acceptAny });
}

export function signOut() {
  return call("/sign-out", { method: "POST", body: {}, parse: acceptAny });
}

export function startSocialSignIn(input: {
  provider: string;
  platform: string;
  invitation?: string | null;
  /** The page's language: a failure's error page is shown in it. */
  language?: string | null;
}) {
  return call("/sign-in/social", {
    method: "POST",
    body: {
      provider: input.provider,
      callbackURL: authCallbacks.socialDone(input.platform, input.invitation),
      newUserCallbackURL: authCallbacks.socialDone(input.platform, input.invitation),
      errorCallbackURL: authCallbacks.socialError(input.platform, input.language),
      disableRedirect: true,
    },
    parse: parseSocialRedirect,
  });
}

/**
 * What an invitation link may show before signing in (`GET /invitation-preview?id=`, no session):
 * who invited the address to which workspace, or that it is no longer valid. Null: not found.
 */
export async function fetchInvitationPreview(id: string): Promise<Result<InvitationPreview | null>> {
  const result = await call(`/invitation-preview?id=${encodeURIComponent(id)}`, {
    parse: parseInvitationPreview,
  });
  if (!result.ok && result.failure.kind === "http" && result.failure.status === 404)
    return { ok: true, data: null };
  return result;
}
