/**
 * ARCD (Arabic Reading Comprehension Dataset, Mozannar et al. 2019; MIT licence, Arabic Wikipedia
 * text under CC BY-SA), read at run time from `../shared/data/arcd.jsonl` next to the repository
 * (see that folder's README) and never copied into it. One paragraph per line: lines 1–231 are the
 * dataset's train split (thresholds are tuned on it), lines 232–465 its test split (reported).
 * Each paragraph is ingested as a text source titled with its article; every question has one
 * answer span, none is unanswerable.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalQuestion, EvalSource } from "./business";

const TRAIN_LINES = 231;

/** The data file: ARCD_PATH, else `../shared/data/arcd.jsonl` beside the repository. */
export function arcdPath(): string {
  if (process.env.ARCD_PATH) return process.env.ARCD_PATH;
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
  return resolve(repo, "../shared/data/arcd.jsonl");
}

export function arcdAvailable(): boolean {
  return existsSync(arcdPath());
}

interface ArcdParagraph {
  id: string;
  title: string;
  context: string;
  qas: { id: string; question: string; answers: { text: string }[]; is_impossible: boolean }[];
}

/** One split of ARCD as eval sources (a paragraph each) and questions (gold: the answer span). */
export function loadArcd(split: "train" | "test"): { sources: EvalSource[]; questions: EvalQuestion[] } {
  const lines = readFileSync(arcdPath(), "utf8").split("\n").filter(Boolean);
  const chosen = split === "train" ? lines.slice(0, TRAIN_LINES) : lines.slice(TRAIN_LINES);
  const sources: EvalSource[] = [];
  const questions: EvalQuestion[] = [];
  for (const line of chosen) {
    const p = JSON.parse(line) as ArcdParagraph;
    sources.push({ title: p.title, content: p.context });
    for (const qa of p.qas) {
      const gold = qa.answers[0]?.text;
      questions.push({
        q: qa.question.trim(),
        source: p.title,
        gold: qa.is_impossible || !gold ? null : gold,
      });
    }
  }
  return { sources, questions };
}
