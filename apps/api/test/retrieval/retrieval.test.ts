import { rowsOf } from "@parley/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeSources } from "../../src/db/schema";
import { createRetrieval, termLookupStatement } from "../../src/modules/retrieval/retrieval";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";

const OWNER = "auth_retrieval_owner";
const OTHER = "auth_retrieval_other";

/** Background passages full of common support words, so rarity matters. */
const filler = Array.from(
  { length: 12 },
  (_, i) =>
    `## Order help ${i + 1}\n\nYou can order online and change your order before delivery. Order support answers every order question about delivery and your account. Delivery of an order is tracked in your account.`,
).join("\n\n");

const SOURCES = [
  { title: "Ordering", content: filler },
  {
    title: "Returns",
    content:
      "## Refunds\n\nRefunds go back to the original card within five working days. It can take longer for bank transfers.\n\n## Exchanges\n\nExchanges are free in any of our stores within 30 days.",
  },
  {
    title: "Shipping",
    content:
      "Shipping inside Bahrain costs 2 BHD and is free above 20 BHD. Parcels leave our Sitra warehouse every morning.",
  },
  {
    title: "Rentals",
    content:
      "The family tent sleeps six people and rents for 12 BHD a day. A deposit of 30 BHD is returned when the tent comes back dry.",
  },
  {
    title: "Care",
    content:
      "To keep a wooden paddle from cracking, wipe it dry and store it away from the sun, then oil the blade with linseed oil.",
  },
];

