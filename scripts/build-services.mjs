// Compiles the server apps to plain JavaScript (`node apps/<app>/dist/server.js`, no tsx at run
// time). Each entry point is one ES module bundle: our own code and the workspace packages
// (@parley/*, TypeScript sources) are bundled in; npm packages stay external and are loaded from
// the app's node_modules, so every one of them must be in the app's `dependencies` (checked here,
// because `pnpm deploy --prod` installs exactly those in the image).
//
// The bundles sit in apps/<app>/dist/, one level under the app, so the apps' paths computed from
// `import.meta.url` (drizzle/ migrations, apps/web/dist, apps/auth/dist/ui) resolve as they do
// from src/. The API's parse process is its own entry point beside server.js (parse-file.ts
// forks `parse-child.js` next to itself when compiled).
//
//   node scripts/build-services.mjs                     both apps
//   node scripts/build-services.mjs api|auth            one app
//   node scripts/build-services.mjs api --out .build-x  into apps/api/.build-x (tests: a folder
//                                                       of their own, one level under the app)
import { existsSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Entry points per app: output name (in dist/) → source. */
export const services = {
  api: {
    server: "src/server.ts",
    "parse-child": "src/modules/knowledge/ingest/parse-child.ts",
    // Applies the migrations and exits (the Helm chart's migration Job).
    migrate: "src/cli/migrate.ts",
  },
  auth: {
    server: "src/server.ts",
    "make-admin": "src/cli/make-admin.ts",
    migrate: "src/cli/migrate.ts",
  },
};

/** Inputs whose change makes a build stale (used by `pnpm start`). */
export const serviceInputs = (app) => [`apps/${app}/src`, `apps/${app}/package.json`, "packages"];

const packageName = (spec) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
const builtins = new Set(builtinModules);

/** Leaves npm packages external; resolves workspace packages (and relative files) into the bundle. */
const externals = (seen) => ({
  name: "parley-externals",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || builtins.has(args.path)) return { external: true };
      if (args.path.startsWith("@parley/")) return undefined;
      seen.add(packageName(args.path));
      return { external: true };
    });
  },
});

export async function buildService(app, { out = "dist" } = {}) {
  const { build } = await import("esbuild");
  const appDir = path.join(root, "apps", app);
  if (out.includes("/") || out.includes("\\") || out.startsWith(".."))
    throw new Error("--out names a folder directly under the app");
  const outdir = path.join(appDir, out);
  const entries = services[app];
  if (!entries) throw new Error(`unknown service ${app}`);
  // Only our own outputs: apps/auth/dist/ui holds the sign-in UI built by vite.
  for (const name of Object.keys(entries))
    for (const ext of [".js", ".js.map"]) rmSync(path.join(outdir, name + ext), { force: true });
  const seen = new Set();
  await build({
    absWorkingDir: appDir,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([out, src]) => [out, path.join(appDir, src)]),
    ),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    // Readable stack traces in logs without source maps; the bundles are not shipped to browsers.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    tsconfig: path.join(appDir, "tsconfig.json"),
    plugins: [externals(seen)],
  });
  const manifest = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8"));
  const missing = [...seen].filter((name) => !manifest.dependencies?.[name]).sort();
  if (missing.length)
    throw new Error(
      `apps/${app} imports ${missing.join(", ")} at run time but does not list ${missing.length === 1 ? "it" : "them"} in dependencies`,
    );
  return Object.keys(entries).map((name) => path.join(outdir, `${name}.js`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
  const apps = args.length ? args : Object.keys(services);
  for (const app of apps) {
    const started = Date.now();
    const files = await buildService(app, out ? { out } : {});
    for (const f of files) if (!existsSync(f)) throw new Error(`${f} was not written`);
    console.log(
      `built ${app} in ${Date.now() - started} ms: ${files.map((f) => path.relative(root, f)).join(", ")}`,
    );
  }
}
