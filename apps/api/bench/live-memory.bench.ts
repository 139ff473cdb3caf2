// Memory per idle live-chat stream (issue #22): the API in this process (run with --expose-gc),
// Postgres and Redis; BENCH_MEMORY_STREAMS idle visitor streams held open by live-clients.mjs in
// another process. The figure is the growth of the API's heap in use, external memory and array
// buffers after a full GC, divided by the streams: what each idle stream keeps alive in the
// server (Node's own socket and HTTP objects included; the kernel's socket buffers are not).
import { spawn } from "node:child_process";
import path from "node:path";
import { createTestApp, setPlan } from "../test/harness";

const STREAMS = Number(process.env.BENCH_MEMORY_STREAMS ?? 600);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const memory = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

const t = await createTestApp(
  "postgres",
  {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/5",
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "silent",
  },
  { listen: true },
);
try {
  const owner = "bench_live_memory";
  await setPlan(t, owner, "business-monthly");
  const bot = await t.app.services.chatbots.create(owner, { name: "Memory bench", published: true });
  // One conversation per six streams (a visitor's tabs), each visitor from an address of its own.
  const streams: { path: string; visitor: string; ip: string }[] = [];
  for (let i = 0; streams.length < STREAMS; i++) {
    const visitor = `benchMemVisitor${String(i).padStart(8, "0")}`;
    const conv = await t.app.services.widget.start(bot._id, { visitorId: visitor, customer: null });
    for (let k = 0; k < 6 && streams.length < STREAMS; k++)
      streams.push({
        path: `/api/widget/${bot._id}/conversations/${conv._id}/events`,
        visitor,
        ip: `10.3.${i >> 8}.${i & 255}`,
      });
  }
  // A first batch warms the code paths (compiled functions, pools), so that their one-off cost is
  // not counted as the streams'.
  const holdOpen = async (list: typeof streams) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "live-clients.mjs")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const opened = new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (c: Buffer) => c.toString().includes("open") && resolve());
      child.once("exit", (code) => reject(new Error(`clients exited (${code})`)));
    });
    child.stdin?.write(`${JSON.stringify({ port: new URL(t.url).port, streams: list })}\n`);
    await opened;
    return async () => {
      const gone = new Promise((r) => child.once("exit", r));
      child.stdin?.end();
      await gone;
    };
  };
  const warm = await holdOpen(streams.slice(0, 60));
  await warm();
  while (t.app.services.liveHub.counts().visitors > 0) await new Promise((r) => setTimeout(r, 20));
  const before = await memory();
  const release = await holdOpen(streams);
  const held = t.app.services.liveHub.counts().visitors;
  const after = await memory();
  await release();
  console.log(
    JSON.stringify({
      figure: "live-memory",
      streams: held,
      perStreamKb: Math.round(((after - before) / held / 1024) * 10) / 10,
      beforeMb: Math.round(before / 1024 / 1024),
      afterMb: Math.round(after / 1024 / 1024),
    }),
  );
} finally {
  await t.close();
}
