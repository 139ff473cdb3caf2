// `pnpm eval`: every evaluation set (sets.ts) through real ingestion, retrieval and the built-in
// engine on PGlite, on its test half (EVAL_HALF=dev shows the half the constants were fitted on),
// each figure beside a MiniSearch BM25 baseline on the same chunks and beside its goal, then the
// abstention trade-off at a few thresholds. EVAL_SETS=covid,squad,business,arcd,arabic picks sets;
// EVAL_MISSES=1 lists wrong answers; EVAL_SAVE=<file> writes every record (JSON: a closer look, or
// fit-confidence.ts's EVAL_RECORDS cache when the half is dev);
// EVAL_EMBEDDINGS=1 adds the business set with semantic retrieval against the local stub
// embeddings server. Last, one table of every set beside its baseline (the README's).
import { writeFileSync } from "node:fs";
import { CAUTION_THRESHOLDS } from "../src/modules/chat/confidence";
import { goalsFor } from "./cli-goals";
import { baselineFigures, collectRecords, type Figures, figures, type QuestionRecord } from "./records";
import { allSets, englishBusinessSet, type Half, type SetKey } from "./sets";

const half = (process.env.EVAL_HALF === "dev" ? "dev" : "test") as Half;
const wanted = process.env.EVAL_SETS?.split(",");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function table(name: string, key: SetKey, f: Figures, b: Figures): boolean {
  const goals = goalsFor(key);
  const rows: [string, string, string, string, boolean | null][] = [
    [
      "hit@1 (gold passage first)",
      pct(f.hit1),
      pct(b.hit1),
      goals.hit1OverBaseline > 0
        ? `≥ baseline + ${goals.hit1OverBaseline * 100} pts (${pct(b.hit1 + goals.hit1OverBaseline)})`
        : "≥ baseline",
      f.hit1 >= b.hit1 + goals.hit1OverBaseline,
    ],
    ["hit@3", pct(f.hit3), pct(b.hit3), "—", null],
    [
      "recall@5 (passages for an AI model)",
      pct(f.recall5),
      pct(b.recall5),
      "≥ 95 %",
      f.recall5 >= goals.recall5,
    ],
    [
      "answer contains gold (when answered)",
      pct(f.containsGold),
      pct(b.containsGold),
      "≥ 70 %",
      f.containsGold >= goals.containsGold,
    ],
    [
      "median answer length",
      `${f.medianLength} ch.`,
      `${b.medianLength} ch.`,
      "≤ 250 characters",
      f.medianLength <= goals.medianLength,
    ],
    [
      "abstention on unanswerable",
      f.unanswerable ? pct(f.abstention) : "—",
      b.unanswerable ? pct(b.abstention) : "—",
      `≥ ${goals.abstention * 100} %`,
      f.unanswerable ? f.abstention >= goals.abstention : null,
    ],
    [
      "false abstention on answerable",
      pct(f.falseAbstention),
      pct(b.falseAbstention),
      "≤ 5 %",
      f.falseAbstention <= goals.falseAbstention,
    ],
  ];
  console.log(
    `\n${name} — ${half} half: ${f.answerable} answerable + ${f.unanswerable} unanswerable questions\n`,
  );
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${"".padEnd(w)}  ${"Parley".padStart(10)}  ${"BM25".padStart(10)}`);
  for (const [label, ours, base, goal, ok] of rows)
    console.log(
      `${label.padEnd(w)}  ${ours.padStart(10)}  ${base.padStart(10)}   goal ${goal.padEnd(30)} ${ok === null ? "" : ok ? "ok" : "MISSED"}`,
    );
  return rows.every((r) => r[4] !== false);
}

function tradeOff(records: QuestionRecord[]) {
  const named = new Map<number, string>(Object.entries(CAUTION_THRESHOLDS).map(([k, t]) => [t, k]));
  const points = [...new Set([0, 0.3, ...Object.values(CAUTION_THRESHOLDS), 0.6, 0.8, 0.9])].sort(
    (a, b) => a - b,
  );
  console.log("\n  threshold    abstention   false abstention   contains gold   setting");
  for (const t of points) {
    const f = figures(records, t);
    console.log(
      `  ${t.toFixed(3).padStart(9)}   ${pct(f.abstention).padStart(10)}   ${pct(f.falseAbstention).padStart(16)}   ${pct(f.containsGold).padStart(13)}   ${named.get(t) ?? ""}`,
    );
  }
}

/** Every set's figures beside its baseline's, as one Markdown table (the README's). */
function summary(results: { key: SetKey; f: Figures; b: Figures }[]) {
  const short: Record<SetKey, string> = {
    covid: "COVID-QA",
    squad: "SQuAD 2.0",
    business: "business",
    arcd: "ARCD",
    arabic: "business, Arabic",
  };
  const rows: [string, (f: Figures) => string, string][] = [
    ["hit@1 (gold passage first)", (f) => pct(f.hit1), "≥ BM25 + 5 pts (COVID-QA, SQuAD), ≥ BM25"],
    ["hit@3", (f) => pct(f.hit3), "—"],
    ["recall@5 (passages for an AI model)", (f) => pct(f.recall5), "≥ 95 %"],
    ["answer contains gold (when answered)", (f) => pct(f.containsGold), "≥ 70 %"],
    ["median answer length (characters)", (f) => f.medianLength.toLocaleString("en"), "≤ 250"],
    [
      "abstention on unanswerable",
      (f) => (f.unanswerable ? pct(f.abstention) : "—"),
      "≥ 30 % (SQuAD), ≥ 50 %",
    ],
    ["false abstention on answerable", (f) => pct(f.falseAbstention), "≤ 5 %"],
  ];
  const head = [`figure (${half} half)`, ...results.flatMap((r) => [short[r.key], "BM25"]), "goal"];
  const body = rows.map(([label, cell, goal]) => [
    label,
    ...results.flatMap((r) => [cell(r.f), cell(r.b)]),
    goal,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`
${line(head)}
| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of body) console.log(line(r));
}

