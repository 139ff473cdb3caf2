import type { Database } from "@parley/db";
import { type SQL, sql } from "drizzle-orm";

/** A database or an open transaction: anything that can run a statement. */
type Executor = Pick<Database, "execute">;

/** Number and total length of the chunks matching `where`, and of the Arabic ones among them. */
const sums = (where: SQL) => sql`
  select count(*)::int as n, coalesce(sum(length(tsv)), 0)::bigint as len,
         (count(*) filter (where lang = 'ar'))::int as ar_n,
         coalesce(sum(length(tsv)) filter (where lang = 'ar'), 0)::bigint as ar_len
  from knowledge_chunks where ${where}`;

/**
 * BM25 statistics per chatbot (`knowledge_terms`: in how many chunks each lexeme occurs;
 * `knowledge_bot_stats`: number of chunks and their total length). Whoever writes a source's
 * chunks calls these in the same transaction, so the figures stay exact: `lockBot` first (it
 * serialises writers of one bot, so two sources syncing at once never lose an update), then
 * `subtractSource` before the source's chunks go and `addSource` after the new ones are in.
 */
export const termStats = {
  async lockBot(tx: Executor, chatbotId: string) {
    // The upsert locks the bot's row until the transaction ends, and moves its version on: every
    // writer of the bot's chunks comes through here, so rankings cached for the old version
    // (retrieval.ts) are never used again once the new chunks are visible.
    await tx.execute(sql`
      insert into knowledge_bot_stats (chatbot_id) values (${chatbotId})
      on conflict (chatbot_id) do update set version = knowledge_bot_stats.version + 1`);
  },

  /** Takes the source's current chunks out of the bot's statistics (before they are deleted). */
  async subtractSource(tx: Executor, chatbotId: string, sourceId: string) {
    await tx.execute(sql`
      update knowledge_terms k set df = k.df - old.n
      from (select t.term, count(*)::int as n
            from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as t(term)
            where c.source_id = ${sourceId}
            group by t.term) old
      where k.chatbot_id = ${chatbotId} and k.term = old.term`);
    await tx.execute(sql`delete from knowledge_terms where chatbot_id = ${chatbotId} and df <= 0`);
    await tx.execute(sql`
      update knowledge_bot_stats s
      set chunks = s.chunks - old.n, total_length = s.total_length - old.len,
          ar_chunks = s.ar_chunks - old.ar_n, ar_total_length = s.ar_total_length - old.ar_len
      from (${sums(sql`source_id = ${sourceId}`)}) old
      where s.chatbot_id = ${chatbotId}`);
  },

  /** Adds the source's chunks (just inserted) to the bot's statistics, in one batch upsert. */
  async addSource(tx: Executor, chatbotId: string, sourceId: string) {
    await tx.execute(sql`
      insert into knowledge_terms (chatbot_id, term, df)
      select ${chatbotId}, t.term, count(*)::int
      from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as t(term)
      where c.source_id = ${sourceId}
      group by t.term
      order by t.term
      on conflict (chatbot_id, term) do update set df = knowledge_terms.df + excluded.df`);
    await tx.execute(sql`
      update knowledge_bot_stats s
      set chunks = s.chunks + new.n, total_length = s.total_length + new.len,
          ar_chunks = s.ar_chunks + new.ar_n, ar_total_length = s.ar_total_length + new.ar_len
      from (${sums(sql`source_id = ${sourceId}`)}) new
      where s.chatbot_id = ${chatbotId}`);
  },

  /** Recomputes one bot's statistics from its chunks (for chunks written outside ingestion, e.g. the bench). */
  async rebuildBot(tx: Executor, chatbotId: string) {
    await termStats.lockBot(tx, chatbotId);
    await tx.execute(sql`delete from knowledge_terms where chatbot_id = ${chatbotId}`);
    await tx.execute(sql`
      insert into knowledge_terms (chatbot_id, term, df)
      select ${chatbotId}, t.term, count(*)::int
      from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as t(term)
      where c.chatbot_id = ${chatbotId}
      group by t.term`);
    await tx.execute(sql`
      update knowledge_bot_stats s
      set chunks = a.n, total_length = a.len, ar_chunks = a.ar_n, ar_total_length = a.ar_len
      from (${sums(sql`chatbot_id = ${chatbotId}`)}) a
      where s.chatbot_id = ${chatbotId}`);
  },
};
