/** The work's median time on a quiet machine of this kind. */
export const REFERENCE_MS: number;
export const MAX: number;
/** How slow this machine is now: the factor the test run's waits are multiplied by. */
export function machineSlowness(): { factor: number; medianMs: number | null; fromEnv: boolean };
/** The factor this process was given (PARLEY_TEST_SLOWNESS); 1 when none. */
export const SLOWNESS: number;
/** `ms` on a quiet machine, as long as it needs to be on this one. */
export function scaled(ms: number): number;
