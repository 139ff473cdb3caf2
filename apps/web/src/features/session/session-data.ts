/**
 * Hand-written readers for what the auth service sends (its own `{session, user}` shapes, not our
 * contracts). Pure and unit-tested. Spec §3: the session token may arrive as `data.session.token`
 * or directly as `token`; the e-mail as `data.user.email`; a session is valid only with a session
 * token and a user id.
 */

import type { Language } from "@parley/ui/i18n/languages";
import { savedLanguage } from "./language-choice";

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  /** The saved language (`user.locale`, "en" | "ar"); absent when none is saved. */
  locale?: Language;
}

export interface AuthSession {
  token: string;
  user: AuthUser;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function localeOf(value: unknown): { locale?: Language } {
  const locale = savedLanguage(value);
  return locale ? { locale } : {};
}

/** `GET /get-session` (or any `{session, user}` / `{token, user}` body) → a valid session, or null. */
export function parseAuthSession(data: unknown): AuthSession | null {
  if (!isRecord(data)) return null;
  const session = isRecord(data.session) ? data.session : undefined;
  const user = isRecord(data.user) ? data.user : undefined;
  const token = text(session?.token) ?? text(data.token);
  const id = text(user?.id) ?? text(session?.userId);
  if (!token || !id) return null;
  return {
    token,
    user: {
      id,
      name: typeof user?.name === "string" ? user.name.trim() : "",
      email: text(user?.email)?.toLowerCase() ?? "",
      emailVerified: user?.emailVerified === true,
      image: text(user?.image) ?? null,
      ...localeOf(user?.locale),
    },
  };
}

export type CallbackParams =
  | { ok: true; token: string; email: string | null }
  | { ok: false; reason: "missing-token" | "auth-error"; error?: string };

/**
 * The query of `/auth/callback`. The auth app sends `?token=<session token>&email=<e-mail>`; a
 * `data` parameter holding the sign-in response as JSON (`{session: {token}, user: {email}}`) is
 * read too, and wins when both are present. An `error` parameter means the auth app gave up.
 */
export function parseCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const error = text(params.get("error"));
  if (error) return { ok: false, reason: "auth-error", error };

  let data: Record<string, unknown> | undefined;
  const rawData = params.get("data");
  if (rawData) {
    try {
      const parsed: unknown = JSON.parse(rawData);
      if (isRecord(parsed)) data = parsed;
    } catch {
      data = undefined;
    }
  }
  const session = isRecord(data?.session) ? data.session : undefined;
  const user = isRecord(data?.user) ? data.user : undefined;

  const token = text(session?.token) ?? text(data?.token) ?? text(params.get("token"));
  if (!token) return { ok: false, reason: "missing-token" };
  const email = text(user?.email) ?? text(params.get("email")) ?? null;
  return { ok: true, token, email: email ? email.toLowerCase() : null };
}
