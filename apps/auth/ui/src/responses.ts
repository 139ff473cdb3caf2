/**
 * Hand-written parsers for the few auth-service responses the UI reads (no schema library, to keep the
 * bundle small). Each returns null for a shape it doesn't recognise. Pure and unit-tested.
 */
import type { PasswordPolicy } from "./errors";
import { httpOrigin } from "./urls";

export interface Platform {
  id: string;
  name: string;
  /** Absolute URL of the platform's `/auth/callback`. */
  callbackURL: string;
  /**
   * Social providers the service has enabled (e.g. ["google", "github"]). Optional seam: when the
   * service doesn't report any, the UI shows no social buttons.
   */
  socialProviders: string[];
  /** Optional seam for the service's password length limits; better-auth defaults otherwise. */
  passwordPolicy?: PasswordPolicy;
}

export interface SessionInfo {
  token: string;
  email: string;
  name: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** `GET /platforms/:id` → `{id, name, callbackURL}` (extra optional fields are read when present). */
export function parsePlatform(json: unknown): Platform | null {
  if (!isRecord(json)) return null;
  const id = str(json.id);
  const name = str(json.name);
  const callbackURL = str(json.callbackURL);
  if (!id || !name || !callbackURL || httpOrigin(callbackURL) === null) return null;

  const providersRaw = Array.isArray(json.socialProviders) ? json.socialProviders : [];
  const socialProviders = providersRaw.filter(
    (p): p is string => typeof p === "string" && /^[a-z0-9][a-z0-9_-]*$/i.test(p),
  );

  const platform: Platform = { id, name, callbackURL, socialProviders };
  if (isRecord(json.passwordPolicy)) {
    const minLength = positiveInt(json.passwordPolicy.minLength);
    const maxLength = positiveInt(json.passwordPolicy.maxLength);
    if (minLength && maxLength && minLength <= maxLength) platform.passwordPolicy = { minLength, maxLength };
  }
  return platform;
}

/**
 * `GET /get-session` → `null` when signed out, else `{session, user}`. The token may arrive as
 * `session.token` or directly as `token`; the e-mail as `user.email` (spec §3).
 */
export function parseSession(json: unknown): SessionInfo | null {
  if (!isRecord(json)) return null;
  const session = isRecord(json.session) ? json.session : undefined;
  const user = isRecord(json.user) ? json.user : undefined;
  const token = str(session?.token) ?? str(json.token);
  const email = str(user?.email);
  if (!token || !email) return null;
  return { token, email, name: str(user?.name) ?? "" };
}

/** `POST /sign-in/email` and `/sign-up/email` → `{token, user}`; token is null until verified. */
export function parseAuthResult(json: unknown): { token: string | null; email: string } | null {
  if (!isRecord(json)) return null;
  const user = isRecord(json.user) ? json.user : undefined;
  const email = str(user?.email);
  if (!email) return null;
  const session = isRecord(json.session) ? json.session : undefined;
  const token = str(json.token) ?? str(session?.token) ?? null;
  return { token: token === "" ? null : token, email };
}

/** `POST /sign-in/social` → `{url, redirect}`: the provider's authorisation URL. */
export function parseSocialRedirect(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const url = str(json.url);
  return url && httpOrigin(url) !== null ? url : null;
}

/**
 * Error bodies: better-auth answers `{code, message}`; the service's own routes (e.g. `/platforms/:id`)
 * answer the house shape `{error: {code, message}}`. Both become `{code?, message?}`.
 */
export function parseErrorBody(json: unknown): { code?: string; message?: string } {
  if (!isRecord(json)) return {};
  const source = isRecord(json.error) ? json.error : json;
  const out: { code?: string; message?: string } = {};
  const code = str(source.code);
  const message = str(source.message) ?? (typeof json.error === "string" ? json.error : undefined);
  if (code) out.code = code;
  if (message) out.message = message;
  return out;
}
