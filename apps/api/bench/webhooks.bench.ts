// Webhook delivery beside a customer whose receivers hang (issue #35): four workspaces' healthy
// endpoints get an event every 100 ms each (40 a second) for BENCH_SECONDS, from the server's
// eight webhook workers, once alone and once while a fifth workspace's three endpoints never
// answer and get 30 events a second. Times each healthy event from its queueing to its arrival at
// the receiver. One JSON line per driver and case. BENCH_WEBHOOK_WORKERS=1 shows the single worker
// of before (healthy events wait behind each hung attempt's 10 s); BENCH_DRIVER picks one driver.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DbDriver } from "@parley/db";
import { webhookWorkers } from "../src/modules/webhooks/webhook-delivery";
import { createTestApp, setPlan } from "../test/harness";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKERS = Number(process.env.BENCH_WEBHOOK_WORKERS ?? 8);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `/ok` answers 200 at once and notes when each message arrived; `/hang` never answers. */
async function startReceivers() {
  const arrived = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith("/hang")) return;
    req.on("end", () => {
      arrived.set(String(req.headers["webhook-id"]), performance.now());
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function run(driver: DbDriver, withHung: boolean) {
  const rx = await startReceivers();
  // The default deadline (10 s): a hung attempt holds its worker that long.
  const t = await createTestApp(driver, { WEBHOOKS_ALLOW_PRIVATE: "true" });
  const webhooks = t.app.services.webhooks;
  const endpoint = async (workspaceId: string, path: string) => {
    await setPlan(t, workspaceId, "pro-monthly");
    const created = await webhooks.create(
      workspaceId,
      { userId: workspaceId, email: `${workspaceId}@example.com` },
      { url: `${rx.url}${path}`, events: ["lead.created"] },
    );
    return { workspaceId, id: created.endpoint.id };
  };
  const healthy = [];
  for (let i = 0; i < 4; i++) healthy.push(await endpoint(`bench_wh_ok_${i}`, "/ok"));
  const hung = [];
  if (withHung) for (let i = 0; i < 3; i++) hung.push(await endpoint("bench_wh_hung", "/hang"));

  const workers = webhookWorkers(t.app.services.jobs, WORKERS).map((w) => w.start());
  const sent = new Map<string, number>();
  try {
    const end = performance.now() + SECONDS * 1000;
    while (performance.now() < end) {
      const tick = performance.now();
      for (const h of hung) await webhooks.sendTest(h.workspaceId, h.id);
      for (const h of healthy) {
        const delivery = await webhooks.sendTest(h.workspaceId, h.id);
        sent.set(delivery.messageId, performance.now());
      }
      await sleep(Math.max(0, 100 - (performance.now() - tick)));
    }
    // Everything sent arrives, or 30 s pass.
    const deadline = performance.now() + 30_000;
    while ([...sent.keys()].some((id) => !rx.arrived.has(id)) && performance.now() < deadline)
      await sleep(50);
  } finally {
    await Promise.all(workers.map((stop) => stop({ handBack: true, waitMs: 1000 })));
  }
  const latencies: number[] = [];
  let lost = 0;
  for (const [id, at] of sent) {
    const arrivedAt = rx.arrived.get(id);
    if (arrivedAt === undefined) lost++;
    else latencies.push(arrivedAt - at);
  }
  process.stdout.write(
    `${JSON.stringify({
      figure: "webhooks",
      driver,
      hung: withHung,
      sent: sent.size,
      lost,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
    })}\n`,
  );
  await t.close();
  await rx.close();
}

const drivers: DbDriver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
for (const d of process.env.BENCH_DRIVER ? [process.env.BENCH_DRIVER as DbDriver] : drivers) {
  await run(d, false);
  await run(d, true);
}
