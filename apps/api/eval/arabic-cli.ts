// The Arabic half of `pnpm eval`: ARCD (read from ../shared/data/arcd.jsonl at run time) and the
// Arabic business set, through real ingestion, retrieval and the built-in engine on PGlite, each
// figure beside the MiniSearch BM25 baseline on the same passages (MiniSearch's own tokeniser,
// no Arabic analysis of ours). Goals (issue 21): hit@1 on ARCD test ≥ baseline + 5 points, false
// abstention ≤ 5 %.
import { AR_SOURCES, arSplit } from "./arabic-business";
import { arcdAvailable, arcdPath, loadArcd } from "./arcd";
import { type EvalFigures, runEval } from "./run-eval";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export const ARABIC_GOALS = { hit1OverBaseline: 0.05, falseAbstention: 0.05 };

function table(title: string, f: EvalFigures, goals: boolean): boolean {
  const rows: [string, string, string, string, boolean | null][] = [
    [
      "hit@1 (gold passage first)",
      pct(f.hit1),
      pct(f.baselineHit1),
      goals ? `≥ baseline + 5 pts (${pct(f.baselineHit1 + ARABIC_GOALS.hit1OverBaseline)})` : "—",
      goals ? f.hit1 >= f.baselineHit1 + ARABIC_GOALS.hit1OverBaseline : null,
    ],
    ["hit@3", pct(f.hit3), pct(f.baselineHit3), "—", null],
    ["answer contains gold", pct(f.containsGold), pct(f.baselineContainsGold), "—", null],
    ["median answer length", `${f.medianLength} chars`, `${f.baselineMedianLength} chars`, "—", null],
    ["citation precision", pct(f.citationPrecision), "—", "—", null],
    [
      "abstention (unanswerable)",
      f.unanswerable ? pct(f.abstention) : "—",
      f.unanswerable ? pct(f.baselineAbstention) : "—",
      "—",
      null,
    ],
    [
      "false abstention (answerable)",
      pct(f.falseAbstention),
      pct(f.baselineFalseAbstention),
      "≤ 5 %",
      f.falseAbstention <= ARABIC_GOALS.falseAbstention,
    ],
  ];
  console.log(`\n${title}: ${f.answerable} answerable + ${f.unanswerable} unanswerable questions\n`);
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${"".padEnd(w)}  ${"Parley".padStart(11)}  ${"MiniSearch".padStart(11)}`);
  for (const [name, ours, base, goal, ok] of rows)
    console.log(
      `${name.padEnd(w)}  ${ours.padStart(11)}  ${base.padStart(11)}   goal ${goal.padEnd(28)} ${ok === null ? "" : ok ? "ok" : "MISSED"}`,
    );
  if (process.env.EVAL_MISSES)
    for (const m of f.misses) console.log(`\n[${m.kind}] ${m.q}\n  → ${m.answer.slice(0, 200)}`);
  return rows.every((r) => r[4] !== false);
}

/** Runs and prints the Arabic figures; false when a goal is missed. */
export async function runArabic(which: "tune" | "test" | "all"): Promise<boolean> {
  let ok = true;
  const arcdSplit = which === "tune" ? "train" : "test";
  if (arcdAvailable()) {
    const { sources, questions } = loadArcd(arcdSplit);
    const f = await runEval("pglite", questions, sources, {}, "ARCD");
    ok = table(`Arabic — ARCD ${arcdSplit} split (${sources.length} paragraphs)`, f, true) && ok;
  } else console.log(`\nArabic — ARCD skipped: ${arcdPath()} not found (set ARCD_PATH).`);
  const business = await runEval("pglite", arSplit(which), AR_SOURCES, {}, "متجر النخلة");
  ok = table(`Arabic — business set (متجر النخلة), split "${which}"`, business, false) && ok;
  return ok;
}
