// `pnpm test`: lint (Biome); then side by side the browser journeys in real Chromium, the unit +
// API tests (PGlite, and Postgres when DATABASE_URL is set), and the typecheck followed by the
// attack suite. Ends with each step's time, the slowest files and one "N passed, N failed" line.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FULL_CHROMIUM, JOURNEY_CHROMIUM } from "./chromium.mjs";
import { bin, checkNode, run } from "./lib.mjs";
import { MAX, machineSlowness, REFERENCE_MS } from "./slowness.mjs";
import { missingSlowFiles } from "./test-order.mjs";

checkNode();
const only = process.argv[2]; // optional: lint | typecheck | unit | attack | e2e
const reports = mkdtempSync(path.join(tmpdir(), "parley-test-"));
const tally = { passed: 0, failed: 0, skipped: 0 };
/** The failing tests by name, repeated at the very end (a CI log may keep only its tail). */
const failures = [];
const failedSteps = [];
/** How long each step took, and each test file (vitest's and the journeys'), for the closing summary. */
const stepTimes = [];
const fileTimes = [];
const runStarted = Date.now();

// How slow the machine is today: every wait of the suite is multiplied by it (scripts/slowness.mjs),
// in this process's children through the environment.
const slowness = machineSlowness();
process.env.PARLEY_TEST_SLOWNESS = String(slowness.factor);
console.log(
  slowness.fromEnv
    ? `Machine: PARLEY_TEST_SLOWNESS=${slowness.factor} given; the suite's waits are ×${slowness.factor}.`
    : `Machine: calibration ${slowness.medianMs} ms against ${REFERENCE_MS} ms on a quiet machine of this kind; the suite's waits are ×${slowness.factor}${slowness.factor >= MAX ? " (the most they stretch)" : ""}.`,
);

/**
 * Runs one step. `out` is where its output goes: inherited by default; a file descriptor for a step
 * that runs beside another (its output is printed once the other is done, not interleaved).
 */
