import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { rowsOf } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { openAuthDb } from "../../../auth/src/db";
import { freePort, testDrivers } from "../harness";
import { until } from "../until";
import { buildCompiled, type CompiledApp, type NodeProcess, runNode, waitForOk } from "./compiled";

/** Stands in for the API's auth-events receiver, holding every delivery until told to answer. */
async function startHoldingReceiver() {
  const held: ServerResponse[] = [];
  let holding = true;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (holding) held.push(res);
      else res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.length,
    release() {
      holding = false;
      for (const res of held.splice(0)) res.writeHead(200, { "content-type": "application/json" }).end("{}");
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * SIGTERM to the compiled auth service while its outbox is sending: it stops taking connections,
 * lets the delivery in flight finish, hands the rest of its claimed batch back at once (no lease to
 * wait out for another replica), closes its database and exits 0.
 */
// One build for both drivers.
let compiled: CompiledApp;
beforeAll(async () => {
  compiled = await buildCompiled("auth");
}, scaled(180_000));

describe.each(testDrivers("either"))(
  "the auth service shutting down on %s",
  { timeout: scaled(180_000) },
  (driver) => {
    let scratch: ScratchDatabase;
    let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
    let proc: NodeProcess | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-auth-shutdown-"));
    const dbEnv = () => ({ DATABASE_URL: scratch.url, DATA_DIR: dataDir });

    beforeAll(async () => {
      [scratch, receiver] = await Promise.all([
        createScratchDatabase(driver, "ops_auth_shutdown"),
        startHoldingReceiver(),
      ]);
      // Three events waiting from before the boot (migrations applied here, as the service would).
      const db = await openAuthDb(dbEnv());
      await db.db.execute(sql`
      insert into auth_event_outbox (type, data)
      select 'user.deleted', jsonb_build_object('userId', 'gone-' || g, 'email', 'gone' || g || '@example.com')
      from generate_series(1, 3) g`);
      await db.close();
    }, scaled(180_000));
    afterAll(async () => {
      await proc?.stop(5_000);
      await receiver?.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("finishes the send in flight, releases the rest of its batch, closes and exits 0", async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      proc = runNode(compiled.entry("server"), {
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
        DATA_DIR: dataDir,
        AUTH_URL: url,
        WEB_URL: "http://127.0.0.1:9",
        API_URL: receiver.url,
        AUTH_UI_DIR: "/nonexistent",
        LOG_LEVEL: "info",
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        AUTH_EVENTS_SECRET: randomBytes(32).toString("hex"),
      });
      const running = proc;
      await waitForOk(`${url}/ok`, running, 120_000);
      // The outbox claimed the batch at boot and is sending its first event, held by the receiver.
      await until("the first delivery to be in flight", () => receiver.held() === 1, 30_000);

      running.child.kill("SIGTERM");
      await until(
        "new connections to be refused",
        () =>
          fetch(`${url}/ok`).then(
            () => false,
            (err: Error & { cause?: { code?: string } }) => err.cause?.code === "ECONNREFUSED",
          ),
        10_000,
      );
      // Still there: it waits for the delivery in flight.
      expect(running.child.exitCode).toBeNull();
      receiver.release();
      expect(await running.exited).toEqual({ code: 0, signal: null });
      expect(running.output()).toContain("unsent rows released on shutdown");
      expect(receiver.held()).toBe(0);

      const db = await openAuthDb(dbEnv());
      try {
        const rows = rowsOf<{ delivered: boolean; due: boolean; attempts: number }>(
          await db.db.execute(sql`
          select delivered_at is not null as delivered, next_attempt_at <= now() as due, attempts
            from auth_event_outbox order by occurred_at, id`),
        );
        // One delivered; the other two due now (handed back), not leased for another minute.
        expect(rows.filter((r) => r.delivered)).toHaveLength(1);
        expect(rows.filter((r) => !r.delivered)).toEqual([
          { delivered: false, due: true, attempts: 0 },
          { delivered: false, due: true, attempts: 0 },
        ]);
      } finally {
        await db.close();
      }
    });
  },
);
