import type { ApiKeyCreated } from "@parley/contracts";
import type { Owner } from "../builder/client";
import { setPlan, type TestApp } from "../harness";
import type { TokenIssuer } from "../token-issuer";

/** The app's own calls (an owner's access token), for creating and revoking keys. */
export function keysClient(t: TestApp, issuer: TokenIssuer) {
  const call = async (who: Owner, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${t.url}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${await issuer.sign(who)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    call,
    async create(
      who: Owner,
      body: { name?: string; scopes?: string[]; expiresAt?: string | null } = {},
    ): Promise<ApiKeyCreated> {
      const res = await call(who, "POST", "/api/api-keys", {
        name: "Integration",
        scopes: ["chat", "read", "write"],
        ...body,
      });
      if (res.status !== 201) throw new Error(`create key: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    revoke: (who: Owner, id: string) => call(who, "DELETE", `/api/api-keys/${id}`),
    /** Puts the workspace on a plan at once (the API's plan cache is dropped with it). */
    async plan(workspaceId: string, code: string) {
      await setPlan(t, workspaceId, code);
      t.app.services.caches.plans.invalidate(workspaceId);
    },
  };
}

/** A call to the public API with a key (or any Authorization header). */
export function v1(t: TestApp) {
  return async (
    authorization: string | undefined,
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${t.url}/api/v1${p}`, {
      method,
      headers: {
        ...(authorization === undefined ? {} : { authorization }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: parseJson(text), text, headers: res.headers };
  };
}

/** The body as JSON (untyped, like the other test clients), or null when it is none. */
function parseJson(text: string) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