async function step(name, fn, out) {
  if (only && only !== name) return;
  const say = (line) => (out === undefined ? console.log(line) : writeSync(out, `${line}\n`));
  say(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await fn(out === undefined ? {} : { stdio: ["ignore", out, out] });
  const seconds = (Date.now() - started) / 1000;
  stepTimes.push({ name, seconds });
  say(`=== ${name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`} in ${seconds.toFixed(1)}s`);
  if (code !== 0) failedSteps.push(name);
}

/**
 * A failure's first lines (colours stripped), indented under its name: the CI keeps only the log's
 * tail, where the full report has long scrolled away.
 */
function reason(message) {
  if (!message) return "";
  const lines = String(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== "")
    .slice(0, 8)
    .map((l) => `      ${l.slice(0, 240)}`);
  return lines.length ? `\n${lines.join("\n")}` : "";
}

/** One vitest run, its counts added to the tally. */
async function vitest(report, extraArgs = [], opts = {}) {
  const out = path.join(reports, report);
  const code = await run(
    bin("vitest"),
    ["run", ...extraArgs, "--reporter=default", "--reporter=json", `--outputFile=${out}`],
    opts,
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, "utf8"));
    tally.passed += r.numPassedTests;
    tally.failed += r.numFailedTests;
    tally.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      if (file.endTime && file.startTime)
        fileTimes.push({ name, seconds: (file.endTime - file.startTime) / 1000 });
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failed)
        failures.push(`${name} > ${t.fullName ?? t.title}${reason(t.failureMessages?.[0])}`);
      // A hook that failed (beforeAll) fails the file without failing a test: said with its error.
      if (file.status === "failed" && failed.length === 0)
        failures.push(
          `${name}: ${String(file.message || "a hook (beforeAll, afterAll) failed; its error is above")
            .split("\n")[0]
            ?.slice(0, 300)}`,
        );
    }
  }
  return code;
}

await step("lint", () => run(bin("biome"), ["check", "."]));

/**
 * Three lines of work side by side: the browser journeys in the foreground (mostly waiting on
 * pages and the network); beside them the unit and API tests (three workers: many of them wait on
 * servers and timers); and the typecheck, then hostile inputs against a real API process in
 * production mode (vitest.attack.config.ts). Each line's output is held in a file and printed at
 * the end, so the logs never interleave. On a slow day (scripts/slow-day.mjs), more lines hold
 * more of the machine against the other work on it; on a quiet one they fill the idle time.
 */
async function lane(name, steps) {
  const log = path.join(reports, `${name}.log`);
  const fd = openSync(log, "w");
  try {
    for (const [stepName, fn] of steps) await step(stepName, fn, fd);
  } finally {
    closeSync(fd);
  }
  return log;
}
const beside = [
  lane("unit", [
    [
      "unit",
      async (o) => {
        if (!process.env.DATABASE_URL) console.log("DATABASE_URL is not set: API tests run on PGlite only.");
        return vitest("vitest.json", ["--maxWorkers=3"], o);
      },
    ],
  ]),
  lane("checks", [
    ["typecheck", (o) => run("node", ["scripts/typecheck.mjs"], o)],
    ["attack", (o) => vitest("attack.json", ["--config", "vitest.attack.config.ts"], o)],
  ]),
];
await step("e2e", async () => {
  if (!existsSync(FULL_CHROMIUM)) {
    console.error(
      `Chromium not found at ${FULL_CHROMIUM}. Install it (apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    return 1;
  }
  if (JOURNEY_CHROMIUM === FULL_CHROMIUM)
    console.log("e2e: no chromium-headless-shell; the journeys run in the whole browser (slower)");
  const out = path.join(reports, "playwright.json");
  const code = await run(bin("playwright"), ["test", "--reporter=list,json"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    const s = report.stats ?? {};
    const perFile = new Map();
    const walk = (suite, file) => {
      for (const child of suite.suites ?? []) walk(child, child.file ?? file);
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          const name = `e2e/${spec.file ?? file}`;
          if (t.status === "unexpected") {
            const last = t.results?.at(-1);
            const error = last?.error ?? last?.errors?.[0];
            const at = error?.location
              ? ` (${path.basename(error.location.file)}:${error.location.line})`
              : "";
            failures.push(`${name} > ${spec.title}${at}${reason(error?.message)}`);
          }
          for (const r of t.results ?? []) perFile.set(name, (perFile.get(name) ?? 0) + r.duration / 1000);
        }
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file);
    for (const [name, seconds] of perFile) fileTimes.push({ name, seconds });
    tally.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    tally.failed += s.unexpected ?? 0;
    tally.skipped += s.skipped ?? 0;
  }
  return code;
});

for (const log of await Promise.all(beside)) process.stdout.write(readFileSync(log, "utf8"));

/** Where the time went: each step, and the slowest files (so the next slowdown has a name). */
const secs = (n) => `${Math.round(n)} s`;
console.log(
  `\nTimes (waits ×${slowness.factor}): ${stepTimes.map((t) => `${t.name} ${secs(t.seconds)}`).join(", ")}; whole run ${secs((Date.now() - runStarted) / 1000)}`,
);
const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 12);
if (slowest.length)
  console.log(
    `Slowest files:\n${slowest.map((f) => `  ${secs(f.seconds).padStart(6)}  ${f.name}`).join("\n")}`,
  );
const unlisted = missingSlowFiles(fileTimes, slowness.factor);
if (unlisted.length)
  console.log(
    `Slow files that a fresh clone starts late (add them to scripts/test-order.mjs):\n${unlisted.map((f) => `  ${secs(f.seconds).padStart(6)}  ${f.name}`).join("\n")}`,
  );

if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(", ")}` : "\nAll steps passed.");
if (failedSteps.length && tally.failed === 0) tally.failed = failedSteps.length;
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
