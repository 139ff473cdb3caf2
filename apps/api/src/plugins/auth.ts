import { ACCESS_TOKEN_AUDIENCE, type AccessTokenClaims, accessTokenClaimsSchema } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import { AppError } from "../lib/errors";

export interface Authenticated {
  userId: string;
  claims: AccessTokenClaims;
}

declare module "fastify" {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

export interface TokenVerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience?: string;
}

/** Asymmetric algorithms only: a symmetric or unsigned token can never be the auth service's. */
const ACCEPTED_ALGORITHMS = [
  "EdDSA",
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
];

/** The key set could not be fetched: the sign-in service's fault, never the token's. */
class KeySetUnavailable extends Error {}

/**
 * Verifies access tokens locally against the auth service's JWKS (keys fetched once and cached by
 * jose, refetched on an unknown `kid`): no database or network hop per request.
 *
 * Only a failure to fetch the key set is a 503; everything about the token itself (unsigned,
 * symmetric, unknown algorithm or key, malformed) is a 401, so a forged token can never pass for
 * an outage and a real outage never signs people out.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const remote = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  const keyFor: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      // No key for this token's kid/alg: the token is at fault. Anything else failed the fetch.
      if (
        err instanceof joseErrors.JWKSNoMatchingKey ||
        err instanceof joseErrors.JWKSMultipleMatchingKeys ||
        err instanceof joseErrors.JOSENotSupported
      ) {
        throw err;
      }
      throw new KeySetUnavailable("the JWKS could not be fetched", { cause: err });
    }
  };
  return async function verify(token: string): Promise<Authenticated> {
    try {
      const { payload } = await jwtVerify(token, keyFor, {
        issuer: options.issuer,
        audience: options.audience ?? ACCESS_TOKEN_AUDIENCE,
        algorithms: ACCEPTED_ALGORITHMS,
        clockTolerance: 5,
      });
      const claims = accessTokenClaimsSchema.parse(payload);
      return { userId: claims.sub, claims };
    } catch (err) {
      if (err instanceof KeySetUnavailable) {
        throw new AppError(
          "SERVICE_UNAVAILABLE",
          "The sign-in service could not be reached. Please try again.",
        );
      }
      if (err instanceof joseErrors.JWTExpired)
        throw new AppError("UNAUTHORIZED", "Your session has expired");
      throw new AppError("UNAUTHORIZED", "Invalid access token");
    }
  };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** A JWT is three base64url segments; anything else (an opaque session token) is refused early. */
const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * `onRequest` hook for authenticated routes: sets `request.auth` and lets `onAuthenticated`
 * (platform-user upsert) run, or answers 401.
 */
export function requireAuth(verify: TokenVerifier, onAuthenticated: (auth: Authenticated) => Promise<void>) {
  return async function authHook(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new AppError("UNAUTHORIZED", "Sign in to continue");
    if (!jwtShape.test(token)) throw new AppError("UNAUTHORIZED", "Invalid access token");
    const auth = await verify(token);
    request.auth = auth;
    await onAuthenticated(auth);
  };
}

export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError("UNAUTHORIZED", "Sign in to continue");
  return request.auth;
}
