import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { AuthDb } from "../db";

type Database = AuthDb["db"];

interface Scope {
  workspaceId: string;
  tx: Database;
  /** False once the transaction's work is done: later queries (a mail sent in the background) go to the pool. */
  open: boolean;
  afterCommit: Array<() => void>;
}

export interface WorkspaceLocks {
  /**
   * The database as request handling sees it: the handle itself, except inside `run`, where every
   * query (better-auth's adapter, our hooks, the audit outbox row) joins the workspace's locked
   * transaction.
   */
  db: AuthDb;
  /**
   * Runs `fn` in one transaction holding the workspace's lock (`pg_advisory_xact_lock`, released
   * at commit), so what `fn` counts and what it writes cannot interleave with another request
   * for the same workspace: on Postgres across connections and replicas, on PGlite (one
   * connection) because its transactions run one at a time.
   */
  run<T>(workspaceId: string, fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` once the current locked transaction has committed (at once outside of one). */
  afterCommit(fn: () => void): void;
}

/**
 * Seats (issue #25): twenty invitations sent at once to a two-seat workspace each counted the
 * seats before any of them was stored, and all were stored. The organization plugin counts and
 * inserts in separate statements and offers no transaction around them, so the whole request
 * runs in ours: better-auth's adapter is given `db`, which follows the request into the
 * transaction (an AsyncLocalStorage scope), and the lock makes the next request for the same
 * workspace wait until this one's invitation or member row is committed.
 */
export function createWorkspaceLocks(handle: AuthDb): WorkspaceLocks {
  const scopes = new AsyncLocalStorage<Scope>();
  const current = () => {
    const scope = scopes.getStore();
    return scope?.open ? scope : undefined;
  };
  const db = new Proxy(handle.db, {
    get(target, prop) {
      const source = current()?.tx ?? target;
      const value: unknown = Reflect.get(source, prop, source);
      return typeof value === "function" ? value.bind(source) : value;
    },
  });
  return {
    db: { ...handle, db },
    async run(workspaceId, fn) {
      const open = current();
      if (open) {
        // One lock per request: a second workspace would mean two locks taken in any order.
        if (open.workspaceId === workspaceId) return fn();
        throw new Error("a request may lock one workspace only");
      }
      const scope: Scope = { workspaceId, tx: handle.db, open: false, afterCommit: [] };
      const result = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parley:workspace:${workspaceId}`}))`);
        scope.tx = tx as unknown as Database;
        scope.open = true;
        try {
          return await scopes.run(scope, fn);
        } finally {
          scope.open = false;
        }
      });
      for (const hook of scope.afterCommit) hook();
      return result;
    },
    afterCommit(fn) {
      const scope = current();
      if (scope) scope.afterCommit.push(fn);
      else fn();
    },
  };
}
