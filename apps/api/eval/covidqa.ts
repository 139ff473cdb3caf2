/**
 * COVID-QA (deepset, Apache-2.0): 98 whole scientific articles (2.9k–67k characters) with 1,380
 * expert questions, read at run time from `../shared/data/covidqa.jsonl` beside the repository
 * (see that folder's README) and never copied into it. It stands in for the long PDFs businesses
 * upload, and nobody here wrote or read its questions while building the engine.
 *
 * The split is by document, fixed once: documents are ordered by the SHA-256 of their id and the
 * first half is `dev` (constants are fitted and thresholds chosen on it), the second half `test`
 * (only reported). A question never crosses halves with its article.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface DocQuestion {
  q: string;
  /** The gold answer span (every COVID-QA question has one). */
  gold: string;
  /** The id of the article that holds the answer. */
  doc: string;
}

export interface EvalDocument {
  id: string;
  title: string;
  content: string;
  /** Where a document is several sources (ARCD: an article's paragraphs), their texts. */
  parts?: string[];
}

export interface DocSet {
  documents: EvalDocument[];
  questions: DocQuestion[];
}

/** The data file: COVIDQA_PATH, else `../shared/data/covidqa.jsonl` beside the repository. */
export function covidqaPath(): string {
  if (process.env.COVIDQA_PATH) return process.env.COVIDQA_PATH;
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
  return resolve(repo, "../shared/data/covidqa.jsonl");
}

export const covidqaAvailable = () => existsSync(covidqaPath());

interface Line {
  id: string;
  title: string;
  context: string;
  qas: { question: string; answers: { text: string }[]; is_impossible: boolean }[];
}

/** The split of a document id: the first half of ids ordered by SHA-256 is dev, the rest test. */
export function splitByDocument(ids: string[]): { dev: Set<string>; test: Set<string> } {
  const key = (id: string) => createHash("sha256").update(id).digest("hex");
  const ordered = [...new Set(ids)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const half = Math.ceil(ordered.length / 2);
  return { dev: new Set(ordered.slice(0, half)), test: new Set(ordered.slice(half)) };
}

/** One half of COVID-QA: its articles as documents and their questions. */
export function loadCovidQa(half: "dev" | "test", path = covidqaPath()): DocSet {
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  const chosen = splitByDocument(lines.map((l) => l.id))[half];
  const documents: EvalDocument[] = [];
  const questions: DocQuestion[] = [];
  for (const line of lines) {
    if (!chosen.has(line.id)) continue;
    documents.push({ id: line.id, title: line.title.slice(0, 200), content: line.context });
    for (const qa of line.qas) {
      const gold = qa.answers[0]?.text.trim();
      if (qa.is_impossible || !gold) continue;
      questions.push({ q: qa.question.trim(), gold, doc: line.id });
    }
  }
  return { documents, questions };
}
