// 200 concurrent visitors streaming replies from one API process (the stub model answers), as
// behind a load balancer: each visitor has its own address (X-Forwarded-For, trusted in
// production mode). Prints one JSON line: errors, time to first token, the API's peak memory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import { freePort } from "../test/harness";
import { startLlmStub } from "../test/llm-stub";
import { buildCompiled } from "../test/ops/compiled";
import { readSse } from "../test/sse-client";
import { startTokenIssuer } from "../test/token-issuer";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
/**
 * What the visitors ask: ten different questions about the showcase shop, so that visitors asking
 * the same popular question share work only as real traffic would (each is asked by 20 of 200).
 */
const QUESTIONS = [
  "How does the coffee club work?",
  "When are you open on Fridays?",
  "Do you deliver to Riffa?",
  "How much is delivery?",
  "Do you have decaf?",
  "Can I pay with BENEFIT?",
  "Where can I park?",
  "Which single origins do you roast right now?",
  "Can you grind beans for a V60?",
  "How much is a kilo of the house blend?",
];
/** BENCH_QUESTIONS=1: every visitor asks the first question (the figure measured at eac14f6). */
const QUESTION_COUNT = Math.min(
  QUESTIONS.length,
  Math.max(1, Number(process.env.BENCH_QUESTIONS ?? QUESTIONS.length)),
);
const appDir = path.resolve(import.meta.dirname, "..");
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

function childrenOf(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return direct.flatMap((c) => [c, ...childrenOf(c)]);
  } catch {
    return [];
  }
}

// BENCH_DATABASE_URL: run against that (empty, dedicated) Postgres database instead of PGlite.
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const issuer = await startTokenIssuer();
const stub = await startLlmStub({
  tokens: Array.from({ length: 20 }, (_, i) => `word${i} `),
  firstTokenDelayMs: 100,
  betweenTokensMs: 15,
});
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-widget-bench-"));
const url = `http://127.0.0.1:${port}`;
// The compiled server, as production runs it (`node dist/server.js`), built into a folder of its own.
// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits.
const compiled = await buildCompiled("api");
const serverJs = compiled.entry("server");
const profileArgs = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : [];
const startApi = () =>
  spawn(process.execPath, [...profileArgs, serverJs], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      AUTH_URL: issuer.url,
      AUTH_EVENTS_SECRET: randomBytes(24).toString("hex"),
      MODEL_KEYS_SECRET: randomBytes(24).toString("hex"),
      PAYMENTS_MODE: "sandbox",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
      PAYMENTS_SANDBOX_SECRET: randomBytes(24).toString("hex"),
      DEMO_CONTENT: "true",
      LLM_BASE_URL: stub.url,
      LLM_MODEL: "stub",
      LOG_LEVEL: process.env.XLOG ?? "warn",
      JOBS_ENABLED: process.env.XJOBS ?? "true",
      WEB_DIST: "/nonexistent",
      // Each visitor has its own address (X-Forwarded-For from the load balancer on 127.0.0.1).
      TRUST_PROXY: "127.0.0.1",
    },
    // The server's log lines go to stderr: stdout carries only the figure line.
    stdio: ["ignore", 2, "inherit"],
  });
const healthy = async () => {
  // Up to 3 minutes: a shared, loaded machine boots slowly.
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // booting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the API did not start");
};
/** VmHWM: peak resident memory of the server process (and of any child it runs). */
const peakRssMb = (pid: number | undefined) =>
  Math.round(
    Math.max(
      ...[pid, ...childrenOf(pid)].map((p) => {
        try {
          return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
        } catch {
          return 0;
        }
      }),
    ) / 1024,
  );
/** CPU time (user + system) the process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
const stop = async (child: ReturnType<typeof spawn>) => {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
};

// First boot creates the database (PGlite: initdb, a one-off peak), migrates it and seeds the
// showcase. The burst is served by a restarted process on that database, as after a deploy.
const first = startApi();
let firstBootPeakRssMb = 0;
try {
  await healthy();
  firstBootPeakRssMb = peakRssMb(first.pid);
} finally {
  await stop(first);
}
const api = startApi();
try {
  await healthy();
  // The showcase bot (Business plan, so no quota in the way), switched to the stub model.
  const owner = await issuer.sign(
    { sub: "parley-showcase", email: "showcase@parley.local" },
    { expiresIn: "1h" },
  );
  const patch = await fetch(`${url}/api/chatbots/${SHOWCASE_CHATBOT_ID}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
    body: JSON.stringify({ model: { provider: "openai-compatible" } }),
  });
  if (!patch.ok) throw new Error(`could not configure the bench bot: ${patch.status}`);

  const visitor = async (i: number) => {
    const headers = {
      "x-parley-visitor": `benchVisitor${String(i).padStart(10, "0")}`,
      "x-forwarded-for": `10.1.${i >> 8}.${i & 255}`,
    };
    const conv = await fetch(`${url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations`, {
      method: "POST",
      headers,
    });
    if (conv.status !== 201) throw new Error(`conversation ${conv.status}`);
    const { _id } = (await conv.json()) as { _id: string };
    const sent = performance.now();
    const res = await fetch(`${url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations/${_id}/messages`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ content: QUESTIONS[i % QUESTION_COUNT] }),
    });
    if (!res.ok) throw new Error(`message ${res.status}`);
    const events = await readSse(res);
    const first = events.find((e) => e.event === "delta");
    if (!first || events.at(-1)?.event !== "done")
      throw new Error(`stream ended with ${events.at(-1)?.event}`);
    return { ttft: first.at - sent, total: (events.at(-1)?.at ?? 0) - sent };
  };
  const apiCpu0 = cpuMsOf(api.pid);
  const benchCpu0 = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: VISITORS }, (_, i) => visitor(i)));
  const seconds = (performance.now() - started) / 1000;
  const apiCpuMs = cpuMsOf(api.pid) - apiCpu0;
  const benchCpu = process.cpuUsage(benchCpu0);
  const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
  process.stdout.write(
    `${JSON.stringify({
      figure: "widget-load",
      driver: databaseUrl ? "postgres" : "pglite",
      visitors: VISITORS,
      questions: QUESTION_COUNT,
      completed: ok.length,
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
      modelFirstTokenMs: 100,
      ttftP50: pct(
        ok.map((r) => r.ttft),
        50,
      ),
      ttftP95: pct(
        ok.map((r) => r.ttft),
        95,
      ),
      totalP95: pct(
        ok.map((r) => r.total),
        95,
      ),
      seconds,
      // CPU spent during the burst: by the API, and by this process (the visitors and the stub model).
      apiCpuMs,
      benchCpuMs: Math.round((benchCpu.user + benchCpu.system) / 1000),
      peakRssMb: peakRssMb(api.pid),
      firstBootPeakRssMb,
    })}\n`,
  );
} finally {
  await stop(api);
  await stub.close();
  await issuer.close();
  rmSync(dataDir, { recursive: true, force: true });
  compiled.remove();
}
