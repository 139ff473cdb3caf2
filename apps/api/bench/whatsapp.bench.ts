// WhatsApp under load (issue #31): customers write 100 messages a second for BENCH_SECONDS (10 s)
// to one API process, a third of them delivered twice (Meta delivers at least once), and the
// built-in answer engine replies to each through the Graph API stand-in. The bench counts what
// was lost (no reply) and doubled (two replies to one message), and times each message from the
// moment Meta's side sends its webhook to the moment the reply's `/messages` call reaches Meta's
// side (both read on the stand-in's clock).
//
// The same load then goes to a bare node:http receiver (no database, no logic: it acknowledges
// the webhook and calls `/messages` at once): what this machine, the stand-in and the harness cost
// any server, printed beside the API's figure.
//
// - The API runs compiled in a process of its own, on Postgres (BENCH_DATABASE_URL); the stand-in
//   in another, which also writes the customers' messages (Meta's side sends the webhooks); this
//   process starts them and reads the figures.
// - `cpuMsPerMessage`: where the machine's CPU went during the measured run, per message, by
//   process (the API, Postgres, the stand-in, this process): on two cores, what the harness takes
//   is taken from the API.
// - Each message is another customer's (as in real traffic, and since one customer's messages are
//   answered one after another).
// Prints one JSON line.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { graphStandInClient } from "../test/graph-stand-in";
import { freePort } from "../test/harness";
import { buildCompiled } from "../test/ops/compiled";
import { startTokenIssuer } from "../test/token-issuer";
import { apiJson, startApi, startScript, stop, untilReady } from "./processes";

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** One message in this many is delivered twice. */
const TWICE_EVERY = 3;

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL (a Postgres database) is required");

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Every process's CPU time so far in ms, by pid, with its command's name (Linux; empty without /proc). */
function allCpuMs(): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(pid), { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {}
  }
  return out;
}

/** A process's CPU time so far in ms, and its part in the kernel (Linux); undefined without /proc. */
function cpuMsOf(pid: number | undefined): { all: number; kernel: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, in clock ticks of 10 ms.
    const [user, kernel] = [Number(fields[11]) * 10, Number(fields[12]) * 10];
    return Number.isFinite(user + kernel) ? { all: user + kernel, kernel } : undefined;
  } catch {
    return undefined;
  }
}

const standIn = await startScript("graph-stand-in-process.ts", [
  JSON.stringify({ keep: RATE * SECONDS * 4 }),
]);
const meta = graphStandInClient((JSON.parse(standIn.line) as { url: string }).url);
const number = await meta.createNumber();

/**
 * Customers write RATE messages a second for SECONDS; every TWICE_EVERY-th is delivered twice.
 * Resolves with the message ids sent (each once) once every webhook call has returned, and then
 * waits until each has a reply or `settleMs` passed since the last new one.
 */
async function load(tag: string, seconds = SECONDS) {
  // Meta's side writes them (one control request, not one a message from this process).
  const { ids, failed, sendSeconds } = await meta.load(number.phoneNumberId, {
    rate: RATE,
    seconds,
    prefix: `9733${tag}`,
    text: "How long is the kettle warranty?",
    twiceEvery: TWICE_EVERY,
  });
  // Until every message has its reply, or nothing new came for 20 s.
  let last = -1;
  let quietSince = Date.now();
  for (;;) {
    const sent = await meta.sent(number.phoneNumberId);
    const mine = new Set(ids);
    const replied = new Set(sent.filter((m) => m.replyTo && mine.has(m.replyTo)).map((m) => m.replyTo)).size;
    if (replied >= ids.length) break;
    if (replied !== last) {
      last = replied;
      quietSince = Date.now();
    } else if (Date.now() - quietSince > 30_000) break;
    await sleep(250);
  }
  return { ids, failed, sendSeconds };
}