let ok = true;
const missing: string[] = [];
const results: { key: SetKey; f: Figures; b: Figures }[] = [];
const saved: { key: SetKey; name: string; records: QuestionRecord[] }[] = [];
for (const set of allSets(half)) {
  if (wanted && !wanted.includes(set.key)) continue;
  const records = await collectRecords(set.bots, set.asks);
  const f = figures(records);
  const b = baselineFigures(records);
  results.push({ key: set.key, f, b });
  saved.push({ key: set.key, name: set.name, records });
  ok = table(set.name, set.key, f, b) && ok;
  tradeOff(records);
  if (process.env.EVAL_MISSES)
    for (const r of records.filter(
      (x) => (x.gold === null) === x.answered || (x.gold && x.answered && !x.candidateHasGold),
    ))
      console.log(
        `\n[${r.gold === null ? "answered the unanswerable" : r.answered ? "wrong answer" : "abstained"}] ${r.q}\n  → ${r.text.slice(0, 200)}`,
      );
}
for (const key of ["covid", "squad", "arcd"])
  if (!allSets(half).some((s) => s.key === key) && (!wanted || wanted.includes(key))) missing.push(key);
if (missing.length)
  console.log(`\nSkipped (data file not found beside the repository): ${missing.join(", ")}`);
if (results.length > 1) summary(results);
if (process.env.EVAL_SAVE) writeFileSync(process.env.EVAL_SAVE, JSON.stringify(saved));

if (process.env.EVAL_EMBEDDINGS === "1") {
  const { startEmbeddingsStub } = await import("../test/embeddings-stub");
  const stub = await startEmbeddingsStub(256);
  try {
    const set = englishBusinessSet(half);
    const records = await collectRecords(set.bots, set.asks, {
      EMBEDDINGS_BASE_URL: stub.url,
      EMBEDDINGS_MODEL: "stub",
    });
    table(
      `${set.name}, semantic retrieval on (stub embeddings, 256 dimensions)`,
      set.key,
      figures(records),
      baselineFigures(records),
    );
  } finally {
    await stub.close();
  }
}
process.exit(ok ? 0 : 1);
