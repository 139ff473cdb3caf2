import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { claimRows, type Database, rowsOf } from "@parley/db";
import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { jobs } from "../db/schema";
import { createBatcher, jsonRows } from "./batch";
import { newId } from "./ids";

export interface JobContext {
  jobId: string;
  attempt: number;
  maxAttempts: number;
  /** Aborted when this process lost the job's lease (another owner took it): stop at once. */
  signal: AbortSignal;
  /** The queue's logger bound to this run (`jobId`, `jobKind`): every line joins up with the job. */
  log: FastifyBaseLogger;
}
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
/**
 * Called once when a job ends `failed` for good, whatever ended it (its error, or dead workers),
 * with the job's id (what its runs wrote under it can be closed).
 */
export type GiveUpHandler = (
  payload: Record<string, unknown>,
  reason: string,
  job: { jobId: string },
) => Promise<void>;

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How long a claim lasts without a heartbeat; a dead owner's job is retried after this. */
  leaseMs?: number;
  /** How often the owner renews its lease; well under `leaseMs`. */
  heartbeatMs?: number;
  /** Finished (done or failed) jobs are deleted after this long. */
  keepFinishedMs?: number;
  /** Told how long each run of a handler took here, and how it ended (metrics). */
  onRun?: (kind: string, seconds: number, outcome: "done" | "failed" | "retry" | "handed_back") => void;
  /** Told of each look for a job (a claim) of a worker loop, and whether it found one (metrics). */
  onLook?: (found: boolean, look: { startedAt: number; polled: boolean }) => void;
  /**
   * The kinds this instance takes (`only`) or leaves (`except`); every kind by default. A second
   * instance for some kinds runs them beside the others (webhook attempts wait on receivers, and
   * must not hold up ingestion or mail in a replica that runs one job at a time per instance).
   */
  kinds?: { only?: readonly string[]; except?: readonly string[] };
  /**
   * A job queued with a `group` is claimed only while fewer than this many jobs of its group are
   * running (across every instance and replica, with live leases): one slow receiver holds at most
   * its own slots, and the instances left over take the other groups' jobs. Unlimited by default.
   * Two replicas claiming at the same moment may both see room for one more (at most one extra
   * slot per claiming instance).
   */
  groupLimit?: number;
  /** The same for a job's `tenant` (a workspace, over all its groups). Unlimited by default. */
  tenantLimit?: number;
  /**
   * The database runs one statement at a time (PGlite): two claims never overlap, so limited
   * claims need no lock.
   */
  serialClaims?: boolean;
}

/**
 * An idle instance: the kinds it takes, its owner token, and its wake-up, which may bring it a job
 * already claimed for it (see `enqueueSql`): the claim that the job's own insert made.
 */
interface Idle {
  takes: (kind: string) => boolean;
  owner: string;
  hand: (job: Promise<ClaimedJob | undefined>) => void;
}

/** What the instances made by `worker()` share with the queue that made them. */
interface Shared {
  handlers: Map<string, { run: JobHandler; giveUp?: GiveUpHandler }>;
  /**
   * Every idle instance's wake-up, with the kinds it takes: a job queued wakes one instance that
   * takes its kind (not all of them, each to find it taken), and an instance that claimed one
   * wakes the next, so a burst fans out one claim at a time.
   */
  wakers: Map<() => void, Idle>;
  /** Jobs that ended well, marked done together (see `createDoneMarker`). */
  markDone: ReturnType<typeof createDoneMarker>;
  lookout: Lookout;
  local: LocalBacklog;
}

/**
 * Jobs this process queued while every instance that takes their kind was busy, held here under
 * the process's own lease (see `enqueueSql`): the instance that ends its job next takes one
 * without a claim. Under load every instance is busy, and each job queued the usual way cost a
 * claim when an instance came to it (two round trips of a WhatsApp message's fourteen); and an
 * instance falling behind paid more claims the further behind it fell.
 */
interface LocalBacklog {
  /** The lease holder of the jobs held here (`host:pid:random`, like an instance's). */
  owner: string;
  jobs: ClaimedJob[];
  /** Inserts under the backlog's lease not settled yet (they count toward `LOCAL_BACKLOG_MAX`). */
  reserved: number;
  /**
   * The kinds of which a job of this process was queued in the table since a claim of them last
   * found none: new jobs of those kinds are queued there too until the instances have caught up,
   * so that a held job never overtakes one queued before it.
   */
  overflowed: Set<string>;
  /** The started instances of the process, by the kinds they take (and whether they are limited). */
  instances: Set<{ takes: (kind: string) => boolean; limited: boolean }>;
  /** Renews the lease of the jobs held while there are any (`keepAlive` renews running ones). */
  renewing?: NodeJS.Timeout;
}

/**
 * How many jobs a process holds at most (see `LocalBacklog`): more are queued in the table, for
 * any replica to take.
 */
const LOCAL_BACKLOG_MAX = 64;

/**
 * Jobs one claim takes at most while the process is behind (a job of a kind it takes went to the
 * table because the backlog was full): the first for the instance, the others into the backlog,
 * as many as it has room for. One at a time, a process that fell behind paid a claim for each job
 * it queued from then on (1.8 claims a WhatsApp message), which kept it behind: on a busy machine
 * the p95 grew through the whole run instead of settling.
 */
const CLAIM_BATCH_MAX = 16;

