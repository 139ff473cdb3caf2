import { type ApiKeyScope, apiRequestsPerMinute } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { bearerToken } from "../../plugins/auth";
import { bindRequestLog } from "../../plugins/log-context";
import type { Actor } from "../workspaces/audit.service";
import type { ApiKeyPrincipal, ApiKeysService } from "./api-keys.service";

declare module "fastify" {
  interface FastifyRequest {
    apiKey?: ApiKeyPrincipal;
    /** A change this request made is in the audit log already (its use needs no entry of its own). */
    apiChangeAudited?: boolean;
  }
}

/**
 * `onRequest` hook of `/api/v1`: the bearer must be a live API key of a workspace whose plan
 * includes the API; then the key's per-minute budget (the one rate limiter). The key itself is
 * never logged nor repeated in an error: the log carries the key's id.
 */
export function requireApiKey(apiKeys: ApiKeysService, limiter: RateLimiter) {
  return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
    const key = bearerToken(request);
    if (!key) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
    const principal = await apiKeys.authenticate(key);
    request.apiKey = principal;
    bindRequestLog(request, reply, { apiKeyId: principal.keyId, workspaceId: principal.workspaceId });
    await enforceLimit(
      limiter,
      reply,
      `api:key:${principal.keyId}`,
      apiRequestsPerMinute(principal.tier),
      60,
      "Too many requests with this API key. Please slow down and try again in a minute.",
    );
  };
}

/** The key's workspace, once the key holds the scope this route needs. */
export function keyWorkspace(request: FastifyRequest, scope: ApiKeyScope): string {
  const key = request.apiKey;
  if (!key) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
  if (!key.scopes.includes(scope)) {
    throw new AppError("FORBIDDEN", `This API key does not have the \`${scope}\` scope.`);
  }
  return key.workspaceId;
}

/** The key as the audit log's actor (it acts for the workspace, never for a person). */
export function keyActor(request: FastifyRequest): Actor {
  const key = request.apiKey;
  if (!key) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
  return { userId: key.keyId, email: "" };
}
