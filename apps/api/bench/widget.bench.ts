// 200 concurrent visitors streaming replies from one API process (the stub model answers), as
// behind a load balancer: each visitor has its own address (X-Forwarded-For, trusted in
// production mode). Prints one JSON line: errors, time to first token, the API's peak memory, and
// the CPU each party used during the burst.
//
// How the burst is made, so that it measures the platform and not the bench:
// - Each visitor is a browser of its own: its requests share one keep-alive connection. (With one
//   pool shared by all visitors, a visitor's message could queue behind another visitor's open
//   answer stream and then open a new connection: up to 2.5 s that no server caused.) The visitors
//   use undici's request API, which streams with half of fetch's CPU: on 2 shared cores, the
//   load generator's CPU is taken from the server it measures.
// - The stub model runs in a process of its own, as a model provider is a service of its own: its
//   100 ms first-token timer does not wait on the visitors' event loop.
// - BENCH_WARMUP rounds of 20 visitors (default 5) run before the burst, as on a server that has
//   been serving (compiled code, warm pools). BENCH_WARMUP=0 measures the burst right after a boot.
// - BENCH_TARGET=floor runs the same visitors against a bare node:http server that answers with
//   no database, no checks and no storage, only passing the stub model's stream through: the
//   floor this machine and this harness set for any server.

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SHOWCASE_CHATBOT_ID } from "@parley/contracts";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import { freePort } from "../test/harness";
import type { StubBehaviour } from "../test/llm-stub";
import { buildCompiled } from "../test/ops/compiled";
import { startTokenIssuer } from "../test/token-issuer";
import { startApi, startScript, stop } from "./processes";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET = process.env.BENCH_TARGET === "floor" ? "floor" : "parley";
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
const MODEL_FIRST_TOKEN_MS = 100;
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
/** VmHWM: peak resident memory of a process (and of any child it runs). */
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
/** CPU time (user + system) used so far, in ms, from a /proc stat file (clock ticks of 10 ms). */
function cpuMsIn(statFile: string): number {
  try {
    const fields = readFileSync(statFile, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
/** All the process's threads (the event loop, GC and compiler threads, the libuv pool). */
const cpuMsOf = (pid: number | undefined) => (pid ? cpuMsIn(`/proc/${pid}/stat`) : 0);
/** The event loop's thread alone: the one a request waits for. */
const mainThreadCpuMsOf = (pid: number | undefined) => (pid ? cpuMsIn(`/proc/${pid}/task/${pid}/stat`) : 0);
/** The local Postgres server's processes (0 when it runs elsewhere, and on PGlite). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, "utf8").includes("(postgres)")) total += cpuMsOf(Number(pid));
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
/** An event stream's event names with their arrival times (the visitors read it as a browser would). */
async function readEvents(body: AsyncIterable<Buffer>) {
  const events: { event: string; at: number }[] = [];
  const parser = createParser({
    onEvent: (m) => {
      events.push({ event: m.event ?? "message", at: performance.now() });
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}
const healthy = async (url: string) => {
  // Up to 3 minutes: a shared, loaded machine boots slowly.
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // booting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not start");
};

interface Target {
  url: string;
  pid: number | undefined;
  firstBootPeakRssMb: number;
  stop(): Promise<void>;
}

/** Parley's API, compiled as production runs it, on PGlite or on BENCH_DATABASE_URL's Postgres. */
async function startParley(modelUrl: string, databaseUrl: string): Promise<Target> {
  const issuer = await startTokenIssuer();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-widget-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const compiled = await buildCompiled("api");
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits.
  const profileArgs = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const boot = () =>
    startApi(compiled.entry("server"), {
      port,
      authUrl: issuer.url,
      nodeArgs: profileArgs,
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        DEMO_CONTENT: "true",
        LLM_BASE_URL: modelUrl,
        LLM_MODEL: "stub",
        // Each visitor has its own address (X-Forwarded-For from the load balancer on 127.0.0.1).
        TRUST_PROXY: "127.0.0.1",
      },
    });
  const cleanup = async () => {
    await issuer.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // First boot creates the database (PGlite: initdb, a one-off peak), migrates it and seeds the
  // showcase. The burst is served by a restarted process on that database, as after a deploy.
  let api: ChildProcess | undefined;
  try {
    const first = boot();
    let firstBootPeakRssMb = 0;
    try {
      await healthy(url);
      firstBootPeakRssMb = peakRssMb(first.pid);
    } finally {
      await stop(first);
    }
    api = boot();
    await healthy(url);
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
    // The first boot queued the showcase's knowledge and stopped: the restarted process reads it.
    // The burst starts once it is read, or the reading would run beside the burst (and the bot
    // answer from part of its knowledge) on some runs and not on others.
    for (let i = 0; ; i++) {
      if (i > 720) throw new Error("the showcase's knowledge was not read within 3 minutes");
      const res = await fetch(`${url}/api/chatbots/${SHOWCASE_CHATBOT_ID}/sources`, {
        headers: { authorization: `Bearer ${owner}` },
      });
      if (!res.ok) throw new Error(`could not list the showcase's sources: ${res.status}`);
      const sources = (await res.json()) as { status: string }[];
      if (sources.length > 0 && sources.every((s) => s.status === "ready")) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const running = api;
    return {
      url,
      pid: running.pid,
      firstBootPeakRssMb,
      stop: async () => {
        await stop(running);
        await cleanup();
      },
    };
  } catch (err) {
    if (api) await stop(api);
    await cleanup();
    throw err;
  }
}

/** The floor: bench/floor-server.mjs, a bare node:http server passing the model's stream through. */
async function startFloor(modelUrl: string): Promise<Target> {
  const { child, line } = await startScript("floor-server.mjs", [modelUrl]);
  return { url: JSON.parse(line).url, pid: child.pid, firstBootPeakRssMb: 0, stop: () => stop(child) };
}

const databaseUrl = TARGET === "parley" ? (process.env.BENCH_DATABASE_URL ?? "") : "";
const behaviour: StubBehaviour = {
  tokens: Array.from({ length: 20 }, (_, i) => `word${i} `),
  firstTokenDelayMs: MODEL_FIRST_TOKEN_MS,
  betweenTokensMs: 15,
};
const model = await startScript("llm-stub-process.ts", [JSON.stringify(behaviour)]);
const modelUrl = (JSON.parse(model.line) as { url: string }).url;
try {
  const server = TARGET === "floor" ? await startFloor(modelUrl) : await startParley(modelUrl, databaseUrl);
  try {
    const { url } = server;
    const visitor = async (i: number) => {
      const browser = new Agent({ connections: 1 });
      try {
        const headers = {
          "x-parley-visitor": `benchVisitor${String(i).padStart(10, "0")}`,
          "x-forwarded-for": `10.1.${i >> 8}.${i & 255}`,
        };
        const conv = await request(`${url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations`, {
          method: "POST",
          headers,
          dispatcher: browser,
        });
        if (conv.statusCode !== 201) throw new Error(`conversation ${conv.statusCode}`);
        const { _id } = (await conv.body.json()) as { _id: string };
        const sent = performance.now();
        const res = await request(`${url}/api/widget/${SHOWCASE_CHATBOT_ID}/conversations/${_id}/messages`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ content: QUESTIONS[i % QUESTION_COUNT] }),
          dispatcher: browser,
        });
        if (res.statusCode !== 200) throw new Error(`message ${res.statusCode}`);
        const events = await readEvents(res.body);
        const first = events.find((e) => e.event === "delta");
        if (!first || events.at(-1)?.event !== "done")
          throw new Error(`stream ended with ${events.at(-1)?.event}`);
        return { ttft: first.at - sent, total: (events.at(-1)?.at ?? 0) - sent };
      } finally {
        await browser.close();
      }
    };
    // Visitors before the burst (ids after the burst's, so none of them is a returning visitor).
    for (let round = 0; round < WARMUP_ROUNDS; round++)
      await Promise.all(Array.from({ length: 20 }, (_, i) => visitor(VISITORS + round * 20 + i)));

    const cpu0 = {
      server: cpuMsOf(server.pid),
      serverMain: mainThreadCpuMsOf(server.pid),
      db: databaseUrl ? postgresCpuMs() : 0,
      model: cpuMsOf(model.child.pid),
      visitors: process.cpuUsage(),
    };
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: VISITORS }, (_, i) => visitor(i)));
    const seconds = (performance.now() - started) / 1000;
    const visitorsCpu = process.cpuUsage(cpu0.visitors);
    const cpu = {
      apiCpuMs: cpuMsOf(server.pid) - cpu0.server,
      apiEventLoopCpuMs: mainThreadCpuMsOf(server.pid) - cpu0.serverMain,
      dbCpuMs: databaseUrl ? postgresCpuMs() - cpu0.db : 0,
      modelCpuMs: cpuMsOf(model.child.pid) - cpu0.model,
      benchCpuMs: Math.round((visitorsCpu.user + visitorsCpu.system) / 1000),
    };
    const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const errors = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    process.stdout.write(
      `${JSON.stringify({
        figure: "widget-load",
        target: TARGET,
        driver: TARGET === "floor" ? "none" : databaseUrl ? "postgres" : "pglite",
        visitors: VISITORS,
        warmupVisitors: WARMUP_ROUNDS * 20,
        questions: QUESTION_COUNT,
        completed: ok.length,
        errors: errors.length,
        firstErrors: errors.slice(0, 3),
        modelFirstTokenMs: MODEL_FIRST_TOKEN_MS,
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
        // CPU during the burst: the API (all threads, and its event loop alone), the local Postgres,
        // the stub model, and this process (the visitors).
        ...cpu,
        peakRssMb: peakRssMb(server.pid),
        firstBootPeakRssMb: server.firstBootPeakRssMb,
      })}\n`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await stop(model.child);
}