/**
 * What the instances of a process know of the queue between claims, so that an instance that
 * ends a job does not look for the next one where a look has just found none. `news` counts the
 * jobs this process queued without handing them to an idle instance (and the wake-ups after
 * commits); `empty`, per set of kinds, when a claim of those kinds last found nothing and the
 * count when it began. Under load most jobs are handed to idle instances by their own insert
 * (`enqueueSql`): without this, every job ended cost a claim that found nothing (a round trip, a
 * third of the statements a WhatsApp message cost the queue).
 */
interface Lookout {
  news: number;
  empty: Map<string, { news: number; at: number }>;
  /** Per set of kinds, when a worker loop last began to look (polls take turns by it). */
  began: Map<string, number>;
  /**
   * Per set of kinds, when an instance last looked for dead workers' exhausted jobs and for a dead
   * owner's job to take over (see `runOne`, `claimOne`): once per process, not once per instance.
   */
  reaped: Map<string, number>;
  expiredLooked: Map<string, number>;
  /** The process's release of dead processes' leases at start (see `releaseDeadOwners`). */
  releasing?: Promise<number>;
}

/**
 * How long a claim that found nothing is believed, when nothing was queued here since: jobs that
 * other replicas queue, that come due (retries) or that commit in a caller's transaction without
 * a wake-up are found at most this late by a busy instance (an idle one polls, and is woken).
 */
const EMPTY_BELIEVED_MS = 250;

/**
 * Marks finished jobs `done`, each only while the instance that ran it still owns it. Jobs that
 * finish within 20 ms of each other share one statement (lib/batch.ts): a worker does not wait for
 * its mark (see `runOne`), so nobody waits on the gathering. Resolves true when the job was still
 * this owner's.
 */
function createDoneMarker(db: Database) {
  return createBatcher<{ id: string; owner: string; at: Date }, boolean>(
    async (rows) => {
      const result = await db.execute(sql`
        update ${jobs} j set status = 'done', finished_at = x.at, locked_until = null, locked_by = null
        from jsonb_to_recordset(${jsonRows(rows.map((r) => ({ ...r, at: r.at.toISOString() })))}::jsonb)
          as x(id text, owner text, at timestamptz)
        where j.id = x.id and j.locked_by = x.owner and j.status = 'running'
        returning j.id`);
      const done = new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
      return rows.map((r) => done.has(r.id));
    },
    { maxInFlight: 1, gatherMs: 20 },
  );
}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_HEARTBEAT_MS = 10_000;
const DEFAULT_KEEP_FINISHED_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const DEAD_OWNER_REASON = "The worker running this job stopped (crashed or was killed) on every attempt.";

interface ClaimedJob {
  /** The lease holder when it is not the instance that runs it (the process's backlog). */
  owner?: string;
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  group: string | null;
  tenant: string | null;
  /**
   * When a job in the process's backlog was due (its `run_at`, to the microsecond, as `dueKey`
   * writes it): the backlog stays in that order when a claim adds the table's jobs to it.
   */
  due?: string;
}

