// `pnpm eval`: runs the business evaluation set through real ingestion, retrieval and the
// built-in engine on PGlite, and prints each figure beside its goal. EVAL_SPLIT=tune|test|all
// (default all); EVAL_MISSES=1 lists the questions it got wrong.
import { runArabic } from "./arabic-cli";
import { GOALS, runEval, split } from "./run-eval";

const which = (process.env.EVAL_SPLIT ?? "all") as "tune" | "test" | "all";
const questions = split(which);
const f = await runEval("pglite", questions);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rows: [string, string, string, boolean | null][] = [
  [
    "retrieval hit@1 (gold passage first)",
    pct(f.hit1),
    `≥ baseline + 5 pts (${pct(f.baselineHit1 + GOALS.hit1OverBaseline)})`,
    f.hit1 >= f.baselineHit1 + GOALS.hit1OverBaseline,
  ],
  ["retrieval hit@3", pct(f.hit3), "—", null],
  ["baseline hit@1 (MiniSearch BM25)", pct(f.baselineHit1), "—", null],
  ["baseline hit@3 (MiniSearch BM25)", pct(f.baselineHit3), "—", null],
  ["answer contains gold", pct(f.containsGold), "≥ 80 %", f.containsGold >= GOALS.containsGold],
  ["median answer length", `${f.medianLength} chars`, "≤ 250 chars", f.medianLength <= GOALS.medianLength],
  ["citation precision", pct(f.citationPrecision), "—", null],
  ["abstention (unanswerable)", pct(f.abstention), "≥ 30 %", f.abstention >= GOALS.abstention],
  [
    "false abstention (answerable)",
    pct(f.falseAbstention),
    "≤ 5 %",
    f.falseAbstention <= GOALS.falseAbstention,
  ],
];
console.log(
  `\nParley eval — business set, split "${which}": ${f.answerable} answerable + ${f.unanswerable} unanswerable questions\n`,
);
const w = Math.max(...rows.map((r) => r[0].length));
for (const [name, value, goal, ok] of rows)
  console.log(
    `${name.padEnd(w)}  ${value.padStart(11)}   goal ${goal.padEnd(28)} ${ok === null ? "" : ok ? "ok" : "MISSED"}`,
  );
// The same questions with semantic retrieval on, against the local stub embeddings server (a
// hashed bag of words with a few synonym groups): it checks that fusion costs the engine nothing,
// it is not the figure of a real embeddings model. EVAL_EMBEDDINGS=0 skips it.
if (process.env.EVAL_EMBEDDINGS !== "0") {
  const { startEmbeddingsStub } = await import("../test/embeddings-stub");
  const stub = await startEmbeddingsStub(256);
  try {
    const e = await runEval("pglite", questions, undefined, {
      EMBEDDINGS_BASE_URL: stub.url,
      EMBEDDINGS_MODEL: "stub",
    });
    const cmp = (name: string, a: number, b: number) =>
      console.log(`${name.padEnd(w)}  ${pct(b).padStart(11)}   (full text only: ${pct(a)})`);
    console.log("\nWith semantic retrieval (stub embeddings server, 256 dimensions):\n");
    cmp("retrieval hit@1", f.hit1, e.hit1);
    cmp("retrieval hit@3", f.hit3, e.hit3);
    cmp("answer contains gold", f.containsGold, e.containsGold);
    cmp("abstention (unanswerable)", f.abstention, e.abstention);
    cmp("false abstention (answerable)", f.falseAbstention, e.falseAbstention);
  } finally {
    await stub.close();
  }
}
if (process.env.EVAL_MISSES)
  for (const m of f.misses) console.log(`\n[${m.kind}] ${m.q}\n  → ${m.answer.slice(0, 200)}`);
// Arabic: ARCD (its test split; train with EVAL_SPLIT=tune) and our Arabic business set, each
// beside the same BM25 baseline. EVAL_ARABIC=0 skips it; without the ARCD file it says so.
const arabicOk = process.env.EVAL_ARABIC === "0" ? true : await runArabic(which);
process.exit(rows.every((r) => r[3] !== false) && arabicOk ? 0 : 1);
