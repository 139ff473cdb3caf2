/**
 * Waits that scale with the machine (scripts/slowness.mjs): `pnpm test` measures how slow the
 * machine is against a quiet one of its kind and passes the factor on as PARLEY_TEST_SLOWNESS;
 * every bound a journey sets goes through `scaled`, so a slow day stretches the waits, never the
 * checks.
 */
export { SLOWNESS, scaled } from "../scripts/slowness.mjs";