/** `run_at` as a fixed-width key that sorts as the time does (the claim's `due_at` begins with it). */
function dueKey(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}${iso.slice(20, 23)}000`;
}

/** `host:pid:random`: says which process holds a lease, so a restart on the same host can free it. */
function ownerToken() {
  return `${hostname()}:${process.pid}:${randomBytes(6).toString("hex")}`;
}

/** Owner tokens of the queue instances of this process (tests run several in one process). */
const liveOwners = new Set<string>();

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Durable background jobs in the service's own database (ours rather than pg-boss or
 * graphile-worker, which do not run on PGlite). Guarantees:
 * - two queue instances (replicas) never run a job at once: claims use FOR UPDATE SKIP LOCKED and
 *   every write after the claim is conditional on this instance's owner token;
 * - the owner renews its lease by a heartbeat; a lost lease aborts the handler's signal;
 * - a dead owner's job is retried once its lease runs out, or at once when a process restarts on
 *   the same host and finds the dead process's id in the lease;
 * - attempts are counted at claim time and enforced there: a job whose attempts are used up ends
 *   `failed` with its reason even when each attempt killed its process (a poison job);
 * - finished jobs are pruned after `keepFinishedMs`;
 * - a replica that shuts down hands its running job back (`handBack`): the handler is aborted and
 *   the job is queued again at once, its attempt not counted, for another replica to take.
 */
export function createJobQueue(deps: JobQueueOptions, shared?: Shared) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const keepFinishedMs = deps.keepFinishedMs ?? DEFAULT_KEEP_FINISHED_MS;
  const owner = ownerToken();
  liveOwners.add(owner);
  const handlers = shared?.handlers ?? new Map<string, { run: JobHandler; giveUp?: GiveUpHandler }>();
  const wakers = shared?.wakers ?? new Map<() => void, Idle>();
  const markDone = shared?.markDone ?? createDoneMarker(db);
  const local: LocalBacklog = shared?.local ?? {
    owner: ownerToken(),
    jobs: [],
    reserved: 0,
    overflowed: new Set(),
    instances: new Set(),
  };
  liveOwners.add(local.owner);
  /** Who holds `job`'s lease: this instance, unless the process's backlog held it. */
  const holderOf = (job: ClaimedJob) => job.owner ?? owner;
  const lookout: Lookout = shared?.lookout ?? {
    news: 0,
    empty: new Map(),
    began: new Map(),
    reaped: new Map(),
    expiredLooked: new Map(),
  };
  /** The kinds (and limits) this instance claims, as `lookout` knows them. */
  const lookoutKey = JSON.stringify([
    deps.kinds?.only ?? [],
    deps.kinds?.except ?? [],
    deps.groupLimit ?? 0,
    deps.tenantLimit ?? 0,
  ]);
  /**
   * Whether a claim may find something. An instance with group or tenant limits always looks: a
   * job that ends frees room for a job that an earlier look left.
   */
  const mayFindWork = (believedMs = EMPTY_BELIEVED_MS) => {
    if (deps.groupLimit || deps.tenantLimit) return true;
    const last = lookout.empty.get(lookoutKey);
    return !last || last.news !== lookout.news || Date.now() - last.at > believedMs;
  };
  let wake: (() => void) | undefined;
  const takes = (kind: string) =>
    (!deps.kinds?.only?.length || deps.kinds.only.includes(kind)) && !deps.kinds?.except?.includes(kind);
  /** Wakes one idle instance that takes `kind` (it leaves the set as it wakes). */
  const wakeOne = (kind: string) => {
    for (const [w, idle] of wakers)
      if (idle.takes(kind)) {
        wakers.delete(w);
        w();
        return;
      }
  };
  /** Takes an idle instance that runs `kind` out of the idle set (it is woken by `hand`). */
  const reserveIdle = (kind: string): Idle | undefined => {
    for (const [w, idle] of wakers)
      if (idle.takes(kind)) {
        wakers.delete(w);
        return idle;
      }
    return undefined;
  };
  /** Some started instance of this process takes `kind`. */
  const startedTakes = (kind: string) => [...local.instances].some((i) => i.takes(kind));
  /**
   * The process's backlog may hold a job of `kind`: a started instance without group limits takes
   * it, there is room, and no job of the kind waits in the table before it.
   */
  const backlogTakes = (kind: string) =>
    !local.overflowed.has(kind) &&
    local.jobs.length + local.reserved < LOCAL_BACKLOG_MAX &&
    [...local.instances].some((i) => !i.limited && i.takes(kind));
  /** The oldest held job this instance takes, out of the backlog. */
  const takeHeld = (): ClaimedJob | undefined => {
    const i = local.jobs.findIndex((j) => takes(j.kind));
    if (i < 0) return undefined;
    const [job] = local.jobs.splice(i, 1);
    if (!local.jobs.length) stopRenewing();
    return job;
  };
  function stopRenewing() {
    clearInterval(local.renewing);
    local.renewing = undefined;
  }
  /**
   * A job the backlog now holds (its insert committed, or a claim leased it to the backlog): it
   * waits behind the jobs held that were due before it, and an instance that is idle takes it.
   */
  function hold(job: ClaimedJob) {
    const after =
      job.due === undefined
        ? -1
        : local.jobs.findIndex((j) => j.due !== undefined && j.due > (job.due as string));
    if (after < 0) local.jobs.push(job);
    else local.jobs.splice(after, 0, job);
    if (!startedTakes(job.kind)) {
      // Every instance that took it stopped meanwhile: it goes back to the table.
      void giveBackHeld().catch((err) => log.error({ err }, "could not give held jobs back"));
      return;
    }
    local.renewing ??= setInterval(() => void renewHeld(), heartbeatMs);
    local.renewing.unref?.();
    wakeOne(job.kind);
  }
  /** Renews the leases of the jobs held; one whose lease was lost (the process stood still) is let go. */
  async function renewHeld() {
    const held = local.jobs.map((j) => j.id);
    if (!held.length) return stopRenewing();
    try {
      const renewed = await db
        .update(jobs)
        .set({ lockedUntil: leaseEnd() })
        .where(and(inArray(jobs.id, held), eq(jobs.lockedBy, local.owner), eq(jobs.status, "running")))
        .returning({ id: jobs.id });
      const kept = new Set(renewed.map((r) => r.id));
      const lost = held.filter((id) => !kept.has(id));
      if (lost.length) {
        log.warn({ jobs: lost }, "held jobs' lease lost to another worker; leaving them to it");
        local.jobs = local.jobs.filter((j) => !lost.includes(j.id));
      }
    } catch (err) {
      // Retried on the next beat; the lease outlasts a couple of misses.
      log.warn({ err }, "could not renew the lease of held jobs");
    }
  }
  /** Held jobs that no started instance takes any more go back to the table, attempts not counted. */
  async function giveBackHeld() {
    const orphans = local.jobs.filter((j) => !startedTakes(j.kind));
    if (!orphans.length) return;
    local.jobs = local.jobs.filter((j) => startedTakes(j.kind));
    if (!local.jobs.length) stopRenewing();
    await requeue(
      orphans.map((j) => j.id),
      local.owner,
    );
  }
  /**
   * Jobs leased by `holder` go back to the queue, their attempt not counted (`runAt`: due then, for
   * another replica at once). Resolves with the ids that were still that holder's.
   */
  async function requeue(ids: string[], holder: string, runAt?: Date): Promise<string[]> {
    const released = await db
      .update(jobs)
      .set({
        status: "queued",
        ...(runAt ? { runAt } : {}),
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        lockedUntil: null,
        lockedBy: null,
      })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, holder), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    return released.map((r) => r.id);
  }
  /** The last time an instance of these kinds looked for dead workers' exhausted jobs (see reapExhausted). */
  const lastReap = () =>
    reapedHere ? (lookout.reaped.get(lookoutKey) ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
  /**
   * The last time an instance of these kinds looked for a dead owner's job to take over: every half
   * lease, at most 5 s apart (and at the process's first claim, so a restarted process takes over
   * at once).
   */
  const lastExpiredLook = () =>
    lookedHere
      ? (lookout.expiredLooked.get(lookoutKey) ?? Number.NEGATIVE_INFINITY)
      : Number.NEGATIVE_INFINITY;
  /** Whether this instance reaped, and looked for dead owners' jobs, before: a new one does at once. */
  let reapedHere = false;
  let lookedHere = false;
  /** This instance's worker loop was started (`start`): only then may it claim for the backlog. */
  let runningHere = false;
  /** The job this instance is running (one at a time), while its handler runs. */
  let current: { job: ClaimedJob; controller: AbortController; settled: Promise<void> } | undefined;
  let handingBack = false;
  /** Done-marks of this instance's jobs not written yet (see `runOne`'s `markLater`). */
  const marking = new Set<Promise<void>>();
  const leaseEnd = () => new Date(now().getTime() + leaseMs);
  const list = (kinds: readonly string[]) =>
    sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
  const kindFilter = sql`${deps.kinds?.only?.length ? sql`and kind in (${list(deps.kinds.only)})` : sql``} ${
    deps.kinds?.except?.length ? sql`and kind not in (${list(deps.kinds.except)})` : sql``
  }`;
  /** Room in the job's group and tenant (see `groupLimit`): running jobs with a live lease count. */
  const groupFilter = (at: Date) =>
    sql`${
      deps.groupLimit
        ? sql`and (group_key is null or (
            select count(*) from jobs r
             where r.group_key = jobs.group_key and r.status = 'running' and r.locked_until >= ${at}
          ) < ${deps.groupLimit})`
        : sql``
    } ${
      deps.tenantLimit
        ? sql`and (tenant_key is null or (
            select count(*) from jobs r
             where r.tenant_key = jobs.tenant_key and r.status = 'running' and r.locked_until >= ${at}
          ) < ${deps.tenantLimit})`
        : sql``
    }`;

  async function giveUp(kind: string, id: string, payload: Record<string, unknown>, reason: string) {
    const onGiveUp = handlers.get(kind)?.giveUp;
    if (!onGiveUp) return;
    try {
      await onGiveUp(payload, reason, { jobId: id });
    } catch (err) {
      log.error({ err, jobId: id, kind }, "job give-up handler failed");
    }
  }

  /** Ends jobs whose last attempt's owner died: their lease ran out and no attempt is left. */
  async function reapExhausted(): Promise<number> {
    const at = now();
    const rows = await claimRows<{ id: string; kind: string; payload: Record<string, unknown> }>(db, {
      table: jobs,
      due: sql`status = 'running' and locked_until < ${at} and attempts >= max_attempts ${kindFilter}`,
      orderBy: sql`locked_until`,
      limit: 100,
      set: sql`status = 'failed', last_error = ${DEAD_OWNER_REASON},
        finished_at = ${at}, locked_until = null, locked_by = null`,
      returning: sql`id, kind, payload`,
    });
    for (const row of rows) {
      log.warn({ jobId: row.id, kind: row.kind }, "job failed: its workers died on every attempt");
      await giveUp(row.kind, row.id, row.payload, DEAD_OWNER_REASON);
    }
    return rows.length;
  }

  async function claim(): Promise<ClaimedJob | undefined> {
    const at = now();
    // Room in a group is counted, then taken: two claims at once would both see the same room.
    // Instances with limits claim one at a time, across replicas, under a transaction's lock
    // (PGlite runs one statement at a time anyway).
    const limited = Boolean(deps.groupLimit || deps.tenantLimit) && !deps.serialClaims;
    const batch = limited ? 1 : batchSize();
    // While the process holds jobs this instance takes, what the claim finds is leased by the
    // backlog too, and waits there in its turn: a look in the table that comes due before the
    // next held job must not let a newer job there overtake the older ones held (the overflow
    // queued after them, or another replica's), nor an older one wait behind them.
    const toBacklog = batch > 1 || (!limited && runningHere && local.jobs.some((j) => takes(j.kind)));
    const rows = limited
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jobs:limited-claim'))`);
          return claimOne(tx, at, 1, false);
        })
      : await claimOne(db, at, batch, toBacklog);
    const claimed = rows
      .sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : 0))
      .map(
        (row): ClaimedJob => ({
          id: row.id,
          kind: row.kind,
          payload: row.payload,
          attempts: row.attempts,
          maxAttempts: row.max_attempts,
          group: row.group_key,
          tenant: row.tenant_key,
          ...(row.locked_by === owner ? {} : { owner: row.locked_by }),
          due: row.due_at.slice(0, 20),
        }),
      );
    // Leased by the instance (nothing held, or a dead owner's job, taken one at a time): it runs it.
    if (claimed[0]?.owner !== local.owner) return claimed[0];
    // Leased by the process's backlog: each waits there behind the jobs held that were due before
    // it, and the instance runs the oldest.
    for (const job of claimed) hold(job);
    return takeHeld();
  }

  /**
   * How many jobs the next claim may take: one, unless this instance has no group limits and the
   * process is behind on a kind it takes (see `CLAIM_BATCH_MAX`); then as many as the backlog has
   * room for, the instance's own one besides.
   */
  function batchSize(): number {
    if (deps.groupLimit || deps.tenantLimit || !runningHere) return 1;
    if (![...local.overflowed].some(takes)) return 1;
    const room = LOCAL_BACKLOG_MAX - local.jobs.length - local.reserved;
    return Math.max(1, Math.min(CLAIM_BATCH_MAX, room + 1));
  }

  /**
   * Claims the next due job: a dead owner's (its lease ran out) when it is time to look for one
   * (see `lastExpiredLook`), else the oldest queued one. Apart rather than one statement with an
   * `or`, which read every entry the index still held for jobs long done (a bitmap scan over both
   * states), at a cost that grew with the throughput between two vacuums; and a dead owner's job
   * is rare, while the queued ones are looked for at every job.
   */
  async function claimOne(on: Pick<Database, "execute">, at: Date, batch: number, toBacklog: boolean) {
    const claimWhere = (due: SQL, orderBy: SQL, limit = 1, holder = owner) =>
      claimRows<{
        id: string;
        kind: string;
        payload: Record<string, unknown>;
        attempts: number;
        max_attempts: number;
        group_key: string | null;
        tenant_key: string | null;
        /**
         * The claim's order, fixed width: run_at, then created_at to the microsecond for jobs
         * queued in the same millisecond (a Date keeps milliseconds only).
         */
        due_at: string;
        locked_by: string;
      }>(on, {
        table: jobs,
        due: sql`${due} and attempts < max_attempts ${kindFilter} ${groupFilter(at)}`,
        orderBy,
        limit,
        // Jobs for the backlog are leased by it (`local.owner`), which renews them.
        set: sql`status = 'running', attempts = attempts + 1, locked_until = ${leaseEnd()}, locked_by = ${holder}`,
        returning: sql`id, kind, payload, attempts, max_attempts, group_key, tenant_key, locked_by,
          to_char(run_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') ||
          to_char(created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as due_at`,
      });
    const expired = () => {
      lookout.expiredLooked.set(lookoutKey, at.getTime());
      return claimWhere(sql`status = 'running' and locked_until < ${at}`, sql`locked_until`);
    };
    if (at.getTime() - lastExpiredLook() >= Math.min(5_000, leaseMs / 2)) {
      lookedHere = true;
      const rows = await expired();
      // A dead owner's job found: there may be more (a restart takes over all of them), so the
      // next claim of these kinds looks again at once.
      if (rows.length) {
        lookout.expiredLooked.delete(lookoutKey);
        return rows;
      }
    }
    return claimWhere(
      sql`status = 'queued' and run_at <= ${at}`,
      sql`run_at`,
      batch,
      toBacklog ? local.owner : owner,
    );
  }

  /** Renews the lease while the handler runs; aborts it when the lease turns out to be lost. */
  function keepAlive(job: ClaimedJob, controller: AbortController) {
    let beating = false;
    const timer = setInterval(async () => {
      if (beating) return;
      beating = true;
      try {
        const renewed = await db
          .update(jobs)
          .set({ lockedUntil: leaseEnd() })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, holderOf(job)), eq(jobs.status, "running")))
          .returning({ id: jobs.id });
        if (renewed.length === 0) {
          log.warn({ jobId: job.id, kind: job.kind }, "job lease lost to another worker; stopping it here");
          controller.abort(new Error("lease lost"));
          clearInterval(timer);
        }
      } catch (err) {
        // A failed renewal is retried on the next beat; the lease outlasts a couple of misses.
        log.warn({ err, jobId: job.id }, "job heartbeat failed");
      } finally {
        beating = false;
      }
    }, heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Writes the outcome only while this instance still owns the lease. */
  async function finish(job: ClaimedJob, set: Partial<typeof jobs.$inferInsert>) {
    const updated = await db
      .update(jobs)
      .set({ ...set, lockedUntil: null, lockedBy: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, holderOf(job)), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    if (updated.length === 0)
      log.warn({ jobId: job.id, kind: job.kind }, "job outcome dropped: this worker no longer owns it");
    return updated.length > 0;
  }

  /**
   * Runs one job: `handed` (claimed for this instance by its insert, see `enqueueSql`), else the
   * next due job it claims. False when there was none.
   */
  async function runOne(handed?: ClaimedJob, opts: { markLater?: boolean } = {}): Promise<boolean> {
    // A job is exhausted only once its lease has run out: looking more often than every half
    // lease (at most 5 s) finds nothing new, and cost two statements per job under load.
    if (now().getTime() - lastReap() >= Math.min(5_000, leaseMs / 2)) {
      lookout.reaped.set(lookoutKey, now().getTime());
      reapedHere = true;
      await reapExhausted();
    }
    const job = handed ?? (await claim());
    if (!job) return false;
    // There may be more: the next idle instance looks (a burst fans out one claim at a time).
    if (!handed) wakeOne(job.kind);
    const handler = handlers.get(job.kind);
    const jobLog = log.child({ jobId: job.id, jobKind: job.kind });
    const controller = new AbortController();
    const stopBeating = keepAlive(job, controller);
    let settle = () => {};
    current = { job, controller, settled: new Promise<void>((r) => (settle = r)) };
    const handedBack = () => handingBack && controller.signal.aborted;
    const started = performance.now();
    const ran = (outcome: "done" | "failed" | "retry" | "handed_back") => {
      const seconds = (performance.now() - started) / 1000;
      jobLog.debug({ outcome, seconds, attempt: job.attempts }, "job ran");
      deps.onRun?.(job.kind, seconds, outcome);
    };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler.run(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal: controller.signal,
        log: jobLog,
      });
      stopBeating();
      // Stopped for a hand-back: `handBack` queues it again; it did not finish here.
      if (handedBack()) {
        ran("handed_back");
        return true;
      }
      ran("done");
      const marked = markDone({ id: job.id, owner: holderOf(job), at: now() }).then((owned) => {
        if (!owned)
          log.warn({ jobId: job.id, kind: job.kind }, "job outcome dropped: this worker no longer owns it");
      });
      // The worker loop goes on to its next job while its mark is gathered with others' (stop
      // waits for them); a direct call (drain) returns once the job is marked.
      if (opts.markLater) {
        const tracked = marked.catch((err) => log.error({ err, jobId: job.id }, "could not mark a job done"));
        marking.add(tracked);
        void tracked.finally(() => marking.delete(tracked));
      } else await marked;
    } catch (err) {
      stopBeating();
      if (handedBack()) {
        ran("handed_back");
        return true;
      }
      const message = (err as Error).message;
      const final = job.attempts >= job.maxAttempts;
      ran(final ? "failed" : "retry");
      jobLog.warn({ attempt: job.attempts, err: message, final }, "job failed");
      const owned = await finish(
        job,
        final
          ? { status: "failed", lastError: message, finishedAt: now() }
          : {
              status: "queued",
              lastError: message,
              runAt: new Date(now().getTime() + 2 ** job.attempts * 1000),
            },
      );
      if (owned && final) await giveUp(job.kind, job.id, job.payload, message);
    } finally {
      current = undefined;
      settle();
      // Its group has room again: an idle instance looks for the group's next job at once.
      if (job.group || job.tenant) wakeOne(job.kind);
    }
    return true;
  }

  /**
   * Shutdown: aborts the running job's handler, waits up to `waitMs` for it to stop, and queues
   * the job again at once (its attempt not counted), so another replica takes it without waiting
   * out the lease. A handler that ignores its signal past `waitMs` cannot write its outcome later:
   * every write after the claim is conditional on this instance's owner token.
   */
  async function handBack(waitMs = 2000): Promise<string | undefined> {
    const running = current;
    if (!running) return undefined;
    handingBack = true;
    running.controller.abort(new Error("this replica is shutting down"));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      running.settled,
      new Promise<void>((r) => {
        timer = setTimeout(r, waitMs);
      }),
    ]);
    clearTimeout(timer);
    const released = await requeue([running.job.id], holderOf(running.job), now());
    if (released.length)
      log.info({ jobId: running.job.id, kind: running.job.kind }, "job handed back to the queue");
    return released[0];
  }

  /**
   * Frees at once the leases of processes on this host that are gone (a crash, a kill, a container
   * restart reusing our pid), so their jobs need not wait out the lease.
   */
  async function releaseDeadOwners(): Promise<number> {
    const rows = await db
      .selectDistinct({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(eq(jobs.status, "running"));
    const host = hostname();
    const dead = rows
      .map((r) => r.lockedBy)
      .filter((token): token is string => {
        if (!token || liveOwners.has(token)) return false;
        const [tokenHost, pidText] = token.split(":");
        const pid = Number(pidText);
        // Our own pid in a token that is not ours: an earlier process (a restarted container
        // gets the same pid) that is gone.
        return tokenHost === host && Number.isInteger(pid) && (pid === process.pid || processIsGone(pid));
      });
    if (dead.length === 0) return 0;
    const released = await db
      .update(jobs)
      .set({ lockedUntil: new Date(now().getTime() - 1) })
      .where(and(eq(jobs.status, "running"), inArray(jobs.lockedBy, dead)))
      .returning({ id: jobs.id });
    if (released.length) log.warn({ jobs: released.map((r) => r.id) }, "released jobs of a dead process");
    return released.length;
  }

  /** Deletes finished jobs older than `keepFinishedMs`. */
  async function prune(): Promise<number> {
    const deleted = await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.status, ["done", "failed"]),
          lt(jobs.finishedAt, new Date(now().getTime() - keepFinishedMs)),
        ),
      )
      .returning({ id: jobs.id });
    return deleted.length;
  }

  return {
    /** This instance's owner token (tests and logs). */
    owner,
    register(kind: string, run: JobHandler, opts: { onGiveUp?: GiveUpHandler } = {}) {
      handlers.set(kind, { run, giveUp: opts.onGiveUp });
    },
    /**
     * Queues a job. `delayMs`: not before then (a retry the caller schedules itself). `tx`: inserted
     * in the caller's transaction (an outbox: the job exists exactly when the change committed).
     * `group`, `tenant`: the jobs that share a running limit (see `groupLimit`, `tenantLimit`).
     */
    async enqueue(
      kind: string,
      payload: Record<string, unknown>,
      opts: {
        maxAttempts?: number;
        delayMs?: number;
        tx?: Pick<Database, "insert">;
        group?: string;
        tenant?: string;
      } = {},
    ) {
      const id = newId("job");
      await (opts.tx ?? db).insert(jobs).values({
        id,
        kind,
        payload,
        groupKey: opts.group ?? null,
        tenantKey: opts.tenant ?? null,
        maxAttempts: opts.maxAttempts ?? 3,
        runAt: new Date(now().getTime() + (opts.delayMs ?? 0)),
      });
      lookout.news++;
      // In a transaction, the job is not visible before the commit: the poll finds it then.
      if (!opts.tx && !opts.delayMs) wakeOne(kind);
      return id;
    },
    /**
     * A job's insert to run inside another statement (a data-modifying CTE), only `when` its
     * condition holds there: the outbox row and the change it belongs to are one round trip. When
     * an instance of this process that takes the kind is idle, the insert is its claim too: the row
     * is written `running` under that instance's lease, and the instance runs it as soon as
     * `settle` reports the statement's outcome (so a burst costs no claims). A process that dies in
     * between leaves a leased row, which its lease's end (or a restart on this host) gives back to
     * the queue, as for any claimed job. The caller must call `settle` once, whatever happened:
     * with true when the statement inserted the job and committed, else false. The insert returns
     * the job's id: where `when` is not all that decides (another condition is added to it, as
     * `emitSql` adds its subscribers'), the caller reads that, not its own change, or the idle
     * instance runs a job that does not exist (and is kept from real work meanwhile).
     */
    enqueueSql(
      kind: string,
      payload: Record<string, unknown>,
      opts: { maxAttempts?: number; when: SQL },
    ): { sql: SQL; settle: (inserted: boolean) => void } {
      const id = newId("job");
      const maxAttempts = opts.maxAttempts ?? 3;
      const at = now();
      const idle = reserveIdle(kind);
      // Every instance that takes it is busy: the process holds it (see `LocalBacklog`).
      const held = !idle && backlogTakes(kind);
      if (held) local.reserved++;
      const holder = idle?.owner ?? (held ? local.owner : undefined);
      const lease = new Date(at.getTime() + leaseMs);
      const insert = holder
        ? sql`insert into ${jobs} (id, kind, payload, status, attempts, max_attempts, run_at, locked_until, locked_by)
            select ${id}, ${kind}, ${JSON.stringify(payload)}::jsonb, 'running', 1, ${maxAttempts}::int,
              ${at.toISOString()}::timestamptz, ${lease.toISOString()}::timestamptz, ${holder}
            where ${opts.when} returning id`
        : sql`insert into ${jobs} (id, kind, payload, max_attempts, run_at)
            select ${id}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${maxAttempts}::int, ${at.toISOString()}::timestamptz
            where ${opts.when} returning id`;
      let settled = false;
      let resolveHanded: (job: ClaimedJob | undefined) => void = () => {};
      idle?.hand(new Promise((r) => (resolveHanded = r)));
      const claimed = (): ClaimedJob => ({
        id,
        kind,
        payload,
        attempts: 1,
        maxAttempts,
        group: null,
        tenant: null,
      });
      return {
        sql: insert,
        settle(inserted) {
          if (settled) return;
          settled = true;
          if (idle) resolveHanded(inserted ? claimed() : undefined);
          else if (held) {
            local.reserved--;
            if (inserted) hold({ ...claimed(), owner: local.owner, due: dueKey(at) });
          } else if (inserted) {
            // Queued in the table: the next ones follow it there until it is taken.
            if (startedTakes(kind)) local.overflowed.add(kind);
            lookout.news++;
            wakeOne(kind);
          }
        },
      };
    },
    /**
     * Wakes idle instances at once: jobs queued inside a transaction are seen only after its
     * commit, so the writer calls this then instead of leaving them to the next poll. With
     * `kinds`, one instance that takes one of them (it wakes the next if it finds a job); without,
     * every idle instance.
     */
    wake(kinds?: readonly string[]) {
      lookout.news++;
      if (!kinds) {
        const all = [...wakers.keys()];
        wakers.clear();
        for (const w of all) w();
        return;
      }
      for (const kind of kinds) {
        const before = wakers.size;
        wakeOne(kind);
        if (wakers.size < before) return;
      }
    },
    /**
     * Another instance over the same table and handlers that takes only some kinds (or all but
     * some): each runs its own job at a time, so slow kinds do not hold up the others.
     */
    worker(
      kinds: NonNullable<JobQueueOptions["kinds"]>,
      opts: Pick<JobQueueOptions, "groupLimit" | "tenantLimit" | "onRun" | "onLook"> = {},
    ) {
      return createJobQueue({ ...deps, ...opts, kinds }, { handlers, wakers, markDone, lookout, local });
    },
    /** How many instances of this process wait for work they would take of `kind` (tests). */
    idle(kind: string): number {
      return [...wakers.values()].filter((w) => w.takes(kind)).length;
    },
    runOne,
    handBack,
    releaseDeadOwners,
    prune,
    /** Runs due jobs until none is left (tests, and the worker loop). */
    async drain(): Promise<number> {
      let n = 0;
      while (await runOne()) n++;
      return n;
    },
    /** Jobs queued or running, per kind and status (the queue's depth, for metrics). */
    async depth(): Promise<{ kind: string; status: string; n: number }[]> {
      return db
        .select({ kind: jobs.kind, status: jobs.status, n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.status, ["queued", "running"]))
        .groupBy(jobs.kind, jobs.status);
    },
    /** Per kind: queued, running and failed jobs, and when the oldest queued one was due (the console). */
    async health(): Promise<
      { kind: string; queued: number; running: number; failed: number; oldestQueuedAt: Date | null }[]
    > {
      const rows = await db
        .select({
          kind: jobs.kind,
          queued: sql<number>`count(*) filter (where ${jobs.status} = 'queued')::int`,
          running: sql<number>`count(*) filter (where ${jobs.status} = 'running')::int`,
          failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
          oldestQueuedAt: sql<string | null>`min(${jobs.runAt}) filter (where ${jobs.status} = 'queued')`,
        })
        .from(jobs)
        .where(inArray(jobs.status, ["queued", "running", "failed"]))
        .groupBy(jobs.kind)
        .orderBy(jobs.kind);
      return rows.map((r) => ({
        ...r,
        oldestQueuedAt: r.oldestQueuedAt ? new Date(r.oldestQueuedAt) : null,
      }));
    },
    async pendingCount(kind?: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(sql`${jobs.status} in ('queued', 'running')`, kind ? eq(jobs.kind, kind) : undefined));
      return rows[0]?.n ?? 0;
    },
    /**
     * Background worker: frees dead processes' leases on boot, then runs jobs as they come, polling
     * as a fallback for jobs enqueued elsewhere, and prunes finished jobs now and then.
     */
    start(pollMs = 1000) {
      let stopped = false;
      let lastPrune = 0;
      const instance = { takes, limited: Boolean(deps.groupLimit || deps.tenantLimit) };
      local.instances.add(instance);
      runningHere = true;
      /**
       * A look in the table is due before the next held job: jobs queued there (retries, other
       * replicas', the overflow) wait at most this long behind the held ones.
       */
      const lookDue = () => Date.now() - (lookout.began.get(lookoutKey) ?? 0) >= EMPTY_BELIEVED_MS;
      const loop = async () => {
        // Once per process, not once per instance: thirty instances releasing the same rows at
        // once deadlocked each other on a restart.
        lookout.releasing ??= releaseDeadOwners().catch((err) => {
          log.error({ err }, "could not release dead processes' jobs");
          return 0;
        });
        await lookout.releasing;
        /** A job claimed for this instance by its own insert (`enqueueSql`), once that settles. */
        let handed: Promise<ClaimedJob | undefined> | undefined;
        /** Woken (or just started): it looks for a job whatever `lookout` believes. */
        let woken = true;
        /**
         * Its poll came round. Instances of the same kinds poll in turn: one whose turn comes within
         * half a poll of another's look that found nothing (and nothing queued here since) waits
         * again, so thirty idle instances cost a process two looks a second, not thirty.
         */
        let polled = false;
        while (!stopped || handed) {
          let worked = false;
          try {
            const wasHanded = handed !== undefined;
            let job = handed ? await handed : undefined;
            handed = undefined;
            // A handing whose insert did not happen (a delivery seen before) brought no news.
            if (wasHanded && !job) woken = false;
            // A job the process holds, without a claim (unless a look in the table is due).
            if (!job && !stopped && !lookDue()) job = takeHeld();
            if (job && stopped) {
              // Stopping: the job goes back to the queue at once, its attempt not counted.
              await requeue([job.id], holderOf(job));
              break;
            }
            if (stopped) break;
            if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
              lastPrune = Date.now();
              await prune();
            }
            const othersLooked = polled && Date.now() - (lookout.began.get(lookoutKey) ?? 0) < pollMs / 2;
            if (job || woken || (!othersLooked && mayFindWork(polled ? pollMs / 2 : EMPTY_BELIEVED_MS))) {
              const news = lookout.news;
              const at = Date.now();
              if (!job) lookout.began.set(lookoutKey, at);
              worked = await runOne(job, { markLater: true });
              if (!job) deps.onLook?.(worked, { startedAt: at, polled });
              if (!job && !worked) {
                lookout.empty.set(lookoutKey, { news, at });
                // Caught up with the table: the process may hold these kinds' jobs again.
                for (const kind of local.overflowed) if (takes(kind)) local.overflowed.delete(kind);
              }
            }
            // Nothing in the table (or no look): a held job, if any.
            if (!worked && !stopped) {
              const held = takeHeld();
              if (held) worked = await runOne(held, { markLater: true });
            }
          } catch (err) {
            log.error({ err }, "job worker error");
          }
          woken = false;
          polled = false;
          if (!worked && !stopped) {
            woken = true;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                woken = false;
                polled = true;
                resolve();
              }, pollMs);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
              wakers.set(wake, {
                takes,
                owner,
                hand: (job) => {
                  handed = job;
                  clearTimeout(timer);
                  resolve();
                },
              });
            });
            if (wake) wakers.delete(wake);
            wake = undefined;
          }
        }
      };
      const running = loop().finally(async () => {
        local.instances.delete(instance);
        await giveBackHeld().catch((err) => log.error({ err }, "could not give held jobs back"));
      });
      /**
       * Stops the worker. By default it waits for the running job to end; with `handBack` (a
       * replica shutting down) the job is aborted and queued again for another replica at once.
       */
      return async (opts: { handBack?: boolean; waitMs?: number } = {}) => {
        stopped = true;
        runningHere = false;
        local.instances.delete(instance);
        wake?.();
        if (opts.handBack) {
          await handBack(opts.waitMs);
          // What the process held for this instance's kinds goes to another replica at once too.
          await giveBackHeld().catch((err) => log.error({ err }, "could not give held jobs back"));
          // A handler that ignores its signal is left behind: it can no longer write its outcome.
          if (current) return void (await Promise.all(marking));
        }
        await running;
        // Jobs that ended are marked done before the database may close.
        await Promise.all(marking);
      };
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
