// `pnpm start`: builds what is stale, then runs the whole product on its embedded default
// (PGlite under .data/, sandbox payments, built-in answer engine) and prints where it is.
// The services run compiled (`node apps/<app>/dist/server.js`), as in the images; `pnpm dev`
// runs the TypeScript sources through tsx instead.
import path from "node:path";
import { buildService, serviceInputs } from "./build-services.mjs";
import { checkNode, isStale, root, run, service, waitFor } from "./lib.mjs";
import { createStartWatch, DEFAULT_START_TIMEOUT_SECONDS, PROGRESS_EVERY_MS } from "./start-progress.mjs";

checkNode();
const timeoutSeconds = Number(process.env.START_TIMEOUT_SECONDS ?? DEFAULT_START_TIMEOUT_SECONDS);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 1) {
  console.error(
    `START_TIMEOUT_SECONDS must be a number of seconds, at least 1 (got ${JSON.stringify(process.env.START_TIMEOUT_SECONDS)}).`,
  );
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, ".data"));
const webPort = process.env.PORT ?? "3000";
const authPort = process.env.AUTH_PORT ?? "3001";
const webUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;
const authUrl = process.env.AUTH_URL ?? `http://localhost:${authPort}`;

const builds = [
  {
    name: "web app",
    out: "apps/web/dist/index.html",
    inputs: [
      "apps/web/src",
      "apps/web/embed",
      "apps/web/index.html",
      "apps/web/widget.html",
      "packages/contracts/src",
      "packages/ui/src",
    ],
    args: ["--filter", "@parley/web", "build"],
  },
  {
    name: "sign-in app",
    out: "apps/auth/dist/ui/index.html",
    inputs: ["apps/auth/ui", "packages/ui/src", "packages/contracts/src"],
    args: ["--filter", "@parley/auth", "build:ui"],
  },
];
for (const app of ["auth", "api"]) {
  const out = path.join(root, "apps", app, "dist/server.js");
  if (
    isStale(
      out,
      serviceInputs(app).map((p) => path.join(root, p)),
    )
  ) {
    console.log(`Compiling the ${app} service…`);
    try {
      await buildService(app);
    } catch (err) {
      console.error(err.message);
      process.exit(1);
    }
  }
}
for (const b of builds) {
  if (
    isStale(
      path.join(root, b.out),
      b.inputs.map((p) => path.join(root, p)),
    )
  ) {
    console.log(`Building the ${b.name}…`);
    const code = await run("pnpm", b.args);
    if (code !== 0) process.exit(code);
  }
}

const apiDb = process.env.DATABASE_URL;
const authDb =
  process.env.AUTH_DATABASE_URL ?? (apiDb ? await ensureSiblingDatabase(apiDb, "_auth") : undefined);
const shared = {
  DATA_DIR: dataDir,
  PUBLIC_URL: webUrl,
  WEB_URL: webUrl,
  AUTH_URL: authUrl,
  API_URL: `http://127.0.0.1:${webPort}`,
  HOST: process.env.HOST ?? "localhost",
};

const watch = createStartWatch(["auth", "api"]);
const children = [
  service(
    "auth",
    process.execPath,
    ["--enable-source-maps", "apps/auth/dist/server.js"],
    { ...shared, PORT: authPort, DATABASE_URL: authDb ?? "" },
    (line) => watch.see("auth", line),
  ),
  service(
    "api",
    process.execPath,
    ["--enable-source-maps", "apps/api/dist/server.js"],
    { ...shared, PORT: webPort, DATABASE_URL: apiDb ?? "" },
    (line) => watch.see("api", line),
  ),
];
let up = false;
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  // Each service drains its open answer streams (SHUTDOWN_GRACE_SECONDS) before it exits.
  const grace = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 10) * 1000;
  const left = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of left) c.kill("SIGTERM");
  Promise.all(left.map((c) => new Promise((r) => c.once("exit", r)))).then(() => process.exit(code));
  setTimeout(() => process.exit(code), grace + 5000).unref();
};
for (const [i, c] of children.entries())
  c.on("exit", (code, signal) => {
    if (!stopping) {
      const name = i === 0 ? "auth" : "api";
      const how = signal ? `was stopped (${signal})` : `stopped (exit code ${code})`;
      console.error(up ? `The ${name} service ${how}; shutting down.` : `\n${watch.failure(name, how)}`);
      stop(code ?? 1);
    }
  });
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// A first start on a busy machine creates both databases and applies every migration: it waits as
// long as the services are working (START_TIMEOUT_SECONDS at most), saying what each is doing.
const alive = () => !stopping;
const timeoutMs = timeoutSeconds * 1000;
const progress = setInterval(() => console.log(watch.status()), PROGRESS_EVERY_MS);
const [authUp, apiUp] = await Promise.all([
  waitFor(`http://127.0.0.1:${authPort}/ok`, { isAlive: alive, timeoutMs }).then((ok) => {
    if (ok) watch.ready("auth");
    return ok;
  }),
  waitFor(`http://127.0.0.1:${webPort}/api/health`, { isAlive: alive, timeoutMs }).then((ok) => {
    if (ok) watch.ready("api");
    return ok;
  }),
]);
clearInterval(progress);
if (!authUp || !apiUp) {
  // A service that stopped has said so (its exit handler); one still working past the bound:
  if (!stopping)
    for (const [name, ok] of [
      ["auth", authUp],
      ["api", apiUp],
    ])
      if (!ok)
        console.error(
          `\n${watch.failure(name, `did not answer within ${timeoutMs / 1000} s`)}\nSet START_TIMEOUT_SECONDS to wait longer.`,
        );
  stop(1);
} else {
  up = true;
  let demo = "";
  try {
    const info = await (await fetch(`http://127.0.0.1:${webPort}/api/demo`)).json();
    if (info.account) demo = `\n    Demo account     ${info.account.email} / ${info.account.password}`;
    if (info.chatbotId) demo += `\n    Live demo bot    ${webUrl}/widget`;
  } catch {
    // demo content is optional
  }
  console.log(`
  Parley is running
    Web app and API  ${webUrl}
    Sign-in (auth)   ${authUrl}/auth
    Data             ${apiDb ? "Postgres (DATABASE_URL)" : `${dataDir} (embedded PGlite)`}${demo}
  Press Ctrl+C to stop.
`);
}

/** Each service owns its database: with one DATABASE_URL, auth gets `<name>_auth` on the same server. */
async function ensureSiblingDatabase(url, suffix) {
  const { createRequire } = await import("node:module");
  const pg = createRequire(path.join(root, "packages/db/package.json"))("pg");
  const target = new URL(url);
  const name = `${target.pathname.slice(1) || "postgres"}${suffix}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}
