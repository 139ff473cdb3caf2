/**
 * Fits the built-in engine's confidence model (src/modules/chat/confidence.ts) on the dev halves
 * only: `pnpm tsx apps/api/eval/fit-confidence.ts [--write]`.
 *
 * 1. Asks every dev question (sets.ts) and keeps the evidence behind each chosen answer.
 * 2. Fits a logistic regression (L2, plain gradient descent on the features in [0, 1]): does the
 *    bot's knowledge answer this question? Each set weighs the same in total, so the small
 *    business sets count as much as the big document sets, and within a set the answerable and
 *    the unanswerable questions weigh the same.
 * 3. Shifts the intercept so that 5 % false abstention on the pooled dev questions falls at a
 *    confidence of 50 % (the default threshold), then chooses the thresholds of the three
 *    caution settings as the confidence at which the pooled dev questions see 2 %, 5 % and 10 %
 *    false abstention,.
 * With --write, replaces the constants in confidence.ts (the model) and in the contracts (the
 * thresholds, which the web app shows too); otherwise prints them.
 * EVAL_RECORDS=<file> caches the dev records (delete it after changing the engine).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { EVIDENCE_FEATURES, evidenceVector } from "../src/modules/chat/confidence";
import { collectRecords, type QuestionRecord } from "./records";
import { allSets } from "./sets";

type Named = { name: string; records: QuestionRecord[] };

async function devRecords(): Promise<Named[]> {
  const cache = process.env.EVAL_RECORDS;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8")) as Named[];
  const out: Named[] = [];
  for (const set of allSets("dev")) {
    const started = performance.now();
    out.push({ name: set.name, records: await collectRecords(set.bots, set.asks) });
    console.error(
      `${set.name}: ${set.asks.length} questions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  if (cache) writeFileSync(cache, JSON.stringify(out));
  return out;
}

interface Sample {
  x: number[];
  y: number;
  w: number;
}

/** Samples with a chosen answer, weighted so that each set and each class within it weighs the same. */
export function samplesOf(sets: Named[]): Sample[] {
  const out: Sample[] = [];
  for (const set of sets) {
    // A sentence of the wrong kind is never said (the engine's gate): nothing to learn from it.
    const withChoice = set.records.filter((r) => r.evidence !== null && r.evidence.kindFits === 1);
    const pos = withChoice.filter((r) => r.gold !== null).length;
    const neg = withChoice.length - pos;
    for (const r of withChoice) {
      const y = r.gold !== null ? 1 : 0;
      const n = y ? pos : neg;
      if (!n || !r.evidence) continue;
      out.push({ x: evidenceVector(r.evidence), y, w: 1 / (2 * n * sets.length) });
    }
  }
  return out;
}

/** Weighted logistic regression with an L2 penalty, by full-batch gradient descent. */
export function fitLogistic(samples: Sample[], l2 = 1e-3, steps = 6000, rate = 2) {
  const d = samples[0]?.x.length ?? 0;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let step = 0; step < steps; step++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    let total = 0;
    for (const s of samples) {
      let z = b;
      for (let i = 0; i < d; i++) z += (w[i] ?? 0) * (s.x[i] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - s.y) * s.w;
      for (let i = 0; i < d; i++) gw[i] = (gw[i] ?? 0) + g * (s.x[i] ?? 0);
      gb += g;
      total += s.w;
    }
    for (let i = 0; i < d; i++) w[i] = (w[i] ?? 0) - rate * ((gw[i] ?? 0) / total + l2 * (w[i] ?? 0));
    b -= rate * (gb / total);
  }
  return { weights: w, intercept: b };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

async function main() {
  const sets = await devRecords();
  const model = fitLogistic(samplesOf(sets));
  const conf = (r: QuestionRecord) => {
    if (!r.evidence) return r.confidence ?? 0;
    const x = evidenceVector(r.evidence);
    return sigmoid(model.intercept + model.weights.reduce((s, w, i) => s + w * (x[i] ?? 0), 0));
  };
  const says = (r: QuestionRecord, t: number) =>
    r.candidate !== null && r.evidence?.kindFits !== 0 && conf(r) >= t;
  // Pooled dev answerable questions, each set weighing the same: the false abstention at t.
  const falseAbstention = (t: number) =>
    sets.reduce((sum, set) => {
      const ans = set.records.filter((r) => r.gold !== null);
      return sum + ans.filter((r) => !says(r, t)).length / ans.length / sets.length;
    }, 0);
  const abstention = (t: number) =>
    sets.reduce((sum, set) => {
      const un = set.records.filter((r) => r.gold === null);
      return un.length ? sum + un.filter((r) => !says(r, t)).length / un.length : sum;
    }, 0) / sets.filter((s) => s.records.some((r) => r.gold === null)).length;
  const thresholdFor = (target: number) => {
    let best = 0;
    for (let t = 0; t <= 1; t += 0.005) if (falseAbstention(t) <= target) best = t;
    return Number(best.toFixed(3));
  };
  // The intercept is then shifted so that the balanced threshold reads 50 %: what the Playground
  // shows means "answers by default from 50 %", the same order of answers at every threshold.
  const raw = thresholdFor(0.05);
  model.intercept -= Math.log(raw / (1 - raw));
  const thresholds = {
    answer_more: thresholdFor(0.02),
    balanced: thresholdFor(0.05),
    cautious: thresholdFor(0.1),
  };
  console.log("features:", EVIDENCE_FEATURES.join(", "));
  console.log(
    "weights:",
    model.weights.map((w) => w.toFixed(3)).join(", "),
    "intercept:",
    model.intercept.toFixed(3),
  );
  for (const [name, t] of Object.entries(thresholds))
    console.log(
      `${name.padEnd(12)} threshold ${t.toFixed(3)}: dev false abstention ${(falseAbstention(t) * 100).toFixed(1)} %, abstention ${(abstention(t) * 100).toFixed(1)} %`,
    );
  for (const set of sets) {
    const t = thresholds.balanced;
    const ans = set.records.filter((r) => r.gold !== null);
    const un = set.records.filter((r) => r.gold === null);
    console.log(
      `  ${set.name}: false abstention ${((ans.filter((r) => !says(r, t)).length / ans.length) * 100).toFixed(1)} %, abstention ${un.length ? ((un.filter((r) => !says(r, t)).length / un.length) * 100).toFixed(1) : "—"} %`,
    );
  }
  if (process.argv.includes("--write")) {
    const file = resolve(dirname(fileURLToPath(import.meta.url)), "../src/modules/chat/confidence.ts");
    const round = (x: number) => Number(x.toFixed(3));
    let src = readFileSync(file, "utf8");
    src = src.replace(
      /export const CONFIDENCE_MODEL = \{[^}]*\};/,
      `export const CONFIDENCE_MODEL = {\n  weights: [${model.weights.map(round).join(", ")}],\n  intercept: ${round(model.intercept)},\n};`,
    );
    writeFileSync(file, src);
    const contracts = resolve(
      dirname(fileURLToPath(import.meta.url)),
      "../../../packages/contracts/src/chatbots/chatbot.ts",
    );
    const c = readFileSync(contracts, "utf8").replace(
      /export const CAUTION_THRESHOLDS: Record<AnswerCaution, number> = \{[^}]*\};/,
      `export const CAUTION_THRESHOLDS: Record<AnswerCaution, number> = {\n  answer_more: ${thresholds.answer_more},\n  balanced: ${thresholds.balanced},\n  cautious: ${thresholds.cautious},\n};`,
    );
    writeFileSync(contracts, c);
    console.log(`wrote ${file} and ${contracts}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
