import type { Database } from "@parley/db";
import { PLAN_EACH_RUN, rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { createBatcher, jsonRows } from "../../lib/batch";
import { analyseForSearch, arabicSynonyms, detectLanguage, type Language, stripInvisible } from "./arabic";
import { parseHits, RANKING, type RankingParams, type ScoredTerm, scoreCandidate } from "./ranking";
import type { SemanticIndex } from "./semantic";

export interface Passage {
  chunkId: number;
  sourceId: string;
  sourceTitle: string;
  sourceKind: "text" | "qa" | "file" | "website";
  kind: "passage" | "qa";
  title: string;
  body: string;
  url: string | null;
  /** BM25 score with the title and proximity boosts (higher is better; not bounded). */
  rank: number;
  /** Q&A only: the stored and the asked question share at least half their words (Jaccard ≥ 0.5 on lexemes). */
  qaMatch: boolean;
  /** The chunk's detected language. */
  lang: Language;
}

/** One word of the question as retrieval saw it. */
export interface QueryTerm {
  /** The question's lexeme. */
  term: string;
  /** The bot's lexeme it was matched as: itself, or the known word a misspelling was taken for. */
  matched: string | null;
  /** Chunks of the bot holding `matched` (0: the bot never saw this word). */
  df: number;
  /** Inverse document frequency (BM25); for an unknown word, that of a word found in one chunk. */
  idf: number;
}

export interface Retrieved {
  passages: Passage[];
  terms: QueryTerm[];
  /** The question's detected language (its words were analysed as such). */
  lang: Language;
}

/** Words of the question that count (the rarest ones when a question has more). */
const MAX_TERMS = 32;
/** Candidates from full-text retrieval fused with the semantic ones. */
const CANDIDATES = 30;
/** Rankings kept for reuse (retrieval.ts `ranked`): a few MB at most, and nothing older than this. */
const RANKED_MAX = 500;
const RANKED_TTL_MS = 10 * 60_000;
/**
 * Chunks fetched per word set: a word in more chunks than this (in a big knowledge base) is too
 * common to list every chunk holding it; the rarer words find the candidates instead.
 */
const SELECTIVE_DF = 120;
/** Typo repair: how many words at most (how alike they must be: `RankingParams.typoSimilarity`). */
const MAX_TYPO_FIXES = 2;
/** Semantic retrieval (when the bot has an embeddings endpoint): nearest chunks fused, and the fusion constant. */
const SEMANTIC_CANDIDATES = 30;
const RRF_K = 60;
/** How many sentences' lexemes a process keeps (a few MB at most). */
const SENTENCE_TERMS_KEPT = 20_000;

/** A question's words in a bot's term statistics (see `termsOf`). */
interface TermLookup {
  terms: { term: string; df: number }[];
  chunks: number;
  avgLength: number;
  /** The Arabic chunks among them and their average length. */
  arChunks: number;
  arAvgLength: number;
  /** The bot's knowledge version the statistics were read at. */
  version: string;
}

interface PassageRow {
  id: number | string;
  source_id: string;
  source_title: string;
  source_kind: Passage["sourceKind"];
  kind: Passage["kind"];
  title: string;
  body: string;
  url: string | null;
  rank: number | string;
  qa_match: boolean;
  lang: Language;
}

/**
 * A chunk `c` of source `s` as a passage (without its rank); `q` is the analysed question, for Q&A
 * matching (against the analysed stored question).
 */
function passageColumns(q: string) {
  return sql`c.id, c.source_id, s.title as source_title, s.kind as source_kind, c.kind, c.title, c.body, c.url, c.lang,
             (c.kind = 'qa' and (
               select count(*) filter (where x = any(asked.l))::float / nullif(cardinality(asked.l) + count(*) - count(*) filter (where x = any(asked.l)), 0)
               from unnest(tsvector_to_array(to_tsvector('english', coalesce(c.search_title, c.title)))) as x,
                    (select tsvector_to_array(to_tsvector('english', ${q})) as l) asked
               group by asked.l
             ) >= 0.5) as qa_match`;
}

const toPassage = (r: PassageRow): Passage => ({
  chunkId: Number(r.id),
  sourceId: r.source_id,
  sourceTitle: r.source_title,
  sourceKind: r.source_kind,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  rank: Number(r.rank),
  qaMatch: Boolean(r.qa_match),
  lang: r.lang === "ar" ? "ar" : "en",
});

/** A lexeme as a tsquery operand (quotes and backslashes escaped). */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * The chunks worth scoring: those holding any of the rarer question words (rarest first, while
 * together they occur in at most `SELECTIVE_DF` chunks), those holding every word, and — when the
 * rarer words are in fewer than `k` chunks — some holding the common ones. Each part is bounded,
 * so a question of common words costs the same on 10,000 chunks as on 100. With a small
 * knowledge base every word is selective and every matching chunk is a candidate.
 */
function candidateQuery(
  chatbotId: string,
  terms: { tsq: string; df: number; idf: number }[],
  k: number,
  avgLength: number,
  /** Only chunks of this language (a bot with knowledge in several), or all. */
  scope: Language | null,
  { k1, b }: RankingParams,
) {
  // BM25 of the question words a chunk holds (each counted once: passages are short).
  const held = sql.join(
    terms.map((t) => sql`(case when tsv @@ ${t.tsq}::tsquery then ${t.idf}::float8 else 0 end)`),
    sql` + `,
  );
  const pre = sql`(${held}) * ${k1 + 1}::float8 / (1 + ${k1}::float8 * (${1 - b}::float8 + ${b / avgLength}::float8 * length(tsv)))`;
  const byRarity = [...terms].sort((a, b) => a.df - b.df);
  const selective: typeof terms = [];
  let total = 0;
  for (const t of byRarity) {
    if (selective.length > 0 && total + t.df > SELECTIVE_DF) break;
    selective.push(t);
    total += t.df;
  }
  const rest = byRarity.slice(selective.length);
  const or = (ts: typeof terms) => ts.map((t) => t.tsq).join(" | ");
  const part = (match: string, limit: number) =>
    sql`(select id, ${pre} as pre from knowledge_chunks where chatbot_id = ${chatbotId} and tsv @@ ${match}::tsquery${scope ? sql` and lang = ${scope}` : sql``} limit ${limit}::int)`;
  const parts = [part(or(selective), SELECTIVE_DF)];
  if (rest.length > 0) {
    parts.push(part(terms.map((t) => t.tsq).join(" & "), SELECTIVE_DF));
    // The rarer words alone cannot fill the answer list: add chunks holding the common ones.
    if (Math.max(...selective.map((t) => t.df)) < k) parts.push(part(or(rest), k * 4));
  }
  return sql.join(parts, sql` union `);
}

/**
 * The question words of each lookup (a bot and a question) with their document frequency in the
 * bot's knowledge, and the bot's statistics and knowledge version: one statement for a batch.
 *
 * The lookups' count is written into the statement as a limit, which is the planner's estimate of
 * their rows, so each word is found through the index. Without it the planner took a hundred
 * lookups of ten words each and read every bot's words for one question (7.6 ms a question on
 * 12,665 words, 0.13 ms with the index: the eval's ARCD test half on Postgres, 2026-12-02).
 */
export function termLookupStatement(lookups: { chatbotId: string; question: string }[]) {
  const count = sql.raw(String(Math.max(1, Math.trunc(lookups.length))));
  return sql`
      select x.i, q.lexeme as term, coalesce(t.df, 0)::int as df,
             coalesce(s.chunks, 0)::int as chunks, coalesce(s.total_length, 0)::float8 as total_length,
             coalesce(s.ar_chunks, 0)::int as ar_chunks, coalesce(s.ar_total_length, 0)::float8 as ar_total_length,
             coalesce(s.version, 0)::text as version
      from (select * from jsonb_to_recordset(${jsonRows(lookups.map((l, i) => ({ i, chatbotId: l.chatbotId, question: l.question })))}::jsonb)
              as x(i int, "chatbotId" text, question text) limit ${count}) x
      cross join lateral unnest(to_tsvector('english', x.question)) as q(lexeme, positions, weights)
      left join knowledge_terms t on t.chatbot_id = x."chatbotId" and t.term = q.lexeme
      left join knowledge_bot_stats s on s.chatbot_id = x."chatbotId"`;
}

/**
 * Full-text retrieval for one chatbot, always filtered by chatbot — never across bots — and
 * identical on PGlite and Postgres (the weights are computed here and sent as numbers; the
 * database only adds and multiplies them).
 *
 * Every word of the question counts (deduplicated lexemes; stop words dropped by the text-search
 * configuration). Chunks holding them are found through the GIN index (see `candidateQuery`) and
 * ranked by BM25 with the rarity (IDF) of each word from the bot's term statistics, first without
 * term frequency in SQL (what the index can tell), then the best `RankingParams.candidates` in full
 * here (ranking.ts: term frequency, the heading as a field, a boost for words in the heading path
 * and for question words that sit within three words of another). A word the bot has never seen is looked up among
 * the bot's own words by trigram similarity ("refnd" → refund), for at most two words.
 *
 * When the bot has an embeddings endpoint (and vectors), the chunks nearest to the question in
 * meaning (`semantic.ts`) are fused with the full-text ranking by reciprocal rank fusion, so a
 * paraphrase sharing no word with its passage still finds it. Without one, nothing changes.
 *
 * Languages: the question and every chunk are analysed alike (`arabic.ts`: Arabic words
 * normalised and light-stemmed here, the rest by Postgres's `english` configuration). A bot with
 * knowledge in both English and Arabic answers a question from the chunks of the question's own
 * language, with word rarity counted among them; a bot with knowledge in one language only is
 * searched whole, whatever the question's language.
 */
export function createRetrieval(db: Database, semantic?: SemanticIndex, ranking: RankingParams = RANKING) {
  /** Sentences' lexemes as Postgres analysed them (see `sentenceTerms`), oldest analysis first out. */
  const sentenceTermsKept = new Map<string, string[]>();
  /**
   * The question's words with their document frequency in the bot's knowledge, and the bot's
   * statistics and knowledge version. Lookups made at the same moment (a burst of visitors) share
   * one statement.
   */
  const termsOf = (chatbotId: string, question: string) => lookupTerms({ chatbotId, question });
  const lookupTerms = createBatcher<{ chatbotId: string; question: string }, TermLookup>(async (lookups) => {
    const result = await db.execute(termLookupStatement(lookups));
    const rows = rowsOf<{
      i: number;
      term: string;
      df: number;
      chunks: number;
      total_length: number;
      ar_chunks: number;
      ar_total_length: number;
      version: string;
    }>(result);
    const byLookup = lookups.map(() => [] as typeof rows);
    for (const row of rows) byLookup[Number(row.i)]?.push(row);
    return byLookup.map((own) => {
      const chunks = Number(own[0]?.chunks ?? 0);
      const version = own[0]?.version ?? "0";
      const avgLength = chunks > 0 ? Number(own[0]?.total_length ?? 0) / chunks : 1;
      const arChunks = Number(own[0]?.ar_chunks ?? 0);
      const arAvgLength = arChunks > 0 ? Number(own[0]?.ar_total_length ?? 0) / arChunks : 1;
      const terms = own
        .map((r) => ({ term: r.term, df: Number(r.df) }))
        // The rarest words when there are too many; unknown words (df 0) are kept for typo repair.
        .sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1))
        .slice(0, MAX_TERMS);
      return { terms, chunks, avgLength, arChunks, arAvgLength, version };
    });
  });

  /**
   * Known words of the bot that an unknown one was probably meant as (one each). A short word is
   * only taken for one at least as long ("peru" is not a typo of "per").
   */
  async function repairTypos(
    chatbotId: string,
    unknown: string[],
  ): Promise<Map<string, { term: string; df: number }>> {
    const fixes = new Map<string, { term: string; df: number }>();
    const words = unknown
      .filter((w) => w.length >= 4 && /^([a-z]+|[\u0621-\u064A]+)$/.test(w))
      .slice(0, MAX_TYPO_FIXES);
    for (const word of words) {
      const arabic = /^[\u0621-\u064A]+$/.test(word);
      // An Arabic stem is short: a letter more or less at most.
      const shortest = arabic ? word.length - 1 : word.length <= 4 ? word.length : word.length - 2;
      const result = await db.execute(sql`
        select term, df from knowledge_terms
        where chatbot_id = ${chatbotId}
          and length(term) between ${shortest}::int and ${word.length + (arabic ? 1 : 2)}::int
          and similarity(term, ${word}) >= ${ranking.typoSimilarity}::float4
        order by similarity(term, ${word}) desc, df desc, term
        limit 1`);
      const best = rowsOf<{ term: string; df: number }>(result)[0];
      if (best) fixes.set(word, { term: best.term, df: Number(best.df) });
    }
    return fixes;
  }

  /**
   * For Arabic words the bot never saw, a word of the same meaning that it knows (arabicSynonyms:
   * ايميل for a page that says البريد الإلكتروني), the rarest of them: one statement for them all.
   */
  async function knownSynonyms(
    chatbotId: string,
    unknown: string[],
  ): Promise<Map<string, { term: string; df: number }>> {
    const wanted = new Map<string, string[]>();
    for (const w of unknown) {
      const same = arabicSynonyms(w);
      if (same.length > 0) wanted.set(w, same);
    }
    const all = [...new Set([...wanted.values()].flat())];
    if (all.length === 0) return new Map();
    const result = await db.execute(sql`
      select term, df from knowledge_terms
      where chatbot_id = ${chatbotId} and term in (${sql.join(
        all.map((t) => sql`${t}`),
        sql`, `,
      )})`);
    const df = new Map(rowsOf<{ term: string; df: number }>(result).map((r) => [r.term, Number(r.df)]));
    const found = new Map<string, { term: string; df: number }>();
    for (const [word, stems] of wanted) {
      const known = stems
        .filter((t) => (df.get(t) ?? 0) > 0)
        .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1));
      if (known[0]) found.set(word, { term: known[0], df: df.get(known[0]) ?? 0 });
    }
    return found;
  }

  /** Full-text retrieval (BM25 with boosts) of the `k` best chunks for an already normalised question. */
  /**
   * Identical searches of one bot that arrive while one is running share its result (a burst of
   * visitors asking the same popular question costs one ranking, not one each). Nothing is kept
   * once the search ends, so no answer is ever older than a search that was already under way.
   */
  const inFlight = new Map<string, Promise<Ranked>>();
  function lexical(chatbotId: string, q: string, lang: Language, k: number): Promise<Ranked> {
    const key = `${chatbotId}\u0000${k}\u0000${lang}\u0000${q}`;
    let running = inFlight.get(key);
    if (!running) {
      running = rankLexical(chatbotId, q, lang, k).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    // Each caller gets its own arrays (the passages themselves are never mutated).
    return running.then((r) => ({ ...r, passages: [...r.passages], terms: [...r.terms] }));
  }

  /**
   * Rankings already computed, by bot, question and the version of the bot's knowledge they were
   * computed at (read in the same statement as the term statistics, so a ranking is reused only
   * while the chunks it ranked are exactly those in the database, on every replica). A popular
   * question costs one cheap statement instead of a ranking. Least recently used entries go first.
   */
  const ranked = new Map<string, { at: number; value: Ranked }>();
  function remember(key: string, value: Ranked) {
    ranked.delete(key);
    ranked.set(key, { at: Date.now(), value });
    for (const oldest of ranked.keys()) {
      if (ranked.size <= RANKED_MAX) break;
      ranked.delete(oldest);
    }
    return value;
  }

  async function rankLexical(chatbotId: string, q: string, lang: Language, k: number): Promise<Ranked> {
    const stats = await termsOf(chatbotId, q);
    const { terms: raw, version } = stats;
    // A bot with knowledge in both languages: the question's language only (and its statistics).
    const other = lang === "ar" ? stats.chunks - stats.arChunks : stats.arChunks;
    const own = lang === "ar" ? stats.arChunks : stats.chunks - stats.arChunks;
    const scope = own > 0 && other > 0 ? lang : null;
    const chunks = scope === null ? stats.chunks : own;
    const avgLength =
      scope === null
        ? stats.avgLength
        : scope === "ar"
          ? stats.arAvgLength
          : (stats.avgLength * stats.chunks - stats.arAvgLength * stats.arChunks) / own;
    if (raw.length === 0 || chunks === 0) return { passages: [], terms: [], lang, scope };
    const key = `${chatbotId}\u0000${k}\u0000${version}\u0000${lang}\u0000${q}`;
    const hit = ranked.get(key);
    if (hit && Date.now() - hit.at < RANKED_TTL_MS) {
      ranked.delete(key);
      ranked.set(key, hit);
      return hit.value;
    }
    return remember(key, {
      ...(await rankAt(chatbotId, q, k, raw, chunks, avgLength, scope)),
      lang,
      scope,
    });
  }

  /** Passages from which a bot's search is planned at every run rather than prepared. */
  const PLAN_EACH_RUN_FROM = 1_000;

  async function rankAt(
    chatbotId: string,
    q: string,
    k: number,
    raw: TermLookup["terms"],
    chunks: number,
    avgLength: number,
    scope: Language | null,
  ): Promise<Omit<Retrieved, "lang">> {
    const unknown = raw.filter((t) => t.df === 0).map((t) => t.term);
    const synonyms = unknown.length ? await knownSynonyms(chatbotId, unknown) : new Map();
    const rest = unknown.filter((w) => !synonyms.has(w));
    const fixes = new Map([...synonyms, ...(rest.length ? await repairTypos(chatbotId, rest) : [])]);
    const terms: QueryTerm[] = raw.map((t) => {
      const fix = t.df === 0 ? fixes.get(t.term) : undefined;
      const matched = fix ? fix.term : t.df > 0 ? t.term : null;
      const df = fix ? fix.df : t.df;
      return { term: t.term, matched, df, idf: idfOf(chunks, Math.max(df, 1)) };
    });
    // One weight per bot word searched (a repaired word can coincide with one asked correctly).
    const weights = new Map<string, ScoredTerm>();
    for (const t of terms) {
      if (!t.matched) continue;
      const repaired = t.matched !== t.term && (weights.get(t.matched)?.repaired ?? true);
      weights.set(t.matched, { term: t.matched, idf: t.idf, df: t.df, repaired });
    }
    if (weights.size === 0) return { passages: [], terms };
    const scored = [...weights.values()];
    const q2 = scored.map((w) => ({
      ...w,
      idf: w.repaired ? w.idf * ranking.typoWeight : w.idf,
      tsq: quote(w.term),
    }));
    const candidates = candidateQuery(chatbotId, q2, k, avgLength, scope, ranking);
    // The best candidates by BM25 without term frequency (what the index can tell), each with the question's words it holds (their
    // positions and fields), scored in full here (ranking.ts).
    const found = rowsOf<{ id: number | string; len: number | string; lang: string; hits: string | null }>(
      // A large bot's search is planned for its words at every run (see PLAN_EACH_RUN): a generic
      // plan reads all its passages. A small bot's is prepared (its plan costs more than its reading).
      await db.execute(sql`${sql.raw(chunks >= PLAN_EACH_RUN_FROM ? PLAN_EACH_RUN : "")}
        with top as (select id, pre from (${candidates}) m order by pre desc, id limit ${ranking.candidates}::int)
        select c.id, length(c.tsv) as len, c.lang,
               (select json_agg(json_build_array(u.lexeme, u.positions, u.weights))::text
                from unnest(c.tsv) u
                where u.lexeme in (${sql.join(
                  scored.map((w) => sql`${w.term}`),
                  sql`, `,
                )})) as hits
        from top join knowledge_chunks c on c.id = top.id`),
    );
    const best = found
      .map((r) => {
        const c = {
          id: Number(r.id),
          length: Number(r.len),
          arabic: r.lang === "ar",
          hits: parseHits(r.hits),
        };
        return { id: c.id, score: scoreCandidate(c, scored, avgLength, ranking) };
      })
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, k);
    if (best.length === 0) return { passages: [], terms };
    const score = new Map(best.map((b) => [b.id, b.score]));
    const passages = (await byIds(chatbotId, [...score.keys()], q))
      .map((p) => ({ ...p, rank: score.get(p.chunkId) ?? 0 }))
      .sort((a, b) => b.rank - a.rank || a.chunkId - b.chunkId);
    return { passages, terms };
  }

  /** The bot's chunks of these ids (semantic hits), in no particular order; rank 0. */
  async function byIds(chatbotId: string, ids: number[], q: string): Promise<Passage[]> {
    if (ids.length === 0) return [];
    const result = await db.execute(sql`
      select ${passageColumns(q)}, 0::float8 as rank
      from knowledge_chunks c
      join knowledge_sources s on s.id = c.source_id
      where c.chatbot_id = ${chatbotId} and c.id in (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`);
    return rowsOf<PassageRow>(result).map(toPassage);
  }

  async function retrieve(chatbotId: string, question: string, k = 6): Promise<Retrieved> {
    const asked = stripInvisible(question.slice(0, 500).replaceAll("\u0000", " "));
    const lang = detectLanguage(asked);
    // "How long", "how much", "what time" ask for a kind of answer; "long", "much", "time" are not
    // the subject. Arabic words are normalised and stemmed as the chunks' were.
    const q = analyseForSearch(
      asked.replace(/\bhow (long|much|many|often|soon|far)\b/gi, "how").replace(/\bwhat time\b/gi, "when"),
    );
    const config = semantic ? await semantic.configFor(chatbotId) : null;
    if (!semantic || !config) {
      const { scope: _, ...found } = await lexical(chatbotId, q, lang, k);
      return found;
    }
    // Both rankings at once (the question's embedding is a network call), then reciprocal rank
    // fusion: each list gives a chunk 1 / (60 + its rank there), the sums decide.
    const [lex, hits] = await Promise.all([
      lexical(chatbotId, q, lang, CANDIDATES),
      semantic.search(
        chatbotId,
        question.slice(0, 500).replaceAll("\u0000", " "),
        SEMANTIC_CANDIDATES,
        config,
      ),
    ]);
    if (!hits || hits.length === 0) return { passages: lex.passages.slice(0, k), terms: lex.terms, lang };
    const fused = new Map<number, number>();
    for (const [i, p] of lex.passages.entries()) fused.set(p.chunkId, 1 / (RRF_K + i + 1));
    for (const [i, h] of hits.entries())
      fused.set(h.chunkId, (fused.get(h.chunkId) ?? 0) + 1 / (RRF_K + i + 1));
    const sorted = [...fused].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
    const known = new Map(lex.passages.map((p) => [p.chunkId, p]));
    // With knowledge in both languages, a semantic hit in the other language is not an answer.
    const wanted = lex.scope ? sorted : sorted.slice(0, k);
    for (const p of await byIds(
      chatbotId,
      wanted.filter((id) => !known.has(id)),
      q,
    ))
      known.set(p.chunkId, p);
    return {
      passages: wanted
        .map((id) => known.get(id))
        .filter((p): p is Passage => Boolean(p) && (!lex.scope || p?.lang === lex.scope))
        .slice(0, k),
      terms: lex.terms,
      lang,
    };
  }

  return {
    retrieve,
    async search(chatbotId: string, question: string, k = 6): Promise<Passage[]> {
      return (await retrieve(chatbotId, question, k)).passages;
    },

    /**
     * The lexemes of each sentence, with the same analysis as the chunks. Postgres's analysis of a
     * text never changes, and answers quote the same passages again and again, so each sentence's
     * lexemes are kept here (the `SENTENCE_TERMS_KEPT` analysed last): a question whose candidate
     * sentences were all analysed before costs no statement.
     */
    async sentenceTerms(sentences: string[]): Promise<string[][]> {
      const analysed = sentences.map(analyseForSearch);
      const out = analysed.map((s) => sentenceTermsKept.get(s));
      const missing = [...new Set(analysed.filter((_, i) => !out[i]))];
      if (missing.length) {
        const result = await db.execute(sql`
          select ord::int as ord, tsvector_to_array(to_tsvector('english', s)) as terms
          from jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb) with ordinality as t(s, ord)`);
        const found = new Map<string, string[]>(missing.map((s) => [s, []]));
        for (const r of rowsOf<{ ord: number; terms: string[] | string }>(result))
          found.set(missing[r.ord - 1] as string, Array.isArray(r.terms) ? r.terms : parsePgArray(r.terms));
        for (const [s, terms] of found) {
          if (sentenceTermsKept.size >= SENTENCE_TERMS_KEPT)
            sentenceTermsKept.delete(sentenceTermsKept.keys().next().value as string);
          sentenceTermsKept.set(s, terms);
        }
        for (let i = 0; i < out.length; i++) out[i] ??= found.get(analysed[i] as string);
      }
      return out.map((terms) => terms ?? []);
    },
  };
}
export type Retrieval = ReturnType<typeof createRetrieval>;

/** A lexical ranking and the language its chunks were restricted to (null: all of the bot's). */
type Ranked = Retrieved & { scope: Language | null };

/** A text[] as text (a driver that does not parse arrays): {a,"b c"} → ["a", "b c"]. */
function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? ""),
  );
}