describe.each(testDrivers())("retrieval ranking on %s", (driver) => {
  let t: TestApp;
  let botId = "";
  let otherBot = "";
  const ids: Record<string, string> = {};

  /** The bot's stored statistics and the same figures counted from its chunks, side by side. */
  async function statsOf(bot: string) {
    const stored = rowsOf<{ term: string; df: number }>(
      await t.db.db.execute(
        sql`select term, df from knowledge_terms where chatbot_id = ${bot} order by term`,
      ),
    );
    const counted = rowsOf<{ term: string; df: number }>(
      await t.db.db.execute(sql`
        select t.term, count(*)::int as df
        from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as t(term)
        where c.chatbot_id = ${bot} group by t.term order by t.term`),
    );
    const totals = rowsOf<{ chunks: number; total_length: number | string }>(
      await t.db.db.execute(
        sql`select chunks, total_length from knowledge_bot_stats where chatbot_id = ${bot}`,
      ),
    );
    const real = rowsOf<{ chunks: number; total_length: number | string }>(
      await t.db.db.execute(sql`
        select count(*)::int as chunks, coalesce(sum(length(tsv)), 0)::bigint as total_length
        from knowledge_chunks where chatbot_id = ${bot}`),
    );
    const norm = (r: { chunks: number; total_length: number | string } | undefined) => ({
      chunks: Number(r?.chunks ?? 0),
      length: Number(r?.total_length ?? 0),
    });
    return {
      stored: stored.map((r) => [r.term, Number(r.df)]),
      counted: counted.map((r) => [r.term, Number(r.df)]),
      totals: norm(totals[0]),
      real: norm(real[0]),
    };
  }

  const titles = async (bot: string, q: string) =>
    (await t.app.services.retrieval.search(bot, q)).map((p) => p.title);

  beforeAll(async () => {
    t = await createTestApp(driver);
    await setPlan(t, OWNER, "business-monthly");
    await setPlan(t, OTHER, "business-monthly");
    botId = (await t.app.services.chatbots.create(OWNER, { name: "Outdoor shop" }))._id;
    otherBot = (await t.app.services.chatbots.create(OTHER, { name: "Other shop" }))._id;
    for (const s of SOURCES)
      ids[s.title] = (await t.app.services.knowledge.add(OWNER, botId, { kind: "text", ...s }))._id;
    // Another owner's bot that talks about paddles and refunds too: never seen from the first.
    await t.app.services.knowledge.add(OTHER, otherBot, {
      kind: "text",
      title: "Secret",
      content: "# Secret\n\nPaddle refunds are handled by the PINEAPPLE desk. Refunds refunds refunds.",
    });
    await t.app.services.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps every word of a long question, including a distinctive last one", async () => {
    // Ten lexemes; "paddl" sorts after the first eight alphabetically and would have been dropped.
    const q =
      "Can you tell me about account delivery order change online support tracked question and how to keep my paddle?";
    expect((await titles(botId, q))[0]).toBe("Care");
  });

  it("ranks the passage with one rare word above ones with several common words", async () => {
    const found = await titles(botId, "order delivery account warehouse");
    expect(found[0]).toBe("Shipping");
    expect(found.length).toBeGreaterThan(1);
  });

  it("boosts a passage whose heading holds the question's words", async () => {
    expect((await titles(botId, "exchanges"))[0]).toBe("Returns › Exchanges");
  });

  it("still finds the passage when a distinctive word is misspelt", async () => {
    expect((await titles(botId, "how long does a refnd take?"))[0]).toBe("Returns › Refunds");
    expect((await titles(botId, "shiping inside bahrain"))[0]).toBe("Shipping");
    const { terms } = await t.app.services.retrieval.retrieve(botId, "refnd");
    expect(terms).toEqual([expect.objectContaining({ term: "refnd", matched: "refund" })]);
  });

  it("does not take an unknown word for a shorter known one, nor flood results with it", async () => {
    expect(await titles(botId, "peru")).toEqual([]);
    expect(await titles(botId, "xylophonist quartet")).toEqual([]);
  });

  it("stays within one chatbot: another bot's words neither match nor count", async () => {
    const passages = await t.app.services.retrieval.search(botId, "PINEAPPLE desk paddle refunds");
    expect(passages.map((p) => p.body).join(" ")).not.toContain("PINEAPPLE");
    expect(await titles(otherBot, "family tent deposit")).toEqual([]);
    const { terms } = await t.app.services.retrieval.retrieve(botId, "refunds");
    expect(terms[0]?.df).toBe(1);
  });

  /** A retrieval on the real database whose statements are counted. */
  function countedRetrieval() {
    const count = { statements: 0 };
    const counted = new Proxy(t.db.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "execute" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          count.statements++;
          return value.apply(target, args);
        };
      },
    });
    return { retrieval: createRetrieval(counted), count };
  }

  it("analyses a sentence once: the same lexemes again without a statement, new ones in one", async () => {
    const { retrieval, count } = countedRetrieval();
    const tent = "The family tent sleeps six people and rents for 12 BHD a day.";
    const paddle = "Oil the blade of the paddles with linseed oil.";
    const first = await retrieval.sentenceTerms([tent, paddle, tent]);
    expect(count.statements).toBe(1);
    expect(first[0]).toEqual(expect.arrayContaining(["tent", "sleep", "rent"]));
    expect(first[1]).toEqual(expect.arrayContaining(["paddl", "blade", "linse"]));
    expect(first[2]).toEqual(first[0]);
    // Asked again (another answer quoting the same passage): the same lexemes, no statement.
    expect(await retrieval.sentenceTerms([paddle, tent])).toEqual([first[1], first[0]]);
    expect(count.statements).toBe(1);
    // One sentence new among known ones: one statement, each answer in its place.
    const refunds = "Refunds go back to the original card within five working days.";
    const mixed = await retrieval.sentenceTerms([tent, refunds, "", paddle]);
    expect(count.statements).toBe(2);
    expect(mixed[0]).toEqual(first[0]);
    expect(mixed[1]).toEqual(expect.arrayContaining(["refund", "card", "work"]));
    expect(mixed[2]).toEqual([]);
    expect(mixed[3]).toEqual(first[1]);
    // What another retrieval (a process that kept nothing) gets from Postgres is the same.
    expect(await countedRetrieval().retrieval.sentenceTerms([tent, refunds, "", paddle])).toEqual(mixed);
    expect(await retrieval.sentenceTerms([])).toEqual([]);
    expect(count.statements).toBe(2);
  });

  it("shares one ranking among identical searches in flight, and sees a change made after", async () => {
    const first = countedRetrieval();
    const alone = await first.retrieval.search(botId, "How long do refunds take?");
    const perSearch = first.count.statements;
    expect(perSearch).toBeGreaterThan(0);
    // Twenty at once on a replica that has not ranked this question yet: one search's statements.
    const { retrieval, count } = countedRetrieval();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => retrieval.search(botId, "How long do refunds take?")),
    );
    expect(count.statements).toBe(perSearch);
    for (const passages of burst) expect(passages).toEqual(alone);
    expect(new Set(burst).size).toBe(20);
    // A search after a change sees it: a ranking is reused only at the knowledge version it was made at.
    const added = await t.app.services.knowledge.add(OWNER, botId, {
      kind: "text",
      title: "Refund desk",
      content: "# Refund desk\n\nHow long do refunds take? Refunds take three days at the refund desk.",
    });
    await t.app.services.jobs.drain();
    expect((await retrieval.search(botId, "How long do refunds take?"))[0]?.title).toBe(
      "Refund desk › Refund desk",
    );
    await t.app.services.knowledge.remove(OWNER, botId, added._id);
  });

  it("looks up the words of different questions and bots asked at once in one statement, each in its own bot", async () => {
    const { retrieval, count } = countedRetrieval();
    const [mine, theirs, other] = await Promise.all([
      retrieval.retrieve(botId, "PINEAPPLE desk"),
      retrieval.retrieve(otherBot, "PINEAPPLE desk"),
      retrieval.retrieve(botId, "family tent deposit"),
    ]);
    // The first bot has never seen the other bot's word; the other bot has, once.
    expect(mine.terms.find((x) => x.term === "pineappl")?.df ?? 0).toBe(0);
    expect(mine.passages.map((p) => p.body).join(" ")).not.toContain("PINEAPPLE");
    expect(theirs.terms.find((x) => x.term === "pineappl")?.df).toBe(1);
    expect(theirs.passages.map((p) => p.title)).toEqual(["Secret › Secret"]);
    expect(other.passages.length).toBeGreaterThan(0);
    // One term lookup for the three searches instead of one each; the rankings stay their own.
    let separately = 0;
    for (const [bot, q] of [
      [botId, "PINEAPPLE desk"],
      [otherBot, "PINEAPPLE desk"],
      [botId, "family tent deposit"],
    ] as const) {
      const alone = countedRetrieval();
      await alone.retrieval.retrieve(bot, q);
      separately += alone.count.statements;
    }
    expect(count.statements).toBe(separately - 2);
  });

  it("finds a question's words through the index, however many words the bots know", async () => {
    // Twenty thousand words of another bot, counted by the planner: reading them all for one
    // question was what the planner chose when it took a lookup for a hundred (7.6 ms a question).
    await t.db.db.execute(
      sql`insert into knowledge_terms (chatbot_id, term, df) select ${otherBot}, 'filler' || g, 1 from generate_series(1, 20000) g`,
    );
    try {
      await t.db.db.execute(sql`analyze knowledge_terms`);
      const plan = async (lookups: { chatbotId: string; question: string }[]) =>
        rowsOf<Record<string, string>>(await t.db.db.execute(sql`explain ${termLookupStatement(lookups)}`))
          .map((r) => Object.values(r)[0])
          .join("\n");
      for (const lookups of [
        [{ chatbotId: botId, question: "How long do refunds take to reach my card?" }],
        [
          { chatbotId: botId, question: "family tent deposit" },
          { chatbotId: otherBot, question: "PINEAPPLE desk refunds" },
        ],
      ]) {
        const text = await plan(lookups);
        expect(text).toContain("Index Scan using knowledge_terms_chatbot_id_term_pk");
        expect(text).not.toMatch(/Seq Scan on knowledge_terms/);
      }
      // The same statement still answers: each word with its count in its own bot.
      const rows = rowsOf<{ i: number; term: string; df: number }>(
        await t.db.db.execute(
          termLookupStatement([
            { chatbotId: botId, question: "family tent" },
            { chatbotId: otherBot, question: "filler7 tent" },
          ]),
        ),
      ).map((r) => [Number(r.i), r.term, Number(r.df) > 0]);
      expect(rows).toEqual(
        expect.arrayContaining([
          [0, "famili", true],
          [0, "tent", true],
          [1, "filler7", true],
          [1, "tent", false],
        ]),
      );
      expect(rows).toHaveLength(4);
      // A hostile question is data, not SQL.
      const hostile = await t.db.db.execute(
        termLookupStatement([
          { chatbotId: "x' or '1'='1", question: "') limit 0; drop table knowledge_terms; --" },
        ]),
      );
      expect(rowsOf<{ df: number }>(hostile).every((r) => Number(r.df) === 0)).toBe(true);
    } finally {
      await t.db.db.execute(
        sql`delete from knowledge_terms where chatbot_id = ${otherBot} and term like 'filler%'`,
      );
    }
  });

  it("reuses a ranking while the bot's knowledge stands, and never once its chunks changed", async () => {
    const { retrieval, count } = countedRetrieval();
    const locker = await t.app.services.knowledge.add(OWNER, botId, {
      kind: "text",
      title: "Locker",
      content: "# Locker\n\nThe staff locker code is ALPHA.",
    });
    await t.app.services.jobs.drain();
    const bodies = async () => (await retrieval.search(botId, "staff locker code")).map((p) => p.body);
    expect((await bodies())[0]).toContain("ALPHA");
    const ranking = count.statements;
    expect(ranking).toBeGreaterThan(1);
    // Asked again: only the term statistics are read (they carry the version); the ranking is reused.
    count.statements = 0;
    expect((await bodies())[0]).toContain("ALPHA");
    expect(count.statements).toBe(1);
    // The text changes to words of the very same length (same chunk count and total length):
    // the next search ranks afresh and finds the new words, on this replica and any other.
    await t.db.db
      .update(knowledgeSources)
      .set({ content: "# Locker\n\nThe staff locker code is BRAVO." })
      .where(eq(knowledgeSources.id, locker._id));
    await t.app.services.knowledge.resync(OWNER, botId, locker._id);
    await t.app.services.jobs.drain();
    count.statements = 0;
    const fresh = await bodies();
    expect(fresh[0]).toContain("BRAVO");
    expect(fresh.join(" ")).not.toContain("ALPHA");
    expect(count.statements).toBeGreaterThan(1);
    // Deleted: the reused ranking is gone with it.
    await t.app.services.knowledge.remove(OWNER, botId, locker._id);
    expect((await bodies()).join(" ")).not.toContain("locker code");
  });

  it("ranks identically on every driver", async () => {
    expect(await titles(botId, "deposit for the family tent")).toEqual(["Rentals"]);
    expect(await titles(botId, "refund to my card for an order")).toEqual([
      "Returns › Refunds",
      ...Array.from({ length: 5 }, (_, i) => `Ordering › Order help ${i + 1}`),
    ]);
  });

  it("handles hostile questions: quotes, backslashes, tsquery syntax, NUL bytes, oversize", async () => {
    for (const q of ["it's \\ 'quoted' & | ! <-> :*", "paddle\u0000oil", "tent ".repeat(2000), "!!!", ""]) {
      await expect(t.app.services.retrieval.search(botId, q)).resolves.toBeInstanceOf(Array);
    }
    expect((await titles(botId, "paddle\u0000oil"))[0]).toBe("Care");
  });

  it("keeps the term statistics exact through ingestion, re-sync, an edit and deletion", async () => {
    let s = await statsOf(botId);
    expect(s.stored).toEqual(s.counted);
    expect(s.totals).toEqual(s.real);
    expect(s.totals.chunks).toBeGreaterThan(SOURCES.length);

    await t.app.services.knowledge.resync(OWNER, botId, ids.Rentals ?? "");
    await t.app.services.jobs.drain();
    expect(await statsOf(botId)).toEqual(s);

    // The source's text changes (as a website's pages do between crawls), then it is re-synced.
    await t.db.db
      .update(knowledgeSources)
      .set({ content: "Kayaks rent for 8 BHD an hour, life jackets included." })
      .where(eq(knowledgeSources.id, ids.Rentals ?? ""));
    await t.app.services.knowledge.resync(OWNER, botId, ids.Rentals ?? "");
    await t.app.services.jobs.drain();
    s = await statsOf(botId);
    expect(s.stored).toEqual(s.counted);
    expect(s.totals).toEqual(s.real);
    expect(s.stored.find(([term]) => term === "kayak")).toEqual(["kayak", 1]);
    expect(s.stored.find(([term]) => term === "tent")).toBeUndefined();
    expect(await titles(botId, "family tent")).toEqual([]);

    await t.app.services.knowledge.remove(OWNER, botId, ids.Care ?? "");
    s = await statsOf(botId);
    expect(s.stored).toEqual(s.counted);
    expect(s.totals).toEqual(s.real);
    expect(s.stored.find(([term]) => term === "paddl")).toBeUndefined();

    // The other bot's figures never moved.
    const other = await statsOf(otherBot);
    expect(other.stored).toEqual(other.counted);
    expect(other.totals).toEqual(other.real);

    // Deleting the bot takes its statistics with it.
    await t.app.services.chatbots.remove(OWNER, botId);
    const gone = await statsOf(botId);
    expect(gone.stored).toEqual([]);
    expect(gone.totals).toEqual({ chunks: 0, length: 0 });
  });

  it("refuses another owner's source deletion and leaves the statistics untouched", async () => {
    const before = await statsOf(otherBot);
    const [src] = await t.app.services.knowledge.list(OTHER, otherBot);
    await expect(t.app.services.knowledge.remove(OWNER, otherBot, src?._id ?? "")).rejects.toThrow();
    expect(await statsOf(otherBot)).toEqual(before);
  });
});
