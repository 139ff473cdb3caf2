import { z } from "zod";
import { BIDI_OVERRIDE_MESSAGE, hasNoBidiOverride, stripBidiControls } from "./text";

/**
 * Names and titles people see: a workspace, a bot, a member, a knowledge source, a webhook's
 * description, an API key (issues #25 and #35). One rule for all of them, so none can be blank on
 * screen, span lines (a name goes into mail subjects and audit lines) or read backwards:
 *
 * - at most `max` characters once trimmed;
 * - at least one character that draws something: a name of zero-width spaces, the Hangul filler
 *   U+3164 or a lone combining mark looks empty, so it counts as empty;
 * - one line: no C0/C1 control (line breaks, tabs, escape…) and no line or paragraph separator;
 * - no bidi embedding or override (U+202A–U+202E), which would show the text in another order.
 *
 * Joiners stay allowed inside a name (ZWNJ and ZWJ are part of Persian and Arabic spelling and of
 * emoji), and so do the marks RLM/LRM that mixed Arabic and Latin text uses.
 */

/** C0 and C1 controls (NUL, line breaks, tabs, escape…) and the Unicode line/paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * A character that shows something: not white space, a control, a format character (zero-width
 * space and joiners, direction marks, BOM), a default-ignorable code point (the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, variation selectors, tags…), a combining mark on its own or
 * the blank Braille pattern U+2800.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

/** True when `value` holds at least one character that draws something. */
export const hasVisibleCharacter = (value: string) => VISIBLE.test(value);

/** True when `value` is one line: no control character and no line or paragraph separator. */
export const isOneLine = (value: string) => !CONTROL_CHARACTERS.test(value);

export const NAME_LINE_MESSAGE =
  "A name or title is one line of text: remove line breaks, tabs and other control characters.";

export interface NameRules {
  /** The most characters, counted after trimming. */
  max: number;
  /** Said when it is longer than `max`. */
  tooLong: string;
  /**
   * Said when nothing visible is left. Without it the field may be empty, and a value with nothing
   * visible (spaces, zero-width characters) is stored empty.
   */
  required?: string;
  /** Said for a line break or another control character (`NAME_LINE_MESSAGE` by default). */
  line?: string;
}

/**
 * A name or title a person types, checked by the one rule above, trimmed. A NUL is one of the
 * control characters the line rule refuses, so it never reaches Postgres.
 */
export function nameText(rules: NameRules) {
  const bounded = z.string().trim().max(rules.max, rules.tooLong);
  // `min(1)` says "required" in the API's OpenAPI document too; what is left shows something.
  const present = rules.required
    ? bounded
        .min(1, rules.required)
        .refine((value) => value === "" || hasVisibleCharacter(value), rules.required)
    : bounded.overwrite((value) => (hasVisibleCharacter(value) ? value : ""));
  return present
    .refine(isOneLine, { message: rules.line ?? NAME_LINE_MESSAGE })
    .refine(hasNoBidiOverride, BIDI_OVERRIDE_MESSAGE);
}

/** Line breaks and tabs, which become a space when a name is cleaned. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
const OTHER_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

/**
 * A name that arrives from elsewhere (a social provider's profile, a token claim, a row stored
 * before the rule) made to follow it instead of being refused: line breaks and tabs become
 * spaces, other controls and the direction controls go, runs of spaces close up, and it is cut to
 * `max` characters (never inside a surrogate pair). Nothing visible left: "".
 */
export function cleanName(value: string, max: number): string {
  const clean = stripBidiControls(value)
    .replace(BREAKS, " ")
    .replace(OTHER_CONTROLS, "")
    .replace(/ {2,}/g, " ")
    .trim();
  if (!hasVisibleCharacter(clean)) return "";
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** A value that goes into a mail header (subject, address): one line whatever its source. */
export const headerLine = (value: string) => value.replace(BREAKS, " ").replace(OTHER_CONTROLS, "").trim();