/** Each message's replies: lost (none), doubled (more than one), and the time to the first. */
async function figures(ids: string[]) {
  const received = new Map<string, number>();
  for (const m of await meta.received(number.phoneNumberId)) received.set(m.id, Date.parse(m.at));
  const replies = new Map<string, number[]>();
  for (const m of await meta.sent(number.phoneNumberId)) {
    if (!m.replyTo) continue;
    const list = replies.get(m.replyTo) ?? [];
    list.push(Date.parse(m.at));
    replies.set(m.replyTo, list);
  }
  const latencies: number[] = [];
  /** Latencies by the second of the run their message was sent in (does the queue grow?). */
  const bySecond: number[][] = [];
  const start = Math.min(...ids.map((id) => received.get(id) ?? Number.POSITIVE_INFINITY));
  let lost = 0;
  let doubled = 0;
  for (const id of ids) {
    const times = replies.get(id) ?? [];
    const at = received.get(id);
    if (times.length === 0) lost++;
    if (times.length > 1) doubled++;
    if (times.length && at !== undefined) {
      const latency = Math.min(...times) - at;
      latencies.push(latency);
      const second = Math.floor((at - start) / 1000);
      const list = bySecond[second] ?? [];
      list.push(latency);
      bySecond[second] = list;
    }
  }
  return {
    lost,
    doubled,
    p50: Math.round(pct(latencies, 50)),
    p95: Math.round(pct(latencies, 95)),
    /** p95 of the messages sent in each second of the run. */
    p95BySecond: bySecond.map((l) => Math.round(pct(l ?? [], 95))),
  };
}

