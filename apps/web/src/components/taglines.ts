import type en from "@parley/ui/locales/en/app";

type TaglineId = keyof (typeof en)["splash"]["taglines"];

/**
 * The loading splash picks one of these at random (spec: exactly 18 marketing lines). Each is a
 * key of `app:splash.taglines`; the splash shows it in the reader's language.
 */
export const loadingTaglines = [
  "splash.taglines.t01",
  "splash.taglines.t02",
  "splash.taglines.t03",
  "splash.taglines.t04",
  "splash.taglines.t05",
  "splash.taglines.t06",
  "splash.taglines.t07",
  "splash.taglines.t08",
  "splash.taglines.t09",
  "splash.taglines.t10",
  "splash.taglines.t11",
  "splash.taglines.t12",
  "splash.taglines.t13",
  "splash.taglines.t14",
  "splash.taglines.t15",
  "splash.taglines.t16",
  "splash.taglines.t17",
  "splash.taglines.t18",
] as const satisfies ReadonlyArray<`splash.taglines.${TaglineId}`>;

export type LoadingTagline = (typeof loadingTaglines)[number];

/** `random` returns [0, 1) like Math.random; injectable so tests can pin the pick. */
export function pickTagline(random: () => number = Math.random): LoadingTagline {
  const index = Math.min(
    loadingTaglines.length - 1,
    Math.max(0, Math.floor(random() * loadingTaglines.length)),
  );
  return loadingTaglines[index] ?? loadingTaglines[0];
}
