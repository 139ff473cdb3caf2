/**
 * SQuAD 2.0 (Rajpurkar, Jia and Liang 2018; CC BY-SA 4.0, English Wikipedia text): the first ten
 * articles of its training set, read at run time from `../shared/data/squad2_train10.jsonl` beside
 * the repository (SQUAD_PATH to move it; see that folder's README) and never copied into it.
 * Many short paragraphs of one article side by side (New York City has 148), so the right
 * paragraph must be told from its neighbours on the same subject, and SQuAD 2.0's own
 * unanswerable questions, written to look answerable from the same paragraph.
 *
 * The split is by article, fixed once like the other sets': articles ordered by the SHA-256 of
 * their id (`squad2train-NN`, the paragraph id without its paragraph number), first half dev. It
 * happens to put one of the two articles with unanswerable questions in each half (Spectre in
 * dev, Twilight Princess in test). Each paragraph is a text source titled with its article, and
 * one bot holds the whole half.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalQuestion, EvalSource } from "./business";
import { splitByDocument } from "./covidqa";

/** The data file: SQUAD_PATH, else `../shared/data/squad2_train10.jsonl` beside the repository. */
export function squadPath(): string {
  if (process.env.SQUAD_PATH) return process.env.SQUAD_PATH;
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
  return resolve(repo, "../shared/data/squad2_train10.jsonl");
}

export const squadAvailable = () => existsSync(squadPath());

interface SquadParagraph {
  id: string;
  title: string;
  context: string;
  qas: { id: string; question: string; answers: { text: string }[]; is_impossible: boolean }[];
}

/** The article id of a paragraph id: `squad2train-07-123` → `squad2train-07`. */
export const articleOf = (paragraphId: string) => paragraphId.replace(/-\d+$/, "");

/** One half of the set: its paragraphs as sources and their questions (gold: the first answer). */
export function loadSquad(half: "dev" | "test", path = squadPath()) {
  const paragraphs = readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SquadParagraph);
  const chosen = splitByDocument(paragraphs.map((p) => articleOf(p.id)))[half];
  const sources: EvalSource[] = [];
  const questions: EvalQuestion[] = [];
  const articles = new Set<string>();
  for (const p of paragraphs) {
    if (!chosen.has(articleOf(p.id))) continue;
    articles.add(p.title);
    sources.push({ title: p.title, content: p.context });
    for (const qa of p.qas) {
      const gold = qa.answers[0]?.text.trim();
      questions.push({
        q: qa.question.trim(),
        source: qa.is_impossible || !gold ? null : p.title,
        gold: qa.is_impossible || !gold ? null : gold,
      });
    }
  }
  return { articles: [...articles], sources, questions };
}
