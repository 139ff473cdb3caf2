/** The folder of an app's compiled entry points for the sources as they are now (not built here). */
export function testBuildDir(app: "api" | "auth"): string;
/** Builds the app for the tests unless this version is built already; resolves with its folder. */
export function ensureTestBuild(app: "api" | "auth"): Promise<string>;
/** Runs the app's compiled server with `env` (plus PATH and HOME) until it exits by itself. */
export function runServerToExit(
  app: "api" | "auth",
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
