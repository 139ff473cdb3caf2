import type { Database } from "@parley/db";
import { eq } from "drizzle-orm";
import { knowledgeFiles } from "../../db/schema";

/**
 * Where uploaded files' bytes live, apart from the source rows (which are listed, polled and
 * exported often and must stay small). One small interface so another store (object storage)
 * can replace it.
 *
 * The default is a table beside `knowledge_sources` rather than files under DATA_DIR: replicas
 * share the database but not a disk, so any replica's ingestion job can read the bytes; the
 * bytes are written in the same transaction as their source and deleted with it (cascade), so
 * there are no orphans or missing files after a crash; and backups stay one database dump.
 */
export interface FileStore {
  put(db: Pick<Database, "insert">, sourceId: string, data: Buffer): Promise<void>;
  get(sourceId: string): Promise<Buffer | null>;
}

export function createTableFileStore(db: Database): FileStore {
  return {
    async put(tx, sourceId, data) {
      await tx
        .insert(knowledgeFiles)
        .values({ sourceId, data })
        .onConflictDoUpdate({ target: knowledgeFiles.sourceId, set: { data } });
    },
    async get(sourceId) {
      const [row] = await db
        .select({ data: knowledgeFiles.data })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.sourceId, sourceId));
      return row?.data ?? null;
    },
  };
}
