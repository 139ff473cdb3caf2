import type { Language } from "@parley/ui/i18n/languages";
import { type AuthSession, parseAuthSession } from "./session-data";

/**
 * Calls from the web app to the hosted auth service (better-auth at the auth host's root). Every
 * call carries the auth session cookie (`credentials: "include"`): app.domain and auth.domain are
 * the same site, and the service's CORS allows our origin with credentials. Bodies are JSON;
 * better-auth answers errors as `{code, message}`.
 */

export type AuthFailure =
  | { kind: "network" }
  | { kind: "http"; status: number; code?: string; message?: string; retryAfterSeconds?: number };

export class AuthServiceError extends Error {
  override readonly name = "AuthServiceError";
  readonly failure: AuthFailure;

  constructor(failure: AuthFailure) {
    // Error.message is for logs; people see useAuthErrorText's words.
    super(
      failure.kind === "network"
        ? // i18n-ignore: developer message
          "The sign-in service could not be reached"
        : // i18n-ignore: developer message
          `Auth service answered ${failure.status}${failure.code ? ` ${failure.code}` : ""}${failure.message ? `: ${failure.message}` : ""}`,
    );
    this.failure = failure;
  }

  get status(): number | undefined {
    return this.failure.kind === "http" ? this.failure.status : undefined;
  }
}

export interface LinkedAccount {
  /** Our (auth service) account row id. */
  id: string;
  /** "credential" for e-mail and password, else the social provider ("google", "github"…). */
  providerId: string;
  /** The provider's id for the user. */
  accountId: string;
  createdAt: string | null;
}

export interface DeleteUserResult {
  /** False when the service e-mailed a confirmation link instead of deleting at once. */
  deleted: boolean;
  message: string;
}

export interface AuthClient {
  getSession(): Promise<AuthSession | null>;
  signOut(): Promise<void>;
  /** better-auth `POST /update-user`: the name, and the saved language (`locale`, null clears it). */
  updateUser(input: { name?: string; locale?: Language | null }): Promise<void>;
  changeEmail(input: { newEmail: string; callbackURL: string }): Promise<void>;
  changePassword(input: {
    currentPassword: string;
    newPassword: string;
    revokeOtherSessions: boolean;
  }): Promise<void>;
  listAccounts(): Promise<LinkedAccount[]>;
  unlinkAccount(input: { providerId: string; accountId: string }): Promise<void>;
  deleteUser(input: { password?: string; callbackURL?: string }): Promise<DeleteUserResult>;
  /** Any other better-auth endpoint (the organization plugin's workspace calls). */
  request(path: string, method: "GET" | "POST", body?: unknown): Promise<unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function retryAfter(header: string | null): number | undefined {
  if (!header?.trim()) return undefined;
  const seconds = Number(header.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? Math.max(1, Math.ceil(seconds)) : undefined;
}

export function parseLinkedAccounts(json: unknown): LinkedAccount[] {
  if (!Array.isArray(json)) return [];
  const accounts: LinkedAccount[] = [];
  for (const item of json) {
    if (!isRecord(item)) continue;
    const { id, providerId, accountId, createdAt } = item;
    if (typeof id !== "string" || typeof providerId !== "string" || typeof accountId !== "string") continue;
    accounts.push({ id, providerId, accountId, createdAt: typeof createdAt === "string" ? createdAt : null });
  }
  return accounts;
}

export function createAuthClient(baseUrl: string, fetchImpl?: typeof fetch): AuthClient {
  const doFetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  async function call(path: string, method: "GET" | "POST", body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        credentials: "include",
        headers:
          method === "POST"
            ? { accept: "application/json", "content-type": "application/json" }
            : { accept: "application/json" },
        body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch {
      throw new AuthServiceError({ kind: "network" });
    }
    let json: unknown = null;
    try {
      const raw = await response.text();
      json = raw ? JSON.parse(raw) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const failure: AuthFailure = { kind: "http", status: response.status };
      if (isRecord(json)) {
        // better-auth's `{code, message}`; this service's own routes nest it under `error`.
        const source = isRecord(json.error) ? json.error : json;
        if (typeof source.code === "string") failure.code = source.code;
        if (typeof source.message === "string") failure.message = source.message;
      }
      const seconds = retryAfter(
        response.headers.get("x-retry-after") ?? response.headers.get("retry-after"),
      );
      if (seconds !== undefined) failure.retryAfterSeconds = seconds;
      throw new AuthServiceError(failure);
    }
    return json;
  }

  return {
    async getSession() {
      try {
        return parseAuthSession(await call("/get-session", "GET"));
      } catch (error) {
        // No session cookie, or one the service no longer knows: signed out, not broken.
        if (error instanceof AuthServiceError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    async signOut() {
      await call("/sign-out", "POST");
    },
    async updateUser(input) {
      await call("/update-user", "POST", input);
    },
    async changeEmail(input) {
      await call("/change-email", "POST", input);
    },
    async changePassword(input) {
      await call("/change-password", "POST", input);
    },
    async listAccounts() {
      return parseLinkedAccounts(await call("/list-accounts", "GET"));
    },
    async unlinkAccount(input) {
      await call("/unlink-account", "POST", input);
    },
    async deleteUser(input) {
      const json = await call("/delete-user", "POST", input);
      const message = isRecord(json) && typeof json.message === "string" ? json.message : "";
      // better-auth 1.7: "User deleted" when done, "Verification email sent" when a link went out.
      return { deleted: !/verification/i.test(message), message };
    },
    request: call,
  };
}
