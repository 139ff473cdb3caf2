import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "./errors";

/**
 * Keyset page cursors (`<tag>|<timestamp>|<id>`, base64url): the page's last row's sort key and id,
 * so the next page continues exactly after it (no row skipped or repeated while rows keep their
 * keys). Timestamps are carried at the database's full precision (microseconds), so one written
 * with SQL's now() compares exactly. The cursor is client-held text: only a well-formed one, of
 * the list it was made for (its tag), reaches a query.
 */
const STAMP = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A UTC timestamp as a cursor carries it, and one that exists (no 31 February, no 24:00). */
export const isStamp = (at: string) => {
  if (!STAMP.test(at)) return false;
  const date = new Date(at);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === at.slice(0, 19);
};

/** A well-formed row id as a cursor carries it. */
export const isCursorId = (id: string | undefined): id is string =>
  Boolean(id) && (id as string).length <= 200 && !(id as string).includes("\u0000");

/** A timestamp column as text at full precision (UTC), for a cursor. */
export const stampOf = (col: SQL | PgColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodePageCursor = (tag: string, at: string, id: string) =>
  Buffer.from(`${tag}|${at}|${id}`).toString("base64url");

/** The cursor's key, or BAD_REQUEST "Invalid page cursor" for anything else (another list's too). */
export function decodePageCursor(tag: string, cursor: string): { at: string; id: string } {
  const [got, at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (got !== tag || rest.length > 0 || !at || !isStamp(at) || !isCursorId(id))
    throw AppError.of("BAD_REQUEST", "general.invalidPageCursor");
  return { at, id };
}
