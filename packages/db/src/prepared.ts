import { createHash } from "node:crypto";
import type pg from "pg";

/** Statements named at most: each costs every connection that runs it a cached plan. */
const MAX_NAMED = 400;
/** Texts counted at most before the count starts again (one-off statements come and go). */
const MAX_COUNTED = 5_000;
/** A text is named once it was seen this often (a statement run once is not worth preparing). */
const NAME_AFTER = 2;

/**
 * A statement whose text holds this comment is never prepared: Postgres plans it for its values at
 * every run. For a statement whose best plan depends on them: a prepared statement's plan becomes
 * generic after five runs, and a full-text search's generic plan read every passage of the bot
 * through its id index, where the values' plan reads the few the words' index gives (retrieval on
 * Postgres: 12.5 ms a search on 10,000 passages, against 1-2 ms).
 */
export const PLAN_EACH_RUN = "/* plan each run */";

type QueryConfig = { text: string; name?: string; values?: unknown[] };
type Callback = (err: Error | null, result?: unknown) => void;

/**
 * Names for the statements a service runs again and again (issue #31). node-postgres prepares a
 * named statement once per connection and then sends only its parameters: Postgres parses (and,
 * once its plan is cached, plans) it once per connection instead of at every run. Under load that
 * was half of the server's time per statement. The name is a digest of the text, so one name
 * never stands for two texts. Only statements with parameters are named (a text without them may
 * hold several statements, which a prepared statement cannot); texts run once are not; and at most
 * `MAX_NAMED`, so statements whose text varies (a list of n values) cannot fill the server's
 * memory.
 */
export function namingStatements(pgModule: typeof pg): typeof pg.Client {
  const seen = new Map<string, number>();
  const named = new Map<string, string>();
  /** Texts whose prepared form failed on the server once: never named again (see below). */
  const refused = new Set<string>();

  const nameFor = (text: string): string | undefined => {
    const known = named.get(text);
    if (known || refused.has(text)) return known;
    if (named.size >= MAX_NAMED) return undefined;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < NAME_AFTER) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `s_${createHash("sha1").update(text).digest("base64url")}`;
    named.set(text, name);
    return name;
  };

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has many overloads.
  type Query = (this: pg.Client, config: any, values?: any, callback?: any) => any;
  const query = pgModule.Client.prototype.query as Query;

  return class NamingClient extends pgModule.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has many overloads.
    override query(config: any, values?: any, callback?: any): any {
      const params = Array.isArray(values) ? values : (config as QueryConfig | undefined)?.values;
      const text = typeof config === "object" && config !== null ? (config as QueryConfig).text : undefined;
      if (
        typeof text !== "string" ||
        (config as QueryConfig).name ||
        !params?.length ||
        text.includes(PLAN_EACH_RUN)
      )
        return query.call(this, config, values, callback);
      const name = nameFor(text);
      if (!name) return query.call(this, config, values, callback);
      const withName = { ...(config as QueryConfig), name };
      // A prepared statement whose result columns a migration changed fails on this connection
      // ("cached plan must not change result type"): that text runs unnamed from then on.
      const unprepared = (err: Error & { code?: string }) => {
        if (err.code !== "0A000") return false;
        refused.add(text);
        named.delete(text);
        return true;
      };
      const args = Array.isArray(values) ? values : undefined;
      const cb: Callback | undefined = typeof values === "function" ? values : callback;
      if (cb)
        return query.call(this, withName, args, (err: Error | null, res: unknown) => {
          if (err && unprepared(err)) return void query.call(this, config, args, cb);
          cb(err, res);
        });
      return (query.call(this, withName, args) as Promise<unknown>).catch((err: Error) => {
        if (unprepared(err)) return query.call(this, config, args);
        throw err;
      });
    }
  };
}
