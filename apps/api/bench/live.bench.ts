// Live chat under load (issue #22): 200 visitors hold an open event stream each; a team member
// replies once to each, and the bench times each reply from the moment it is sent to the moment
// the visitor's stream delivers it. Also: the API's memory per idle open stream.
//
// - The API runs compiled in a process of its own, on Postgres (BENCH_DATABASE_URL) with Redis
//   (BENCH_REDIS_URL, default redis://127.0.0.1:6379): events cross the Redis channel as between
//   replicas.
// - 200 businesses, one bot and one member each (their personal workspaces), so that each reply is
//   a different member's, as in real traffic (one member's replies are rate-limited at 60 a minute).
// - Visitors have their own addresses (X-Forwarded-For from a trusted proxy on 127.0.0.1), and each
//   keeps its stream on a keep-alive connection of its own, as browsers do.
// - Memory per idle stream is live-memory.bench.ts's (after full GCs: resident memory is too noisy).
// Prints one JSON line.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import { freePort } from "../test/harness";
import { buildCompiled } from "../test/ops/compiled";
import { startTokenIssuer } from "../test/token-issuer";
import { apiJson, startApi, stop, untilReady } from "./processes";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
/** Replies are sent this far apart (BENCH_SPACING_MS): 200 replies within 2 s by default. */
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 10);

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/5";
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL (a Postgres database) is required");

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

const issuer = await startTokenIssuer();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-live-bench-"));
const compiled = await buildCompiled("api");
const api = startApi(compiled.entry("server"), {
  port,
  authUrl: issuer.url,
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1" },
});

try {
  await untilReady(url);
  const ip = (i: number) => `10.2.${i >> 8}.${i & 255}`;
  const json = (token: string, method: string, p: string, body?: unknown) =>
    apiJson(url, token, method, p, body);

  // 200 businesses, each with a published bot that offers a person, and one visitor each.
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, async (_, i) => {
      const token = await issuer.sign(
        { sub: `bench_live_${i}`, email: `owner${i}@bench.example`, name: `Agent ${i}` },
        { expiresIn: "1h" },
      );
      const bot = await json(token, "POST", "/api/chatbots", {
        name: `Live bench ${i}`,
        published: true,
        handoff: { enabled: true, officeHours: null },
      });
      const visitor = `benchLiveVisitor${String(i).padStart(8, "0")}`;
      const started = await fetch(`${url}/api/widget/${bot._id}/conversations`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, "x-forwarded-for": ip(i) },
      });
      if (started.status !== 201) throw new Error(`start: ${started.status}`);
      const conv = ((await started.json()) as { _id: string })._id;
      return { i, token, botId: String(bot._id), conv, visitor };
    }),
  );

  // Each visitor's stream on a connection of its own; `received` resolves at the agent's message.
  const open = (v: (typeof visitors)[number]) =>
    (async () => {
      const dispatcher = new Agent({ connections: 1 });
      const res = await request(`${url}/api/widget/${v.botId}/conversations/${v.conv}/events`, {
        headers: { "x-parley-visitor": v.visitor, "x-forwarded-for": ip(v.i) },
        dispatcher,
      });
      if (res.statusCode !== 200) throw new Error(`events: ${res.statusCode}`);
      let ready!: () => void;
      let received!: (at: number) => void;
      const isReady = new Promise<void>((r) => {
        ready = r;
      });
      const gotMessage = new Promise<number>((r) => {
        received = r;
      });
      const parser = createParser({
        onEvent: (m) => {
          if (m.event === "ready") ready();
          if (m.event === "message" && m.data.includes('"role":"agent"')) received(performance.now());
        },
      });
      const decoder = new TextDecoder();
      void (async () => {
        try {
          for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
        } catch {
          // closed at the end
        }
      })();
      await isReady;
      return { ...v, gotMessage, close: () => dispatcher.destroy() };
    })();
  const streams = await Promise.all(visitors.map(open));

  // One reply to each visitor, sent 5 ms apart (a busy minute of 200 teams compressed into a second).
  const latencies = await Promise.all(
    streams.map(async (s, n) => {
      await new Promise((r) => setTimeout(r, n * SPACING_MS));
      const sent = performance.now();
      await json(s.token, "POST", `/api/conversations/${s.conv}/messages`, {
        content: `Hello from agent ${s.i}`,
      });
      return (await s.gotMessage) - sent;
    }),
  );
  for (const s of streams) await s.close();
  console.log(
    JSON.stringify({
      figure: "live-delivery",
      visitors: VISITORS,
      deliveredP50Ms: Math.round(pct(latencies, 50)),
      deliveredP95Ms: Math.round(pct(latencies, 95)),
      deliveredMaxMs: Math.round(Math.max(...latencies)),
      spacingMs: SPACING_MS,
    }),
  );
} finally {
  await stop(api);
  await issuer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
