import { BIDI_OVERRIDE_MESSAGE, hasNoBidiOverride, stripBidiControls } from "@parley/contracts";
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
          }),
        },
      ],
    },
  };
}

/** A user's name as stored: without direction controls, whatever sent it (social profiles too). */
export function storedUserName<T extends { name?: string | null }>(user: T): { data: T } {
  return { data: typeof user.name === "string" ? { ...user, name: stripBidiControls(user.name) } : user };
}
