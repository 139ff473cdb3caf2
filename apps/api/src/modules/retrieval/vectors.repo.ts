import type { Database } from "@parley/db";
import { and, eq, ne } from "drizzle-orm";
import { knowledgeChunkVectors } from "../../db/schema";

export type NewChunkVector = typeof knowledgeChunkVectors.$inferInsert;

/**
 * `knowledge_chunk_vectors`, the semantic index: one float32 vector per chunk and embeddings
 * model, deleted with its chunk (cascade). Written only here.
 */
export function createVectorsRepo(db: Database) {
  return {
    /** The dimensions of the bot's stored vectors of this model, if it has any. */
    async storedDims(chatbotId: string, model: string): Promise<number | undefined> {
      const [row] = await db
        .select({ dims: knowledgeChunkVectors.dims })
        .from(knowledgeChunkVectors)
        .where(and(eq(knowledgeChunkVectors.chatbotId, chatbotId), eq(knowledgeChunkVectors.model, model)))
        .limit(1);
      return row?.dims;
    },

    /** A chunk that already has a vector of the model keeps it (a re-run of the job). */
    async insert(rows: NewChunkVector[]) {
      if (rows.length === 0) return;
      await db.insert(knowledgeChunkVectors).values(rows).onConflictDoNothing();
    },

    /** Drops the bot's vectors of every model but `keep` (all of them when it has none). */
    async deleteAllBut(chatbotId: string, keep: string | null) {
      await db
        .delete(knowledgeChunkVectors)
        .where(
          keep
            ? and(eq(knowledgeChunkVectors.chatbotId, chatbotId), ne(knowledgeChunkVectors.model, keep))
            : eq(knowledgeChunkVectors.chatbotId, chatbotId),
        );
    },
  };
}