// ----- The floor: a bare receiver that acknowledges and calls /messages at once -----------------
const floorSeen = new Set<string>();
const floor = createServer((req, res) => {
  const u = new URL(req.url ?? "/", "http://x");
  if (req.method === "GET") {
    res.writeHead(200, { "content-type": "text/plain" }).end(u.searchParams.get("hub.challenge") ?? "");
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    res.writeHead(200).end();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      entry: { changes: { value: { messages?: { id: string; from: string }[] } }[] }[];
    };
    for (const m of body.entry[0]?.changes[0]?.value.messages ?? []) {
      if (floorSeen.has(m.id)) continue;
      floorSeen.add(m.id);
      void fetch(`${meta.url}/v23.0/${number.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${number.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: m.from,
          type: "text",
          text: { body: "Every kettle has a two-year warranty." },
          context: { message_id: m.id },
        }),
      }).catch(() => {});
    }
  });
});
await new Promise<void>((r) => floor.listen(0, "127.0.0.1", r));
await meta.subscribe(
  number.phoneNumberId,
  `http://127.0.0.1:${(floor.address() as AddressInfo).port}/webhook`,
  "floor-verify-token",
);
const floorRun = await load("1");
const floorFigures = await figures(floorRun.ids);
floor.closeAllConnections();
floor.close();
if (process.env.BENCH_FLOOR_ONLY) {
  console.log(
    JSON.stringify({ figure: "whatsapp-floor", ...floorFigures, webhookFailures: floorRun.failed }),
  );
  await stop(standIn.child);
  process.exit(0);
}

// ----- The API ------------------------------------------------------------------------------
const issuer = await startTokenIssuer();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-whatsapp-bench-"));
const compiled = await buildCompiled("api");
let peakRssMb = 0;
// BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (a flame graph of
// what each message costs it).
const profile = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const api = startApi(compiled.entry("server"), {
  port,
  authUrl: issuer.url,
  nodeArgs: profile,
  env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WHATSAPP_GRAPH_URL: meta.url },
});

try {
  await untilReady(url);
  const owner = "bench_whatsapp_owner";
  const token = await issuer.sign(
    { sub: owner, email: "owner@bench.example", name: "Huda" },
    { expiresIn: "1h" },
  );
  const json = (method: string, p: string, body?: unknown) => apiJson(url, token, method, p, body);
  const bot = await json("POST", "/api/chatbots", { name: "Kettle help", published: true });
  const source = await json("POST", `/api/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: "Warranty",
    content: "Every Kettle Co. kettle has a two-year warranty. Descaling keeps it working.",
  });
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error("the source was not read");
    const sources = (await json("GET", `/api/chatbots/${bot._id}/sources`)) as unknown as {
      _id: string;
      status: string;
    }[];
    if (sources.find((s) => s._id === source._id)?.status === "ready") break;
    await sleep(250);
  }
  // WhatsApp is for paid plans: the owner's subscription is moved to Pro (as a payment would).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `update subscriptions set plan_id = (select id from plans where code = 'pro-monthly'), status = 'active'
     where user_id = $1`,
    [owner],
  );
  await db.end();
  // The plan may be cached for a few seconds: connect once the API sees Pro.
  let channel: Record<string, unknown> | undefined;
  for (let i = 0; !channel; i++) {
    try {
      channel = await json("POST", `/api/chatbots/${bot._id}/channels/whatsapp`, {
        phoneNumberId: number.phoneNumberId,
        businessAccountId: number.businessAccountId,
        accessToken: number.accessToken,
        appSecret: number.appSecret,
      });
    } catch (err) {
      if (i > 120 || !String(err).includes("PLAN_LIMIT_REACHED")) throw err;
      await sleep(500);
    }
  }
  await meta.subscribe(number.phoneNumberId, String(channel.callbackUrl), String(channel.verifyToken));

  const sampler = setInterval(async () => {
    try {
      const { stdout } = await import("node:child_process").then(
        (cp) =>
          new Promise<{ stdout: string }>((resolve) =>
            cp.execFile("ps", ["-o", "rss=", "-p", String(api.pid)], (_e, out) => resolve({ stdout: out })),
          ),
      );
      peakRssMb = Math.max(peakRssMb, Math.round(Number(stdout.trim()) / 1024));
    } catch {}
  }, 500);
  // A warm-up (JIT, pools, caches), then the measured load.
  const warm = await load("8", 3);
  const cpuBefore = cpuMsOf(api.pid);
  const everyBefore = allCpuMs();
  const run = await load("2");
  const cpuAfter = cpuMsOf(api.pid);
  const everyAfter = allCpuMs();
  /** Where the machine's CPU went during the measured run, per message (ms), by process. */
  const machine: Record<string, number> = {};
  for (const [pid, after] of everyAfter) {
    const used = after.ms - (everyBefore.get(pid)?.ms ?? 0);
    if (used <= 0) continue;
    const who =
      pid === api.pid
        ? "api"
        : pid === standIn.child.pid
          ? "graphStandIn"
          : pid === process.pid
            ? "loadAndBench"
            : after.name.startsWith("postgres")
              ? "postgres"
              : "other";
    machine[who] = (machine[who] ?? 0) + used;
  }
  for (const who of Object.keys(machine))
    machine[who] = Number(((machine[who] ?? 0) / run.ids.length).toFixed(2));
  clearInterval(sampler);
  const apiFigures = await figures(run.ids);
  if (process.env.BENCH_DEBUG) {
    const sent = await meta.sent(number.phoneNumberId);
    console.error(JSON.stringify({ sent: sent.length, sample: sent.slice(0, 3) }));
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    console.error(
      JSON.stringify((await c.query("select kind, status, count(*) from jobs group by 1,2")).rows),
    );
    console.error(
      JSON.stringify(
        (await c.query("select last_error from jobs where last_error is not null limit 3")).rows,
      ),
    );
    await c.end();
  }
  console.log(
    JSON.stringify({
      figure: "whatsapp-load",
      rate: RATE,
      seconds: SECONDS,
      messages: run.ids.length,
      deliveredTwice: Math.ceil(run.ids.length / TWICE_EVERY),
      webhookFailures: run.failed,
      sendSeconds: Number(run.sendSeconds.toFixed(2)),
      warmUpMessages: warm.ids.length,
      ...apiFigures,
      peakRssMb,
      // The API process's CPU time per message of the measured run (with its replies' statuses).
      apiCpuMsPerMessage:
        cpuBefore && cpuAfter ? Number(((cpuAfter.all - cpuBefore.all) / run.ids.length).toFixed(2)) : null,
      apiKernelMsPerMessage:
        cpuBefore && cpuAfter
          ? Number(((cpuAfter.kernel - cpuBefore.kernel) / run.ids.length).toFixed(2))
          : null,
      cpuMsPerMessage: machine,
      floor: { ...floorFigures, webhookFailures: floorRun.failed },
    }),
  );
} finally {
  await stop(api);
  await stop(standIn.child);
  await issuer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
