import { z } from "zod";

/**
 * Postgres refuses the NUL character (0x00) in text, and no human text needs it: a NUL that
 * reached a query would be a 500. Every string a client sends that is stored or queried is parsed
 * with these helpers, so the request is refused at the edge with a clear 400 instead.
 */
export const NUL_MESSAGE = "must not contain the NUL character (\\u0000)";

export const hasNoNul = (value: string) => !value.includes("\u0000");

/**
 * A request body that is not valid UTF-8 (issue #35): decoding it would put U+FFFD where each bad
 * byte was, and store text the sender never wrote, so both services refuse it with a 400.
 */
export const INVALID_UTF8_MESSAGE = "The request body is not valid UTF-8 text. Send it encoded as UTF-8.";

/** For text we trust but must still store (claims from our own auth service). */
export const stripNul = (value: string) => value.replaceAll("\u0000", "");

/** The dotted path of the first string (or key) in `value` holding a NUL, or undefined. */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return hasNoNul(value) ? undefined : path;
  if (depth > 32 || value === null || typeof value !== "object" || value instanceof Uint8Array)
    return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = hasNoNul(key) ? findNul(inner, `${path}.${key}`, depth + 1) : `${path}.${key}`;
    if (found) return found;
  }
  return undefined;
}

/** Adds the NUL refusal to any string schema (plain, url, email…), keeping its type. */
export const withoutNul = <T extends z.ZodType<string>>(schema: T): T => schema.refine(hasNoNul, NUL_MESSAGE);

/** A string that may be stored or used in a query: `z.string()` that refuses NUL. */
export const safeText = () => withoutNul(z.string());

/**
 * An id from a path, query or body (`cb_…`, `conv_…`, `trk_…`, auth user ids). Ours are short;
 * anything long or holding a NUL is refused before it reaches a query.
 */
export const idText = () => safeText().min(1).max(200);

/** A calendar day `YYYY-MM-DD` that exists (2026-02-31 does not), so it never reaches SQL as NaN. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-21")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "Use a date that exists, like 2026-11-21");

/**
 * The invisible bidi controls that can make text read differently from what it holds: the
 * embeddings and overrides U+202A–U+202E (an override U+202E shows the characters after it in
 * reverse, so "moc.knab" reads "bank.com" and "exe.pdf" reads "fdp.exe") and the isolates
 * U+2066–U+2069. Text that mixes Arabic and Latin needs none of them; the marks RLM/LRM
 * (U+200F/U+200E) are harmless and stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The embedding and override controls (U+202A–U+202E) alone; what a typed name must not hold. */
export const BIDI_OVERRIDES = /[\u202A-\u202E]/;

export const BIDI_OVERRIDE_MESSAGE =
  "Remove the invisible text-direction override characters (U+202A to U+202E)";

/** `value` without U+202A–U+202E and U+2066–U+2069: for text stored as sent (visitor messages, replies). */
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, "");

/** True when `value` holds no embedding or override control (U+202A–U+202E). */
export const hasNoBidiOverride = (value: string) => !BIDI_OVERRIDES.test(value);
