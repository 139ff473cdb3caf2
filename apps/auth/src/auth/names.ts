import {
  BIDI_OVERRIDE_MESSAGE,
  cleanName,
  hasNoBidiOverride,
  MEMBER_NAME_MAX,
  MEMBER_NAME_REQUIRED,
  memberNameSchema,
} from "@parley/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

/**
 * Issue #21: a right-to-left override (U+202E) shows the characters after it in reverse, so a
 * name could read as another person, workspace or address in the dashboard, in mails and in the
 * token's `name` claim. Names and addresses a person types into our forms are refused with the
 * message the bot texts use (the sign-in UI and the web app show it per field); names that arrive
 * from elsewhere (a social provider's profile) are stored without the controls.
 *
 * The ordinary marks RLM/LRM (U+200F/U+200E) stay allowed: Arabic names mixed with Latin use them.
 */
const NAME_PATHS = new Set([
  "/sign-up/email",
  "/update-user",
  "/organization/create",
  "/organization/update",
  "/organization/invite-member",
  "/admin/create-user",
  "/admin/update-user",
]);

/** The typed fields checked, at the top of the body and inside `data` (update routes). */
const NAME_FIELDS = ["name", "slug", "email"] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The dotted path of the first name field holding an override control, or undefined. */
export function bidiOverrideIn(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const [prefix, record] of [
    ["body", body],
    ["body.data", body.data],
  ] as const) {
    if (!isRecord(record)) continue;
    for (const field of NAME_FIELDS) {
      const value = record[field];
      if (typeof value === "string" && !hasNoBidiOverride(value)) return `${prefix}.${field}`;
    }
  }
  return undefined;
}

/** The routes that take a member's display name: `name` in the body, or in `data` (admin update). */
const USER_NAME_PATHS = new Set([
  "/sign-up/email",
  "/update-user",
  "/admin/create-user",
  "/admin/update-user",
]);

export const NAME_INVALID_CODE = "NAME_INVALID";

/**
 * Issue #35: the first rule a member's typed display name breaks (`memberNameSchema`: at most 120
 * characters, something visible, one line), or undefined. A name that is absent is not checked
 * (better-auth requires it where it must be there).
 */
export function memberNameRefusal(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const record of [body, body.data]) {
    if (!isRecord(record) || !("name" in record) || record.name === undefined) continue;
    const parsed = memberNameSchema.safeParse(record.name);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? MEMBER_NAME_REQUIRED;
  }
  return undefined;
}

export function parleyNames(): BetterAuthPlugin {
  return {
    id: "parley-names",
    hooks: {
      before: [
        {
          matcher: (ctx) => NAME_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const field = bidiOverrideIn(ctx.body);
            if (field) {
              // better-auth's own validation-error shape, as for a NUL (http/better-auth.ts).
              throw APIError.from("BAD_REQUEST", {
                code: "VALIDATION_ERROR",
                message: BIDI_OVERRIDE_MESSAGE,
              });
            }
            if (USER_NAME_PATHS.has(ctx.path ?? "")) {
              const message = memberNameRefusal(ctx.body);
              if (message) throw APIError.from("BAD_REQUEST", { code: NAME_INVALID_CODE, message });
            }
          }),
        },
      ],
    },
  };
}

/**
 * A user's name as stored, whatever sent it (social profiles too, which are not refused): without
 * direction controls, on one line, at most 120 characters (`cleanName`). A typed name that breaks
 * the rule never gets here (`parleyNames` refuses it first).
 */
export function storedUserName<T extends { name?: string | null }>(user: T): { data: T } {
  return {
    data: typeof user.name === "string" ? { ...user, name: cleanName(user.name, MEMBER_NAME_MAX) } : user,
  };
}
