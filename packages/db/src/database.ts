import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** The drizzle database both drivers produce; services depend on this, never on a driver. */
export type Database<TSchema extends Record<string, unknown> = Record<string, unknown>> = PgDatabase<
  PgQueryResultHKT,
  TSchema
>;
