import { describe, expect, it } from "vitest";
import { QUESTIONS, SOURCES } from "../../eval/business";
import { covidqaAvailable, loadCovidQa, splitByDocument } from "../../eval/covidqa";
import { arcdSet, businessHalf, covidQaSet, foldedSet, squadSet } from "../../eval/sets";
import { loadSquad, squadAvailable } from "../../eval/squad";

// The eval's split by document is fixed once: these pin it, so a change of the split (which would
// let tuning see test questions) fails here first.
describe("the eval's dev/test split", () => {
  it("splits by document, deterministically, whatever the order the ids come in", () => {
    const ids = Array.from({ length: 11 }, (_, i) => `doc-${i}`);
    const a = splitByDocument(ids);
    const b = splitByDocument([...ids].reverse());
    expect([...a.dev].sort()).toEqual([...b.dev].sort());
    expect(a.dev.size).toBe(6);
    expect(a.test.size).toBe(5);
    expect([...a.dev].filter((id) => a.test.has(id))).toEqual([]);
    expect(new Set([...a.dev, ...a.test])).toEqual(new Set(ids));
  });

  it.skipIf(!covidqaAvailable())("COVID-QA: 49 articles each side, no article on both", () => {
    const dev = loadCovidQa("dev");
    const test = loadCovidQa("test");
    expect(dev.documents).toHaveLength(49);
    expect(test.documents).toHaveLength(49);
    expect(dev.questions).toHaveLength(659);
    expect(test.questions).toHaveLength(721);
    const devIds = new Set(dev.documents.map((d) => d.id));
    expect(test.documents.filter((d) => devIds.has(d.id))).toEqual([]);
    expect(test.questions.every((q) => !devIds.has(q.doc))).toBe(true);
    // Pinned: the first article of each half as the file orders them.
    expect(dev.documents[0]?.id).toBe("covidqa-630");
    expect(test.documents[0]?.id).toMatch(/^covidqa-\d+$/);
  });

  it.skipIf(!covidqaAvailable())(
    "asks each question of a bot holding its article, and of one holding every other but that",
    () => {
      const set = covidQaSet("test");
      if (!set) throw new Error("no COVID-QA");
      const answerable = set.asks.filter((a) => a.gold !== null);
      const unanswerable = set.asks.filter((a) => a.gold === null);
      expect(answerable).toHaveLength(721);
      expect(unanswerable).toHaveLength(721);
      for (const [i, ask] of set.asks.entries()) {
        const held = set.bots[ask.bot]?.sources.map((s) => s.title) ?? [];
        const title = (ask.gold !== null ? ask : set.asks[i - 1])?.source;
        expect(held.includes(title ?? "?"), ask.q).toBe(ask.gold !== null);
      }
      // Every bot holds three quarters of the half's articles.
      for (const bot of set.bots) expect(bot.sources.length).toBeGreaterThanOrEqual(36);
    },
  );

  it("folds: no bot misses a document it is asked to answer from", () => {
    const set = foldedSet("covid", "t", {
      documents: Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, title: `T${i}`, content: `text ${i}` })),
      questions: Array.from({ length: 6 }, (_, i) => ({ q: `q${i}`, gold: `text ${i}`, doc: `d${i}` })),
    });
    for (const ask of set.asks) {
      const titles = set.bots[ask.bot]?.sources.map((s) => s.title);
      const doc = `T${ask.q.slice(1)}`;
      expect(titles?.includes(doc)).toBe(ask.gold !== null);
    }
  });

  it("the business set: a source's questions all fall in one half, every question in exactly one", () => {
    const dev = businessHalf(QUESTIONS, SOURCES, "dev");
    const test = businessHalf(QUESTIONS, SOURCES, "test");
    expect(dev.length + test.length).toBe(QUESTIONS.length);
    const devSources = new Set(dev.flatMap((q) => (q.source ? [q.source] : [])));
    expect(test.filter((q) => q.source && devSources.has(q.source))).toEqual([]);
    expect(test.filter((q) => q.source === null).length).toBeGreaterThan(20);
  });

  it.skipIf(!squadAvailable())(
    "SQuAD 2.0: by article, five each side, each half with one article of unanswerable questions",
    () => {
      const dev = loadSquad("dev");
      const test = loadSquad("test");
      expect([...dev.articles].sort()).toEqual([
        "2008 Sichuan earthquake",
        "Beyoncé",
        "Frédéric Chopin",
        "New York City",
        "Spectre (2015 film)",
      ]);
      expect(test.articles.filter((a) => dev.articles.includes(a))).toEqual([]);
      expect(dev.sources).toHaveLength(416);
      expect(test.sources).toHaveLength(278);
      expect(dev.questions.filter((q) => q.gold !== null)).toHaveLength(3062);
      expect(dev.questions.filter((q) => q.gold === null)).toHaveLength(188);
      expect(test.questions.filter((q) => q.gold !== null)).toHaveLength(1309);
      expect(test.questions.filter((q) => q.gold === null)).toHaveLength(160);
      // One bot holds the half: the right paragraph is told from its neighbours.
      expect(squadSet("test")?.bots).toHaveLength(1);
    },
  );

  it("ARCD keeps its own split, an article's paragraphs together", () => {
    const set = arcdSet("test");
    if (!set) return;
    expect(set.asks.filter((a) => a.gold !== null)).toHaveLength(702);
  });
});
