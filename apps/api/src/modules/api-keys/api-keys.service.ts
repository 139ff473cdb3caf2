import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SHOWN_START,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  MAX_API_KEYS,
  planIncludesApiAccess,
} from "@parley/contracts";
import type { ApiKeyRow, PlanRow } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { monthOf } from "../entitlements/usage.repo";
import { planNamesOf } from "../plans/plans.service";
import type { Actor, AuditService } from "../workspaces/audit.service";
import type { ApiKeysRepo } from "./api-keys.repo";

/** What a valid key stands for on a request: its workspace and scopes, never a person. */
export interface ApiKeyPrincipal {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  /** The workspace's plan tier now (it sets the rate limit). */
  tier: number;
}

const hashOf = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The same words for every key that is not one (unknown, malformed): nothing to tell them apart. */
export const INVALID_KEY = "Invalid API key";

export function noApiAccess(planName: string) {
  return new AppError(
    "PLAN_LIMIT_REACHED",
    `Your ${planName} plan does not include API access. Upgrade to Pro or Business to use API keys.`,
  );
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepo;
  audit: Pick<AuditService, "record">;
  plan: (workspaceId: string) => Promise<PlanRow>;
  now: () => Date;
}) {
  const { repo, now } = deps;

  const toApiKey = (row: ApiKeyRow, usage = { requests: 0, messages: 0 }): ApiKey => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last4: row.last4,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy: { id: row.createdById, email: row.createdByEmail },
    createdAt: row.createdAt.toISOString(),
    status: row.expiresAt && row.expiresAt <= now() ? "expired" : "active",
    thisMonth: usage,
  });

  return {
    async list(workspaceId: string): Promise<ApiKeyList> {
      const plan = await deps.plan(workspaceId);
      const rows = await repo.listLive(workspaceId, monthOf(now()));
      return {
        keys: rows.map((r) => toApiKey(r.key, { requests: r.requests, messages: r.messages })),
        planIncludesApi: planIncludesApiAccess(plan.tier),
        planName: plan.name,
        planNames: planNamesOf(plan),
      };
    },

    /** A new key: returned whole this once; only its sha256 is kept. */
    async create(workspaceId: string, actor: Actor, input: ApiKeyCreate): Promise<ApiKeyCreated> {
      const plan = await deps.plan(workspaceId);
      if (!planIncludesApiAccess(plan.tier)) throw noApiAccess(plan.name);
      const at = now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= at.getTime()) {
        throw new AppError("VALIDATION_FAILED", "The expiry must be in the future", [
          { path: "body.expiresAt", message: "The expiry must be in the future" },
        ]);
      }
      if ((await repo.countLive(workspaceId)) >= MAX_API_KEYS) {
        throw new AppError(
          "CONFLICT",
          `A workspace can hold ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
        );
      }
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
      const row = await repo.insert({
        id: newId("key"),
        workspaceId,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_START),
        last4: key.slice(-4),
        keyHash: hashOf(key),
        scopes: input.scopes,
        expiresAt,
        createdById: actor.userId,
        createdByEmail: actor.email,
        createdAt: at,
      });
      await deps.audit.record({
        workspaceId,
        action: "api_key.created",
        actorId: actor.userId,
        actorEmail: actor.email,
        target: row.id,
        details: { name: row.name, scopes: row.scopes.join(", "), key: `${row.prefix}…${row.last4}` },
      });
      return { ...toApiKey(row), key };
    },

    async revoke(workspaceId: string, actor: Actor, id: string) {
      const row = await repo.revoke(workspaceId, id, now());
      if (!row) throw AppError.of("NOT_FOUND", "apiKeys.apiKeyNotFound");
      await deps.audit.record({
        workspaceId,
        action: "api_key.revoked",
        actorId: actor.userId,
        actorEmail: actor.email,
        target: row.id,
        details: { name: row.name, key: `${row.prefix}…${row.last4}` },
      });
    },

    /**
     * The key's principal, or an UNAUTHORIZED / PLAN_LIMIT_REACHED error that never repeats the
     * key. Checked on every request: a revoked or expired key stops at its next request.
     */
    async authenticate(key: string): Promise<ApiKeyPrincipal> {
      if (!API_KEY_PATTERN.test(key)) throw new AppError("UNAUTHORIZED", INVALID_KEY);
      const hash = hashOf(key);
      const row = await repo.byHash(hash);
      // Found by its hash; compared again in constant time (the lookup itself sees only hashes).
      if (!row || !timingSafeEqual(Buffer.from(row.keyHash, "hex"), Buffer.from(hash, "hex"))) {
        throw new AppError("UNAUTHORIZED", INVALID_KEY);
      }
      if (row.revokedAt) throw AppError.of("UNAUTHORIZED", "apiKeys.apiKeyHasBeenRevoked");
      const at = now();
      if (row.expiresAt && row.expiresAt <= at) throw AppError.of("UNAUTHORIZED", "apiKeys.apiKeyHasExpired");
      const plan = await deps.plan(row.workspaceId);
      if (!planIncludesApiAccess(plan.tier)) throw noApiAccess(plan.name);
      await Promise.all([
        repo.touch(row.id, at),
        repo.count(row.id, monthOf(at), { requests: 1, messages: 0 }),
      ]);
      return { keyId: row.id, workspaceId: row.workspaceId, scopes: row.scopes, tier: plan.tier };
    },

    /** One answered message through this key, this month (beside the workspace's own count). */
    countMessage: (keyId: string) => repo.count(keyId, monthOf(now()), { requests: 0, messages: 1 }),

    erase: repo.removeWorkspace,
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
