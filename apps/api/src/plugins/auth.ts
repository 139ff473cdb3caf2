import { ACCESS_TOKEN_AUDIENCE, type AccessTokenClaims, accessTokenClaimsSchema } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
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

/**
 * Verifies access tokens locally against the auth service's JWKS (keys fetched once and cached by
 * jose, refetched on an unknown `kid`): no database or network hop per request.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async function verify(token: string): Promise<Authenticated> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience ?? ACCESS_TOKEN_AUDIENCE,
        clockTolerance: 5,
      });
      const claims = accessTokenClaimsSchema.parse(payload);
      return { userId: claims.sub, claims };
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JOSENotSupported) {
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
