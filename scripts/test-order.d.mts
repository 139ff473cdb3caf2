/** Seconds each known slow test file took in a fresh-clone run. */
export const SLOW_FILES: Record<string, number>;
export const SLOW_SECONDS: number;
/** `files` with the known slow ones first, longest first; the others keep their order. */
export function slowFirst<T>(files: T[], pathOf: (file: T) => string): T[];
/** The timed files that took SLOW_SECONDS or more and are not in SLOW_FILES. */
export function missingSlowFiles<T extends { name: string; seconds: number }>(
  fileTimes: T[],
  slowness?: number,
): T[];
