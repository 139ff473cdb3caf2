import type { IncomingMessage } from "node:http";
import {
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  OAuth2Server,
} from "oauth2-mock-server";

export interface OidcUser {
  /** The stable account id Microsoft Entra ID puts in `oid`. */
  oid: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

const TENANT = "parley-tenant";
export const OIDC_CLIENT_ID = "parley-test-client";

/**
 * A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server) laid out like Microsoft Entra
 * ID under one tenant, so the app's built-in `microsoft` provider talks to it unchanged through
 * MICROSOFT_AUTHORITY + MICROSOFT_TENANT_ID: authorize and token endpoints, JWKS, RS256 id tokens
 * with `iss`, `aud`, `tid`, `oid`, and PKCE checked on the token call.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server(undefined, undefined, {
    endpoints: {
      wellKnownDocument: `/${TENANT}/v2.0/.well-known/openid-configuration`,
      authorize: `/${TENANT}/oauth2/v2.0/authorize`,
      token: `/${TENANT}/oauth2/v2.0/token`,
      jwks: `/${TENANT}/discovery/v2.0/keys`,
    },
  });
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const authority = `http://127.0.0.1:${server.address().port}`;
  const issuer = `${authority}/${TENANT}/v2.0`;
  server.issuer.url = issuer;

  let current: OidcUser | undefined;
  let tokenCalls = 0;
  const failTokenCalls: number[] = [];
  const claimsOf = (u: OidcUser) => ({
    sub: u.oid,
    oid: u.oid,
    tid: TENANT,
    email: u.email,
    name: u.name,
    email_verified: u.emailVerified,
    preferred_username: u.email,
  });

  server.service.on("beforeTokenSigning", (token: MutableToken) => {
    if (!current) throw new Error("OIDC test provider: call signInAs() first");
    Object.assign(token.payload, claimsOf(current));
  });
  // Grant what was asked at the authorize step (the mock would answer "dummy").
  const scopeByCode = new Map<string, string>();
  server.service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const scope = new URL(req.url ?? "", authority).searchParams.get("scope");
    const code = redirect.url.searchParams.get("code");
    if (scope && code) scopeByCode.set(code, scope);
  });
  server.service.on(
    "beforeResponse",
    (response: MutableResponse, req: { body?: Record<string, unknown> }) => {
      tokenCalls += 1;
      const code = req.body?.code;
      const granted = typeof code === "string" ? scopeByCode.get(code) : undefined;
      if (granted && typeof response.body === "object") response.body.scope = granted;
      if (failTokenCalls.shift()) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "test provider refused the grant" };
      }
    },
  );

  return {
    authority,
    tenant: TENANT,
    issuer,
    clientId: OIDC_CLIENT_ID,
    /** The person who will "sign in" at the provider on the next authorize/token round. */
    signInAs(user: OidcUser) {
      current = user;
    },
    /** Makes the next token-endpoint call fail with invalid_grant. */
    failNextTokenCall() {
      failTokenCalls.push(1);
    },
    get tokenCalls() {
      return tokenCalls;
    },
    /** An id token as the provider would hand a native app (for ID-token sign-in). */
    async idToken(user: OidcUser, overrides: Record<string, unknown> = {}) {
      current = user;
      return server.issuer.buildToken({
        scopesOrTransform: (_header, payload) =>
          Object.assign(payload, claimsOf(user), { aud: OIDC_CLIENT_ID }, overrides),
      });
    },
    /** What a browser does at the provider: the authorize URL answers with a redirect back to us. */
    async authorize(url: string): Promise<string> {
      const res = await fetch(url, { redirect: "manual" });
      const location = res.headers.get("location");
      if (res.status !== 302 || !location)
        throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
      return location;
    },
    env(): Record<string, string> {
      return {
        MICROSOFT_CLIENT_ID: OIDC_CLIENT_ID,
        MICROSOFT_CLIENT_SECRET: "parley-test-client-secret",
        MICROSOFT_TENANT_ID: TENANT,
        MICROSOFT_AUTHORITY: authority,
        // The real provider fetches a photo from graph.microsoft.com; this one has none.
        MICROSOFT_DISABLE_PROFILE_PHOTO: "true",
      };
    },
    close: () => server.stop(),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
