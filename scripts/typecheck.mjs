// `pnpm typecheck`: every TypeScript project of the workspace (each package's `typecheck` script
// names its `tsc -p` projects), checked by TypeScript 7's native compiler one project at a time,
// each on one thread. It needs a fifth of the CPU time TypeScript 5.9 took for the same projects
// (229 s → 45 s on 2026-11-30), and under `pnpm test` it shares the machine with the unit tests
// and the journeys, so fewer threads finish sooner. TypeScript 5.9 stays installed under its own
// name for the tests that parse our sources with its API (import-boundaries, the i18n scans).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkNode, root, run } from "./lib.mjs";

checkNode();
const tsc = path.join(root, "node_modules/typescript-native/bin/tsc");

/** `[dir, project]` for each `tsc -p <project>` in the workspace packages' typecheck scripts. */
function projects() {
  const found = [];
  for (const group of ["apps", "packages"])
    for (const name of readdirSync(path.join(root, group)).sort()) {
      const dir = path.join(group, name);
      let script;
      try {
        script = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8")).scripts?.typecheck;
      } catch {
        continue;
      }
      for (const m of (script ?? "").matchAll(/\btsc -p (\S+)/g)) found.push([dir, m[1]]);
    }
  return found;
}

const failed = [];
for (const [dir, project] of projects()) {
  const started = Date.now();
  const code = await run("node", [tsc, "-p", path.join(dir, project), "--singleThreaded"]);
  console.log(
    `${code === 0 ? "ok" : "FAILED"}  ${path.join(dir, project)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (code !== 0) failed.push(path.join(dir, project));
}
if (failed.length) console.log(`Type errors in ${failed.join(", ")}`);
process.exit(failed.length ? 1 : 0);
