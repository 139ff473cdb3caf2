import { apiRequestsPerMinute } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { bearerToken } from "../../plugins/auth";
import { bindRequestLog } from "../../plugins/log-context";
import type { ApiKeysService } from "./api-keys.service";

/**
 * `onRequest` hook of `/api/v1`: the bearer must be a live API key of a workspace whose plan
 * includes the API; it becomes the request's actor (`request.actor`, a key: the routes ask
 * `workspaceOf` as for a member), then the key's per-minute budget (the one rate limiter). The key
 * itself is never logged nor repeated in an error: the log carries the key's id.
 */
export function requireApiKey(apiKeys: ApiKeysService, limiter: RateLimiter) {
  return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
    const key = bearerToken(request);
    if (!key) throw AppError.of("UNAUTHORIZED", "apiKeys.sendApiKeyAsAuthorization");
    const principal = await apiKeys.authenticate(key);
    request.actor = { kind: "key", ...principal };
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
