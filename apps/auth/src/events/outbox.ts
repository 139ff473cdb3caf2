import { AUTH_EVENTS_PATH, type AuthEvent, authEventSchema } from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { claimRows, drainBatches, rowsOf } from "@parley/db";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AuthDb } from "../db";
import { authEventOutbox } from "../db/schema/outbox";

export interface OutboxOptions {
  db: AuthDb;
  /** Base URL of the API; events go to `${apiUrl}/api/internal/auth-events`. */
  apiUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  /** Look for due events at least this often (other replicas' rows, missed wake-ups). */
  pollIntervalMs?: number;
  /** First retry delay; doubles per failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a sender holds claimed rows before another may retry them (a crashed sender). */
  leaseMs?: number;
  requestTimeoutMs?: number;
  batchSize?: number;
}

export interface Outbox {
  /** Begins delivering; rows left pending by an earlier run are retried right away. */
  start(): void;
  /** Delivers what is due now, without waiting for the next poll. */
  wake(): void;
  /** Runs one delivery pass and resolves with the number of events acknowledged. */
  deliverDue(): Promise<number>;
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: string;
  type: string;
  data: unknown;
  occurred_at: Date | string;
  attempts: number;
  /** The lease this claim set (next_attempt_at as text): later writes hold only while it stands. */
  lease: string;
}

/**
 * Delivers auth events to the API: at least once, in order of occurrence per pass, signed with
 * AUTH_EVENTS_SECRET, retried with exponential backoff until a 2xx. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` plus a lease, so several auth replicas never send the same row at
 * the same time, and a replica that dies mid-send only delays a row by the lease.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, log } = options;
  const doFetch = options.fetch ?? fetch;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 10 * 60_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const batchSize = options.batchSize ?? 20;
  const endpoint = `${options.apiUrl.replace(/\/+$/, "")}${AUTH_EVENTS_PATH}`;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  /** Set by stop() (not merely "not started": tests call deliverDue on an outbox never started). */
  let stopping = false;

  async function claim(): Promise<ClaimedRow[]> {
    const rows = await claimRows<ClaimedRow>(db.db, {
      table: authEventOutbox,
      due: sql`delivered_at is null and next_attempt_at <= now()`,
      orderBy: sql`occurred_at`,
      limit: batchSize,
      set: sql`next_attempt_at = now() + (${leaseMs} * interval '1 millisecond')`,
      returning: sql`id, type, data, occurred_at, attempts, next_attempt_at::text as lease`,
    });
    return rows.sort((a, b) => +new Date(a.occurred_at) - +new Date(b.occurred_at));
  }

  async function send(event: AuthEvent): Promise<void> {
    const body = JSON.stringify(event);
    const res = await doFetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // Standard Webhooks; the message id is the event's, so retries carry the same one.
        ...signWebhook(options.secret, body, { id: event.id }),
      },
      body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    // Drain the body so the connection can be reused.
    const text = await res.text().catch(() => "");
    if (!res.ok) throw new Error(`API answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`);
  }

  /**
   * Records a claim's outcome only while its lease stands (like the job queue's owner token): a
   * replica that overran its lease, whose row another replica has claimed since, writes nothing.
   * The event may then have gone out twice, which delivery at least once allows (the API
   * deduplicates on the id); the row's record stays the current claimer's.
   */
  async function settle(row: ClaimedRow, set: SQL) {
    const result = await db.db.execute(sql`
      update auth_event_outbox set ${set}
       where id = ${row.id} and next_attempt_at = ${row.lease}::timestamptz and delivered_at is null
      returning id`);
    if (rowsOf(result).length === 0)
      log.warn({ eventId: row.id }, "auth event outcome dropped: its lease was taken by another sender");
  }

  async function deliverOne(row: ClaimedRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    try {
      const event = authEventSchema.parse({
        id: row.id,
        type: row.type,
        occurredAt: new Date(row.occurred_at).toISOString(),
        data: row.data,
      });
      await send(event);
      await settle(row, sql`delivered_at = now(), attempts = ${attempts}, last_error = null`);
      log.info({ eventId: row.id, type: row.type, attempts }, "auth event delivered");
      return true;
    } catch (err) {
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
      const message = err instanceof Error ? err.message : String(err);
      await settle(
        row,
        sql`attempts = ${attempts}, last_error = ${message.slice(0, 1000)},
            next_attempt_at = now() + (${delay} * interval '1 millisecond')`,
      );
      log.warn(
        { eventId: row.id, type: row.type, attempts, retryInMs: delay, err: message },
        "auth event delivery failed",
      );
      return false;
    }
  }

  /** Hands claimed rows back at once (no lease to wait out): another sender may take them now. */
  async function release(rows: ClaimedRow[]) {
    if (rows.length === 0) return;
    await db.db.execute(sql`
      update auth_event_outbox set next_attempt_at = now()
       where delivered_at is null and id in (${sql.join(
         rows.map((r) => sql`${r.id}`),
         sql`, `,
       )})`);
    log.info({ released: rows.length }, "auth event outbox: unsent rows released on shutdown");
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    await drainBatches(batchSize, async () => {
      const rows = await claim();
      for (const [i, row] of rows.entries()) {
        // Stopping: the send in progress finished; the rest of the batch goes back to the table.
        if (stopping && i > 0) {
          await release(rows.slice(i));
          return 0;
        }
        if (await deliverOne(row)) delivered++;
      }
      return stopping ? 0 : rows.length;
    });
    return delivered;
  }

  /** Milliseconds until the earliest pending row is due (capped by the poll interval). */
  async function nextDueIn(): Promise<number> {
    const result = await db.db.execute(sql`
      select extract(epoch from (min(next_attempt_at) - now())) * 1000 as due_in
        from auth_event_outbox where delivered_at is null`);
    const dueIn = rowsOf<{ due_in: number | string | null }>(result)[0]?.due_in;
    if (dueIn === null || dueIn === undefined) return pollIntervalMs;
    return Math.max(0, Math.min(pollIntervalMs, Math.ceil(Number(dueIn))));
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let next = pollIntervalMs;
      try {
        do {
          again = false;
          await deliverDue();
        } while (again && !stopped);
        next = await nextDueIn();
      } catch (err) {
        log.error({ err }, "auth event outbox pass failed");
      } finally {
        running = undefined;
        schedule(next);
      }
    })();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      schedule(0);
    },
    deliverDue,
    /** Stops the loop: the send in flight finishes, claimed rows not yet sent are released. */
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
