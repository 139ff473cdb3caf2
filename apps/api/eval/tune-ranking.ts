/**
 * Retrieval alone on the dev halves, for choosing the ranking's constants (ranking.ts `RANKING`):
 * `pnpm tsx apps/api/eval/tune-ranking.ts '{"tf":true}' '{"tf":true,"b":0.5}'` builds the dev
 * bots once, then ranks every answerable dev question with each variant (JSON, over RANKING;
 * `{}` is RANKING itself) and prints hit@1, hit@3 and recall@5 beside the MiniSearch baseline.
 * Only the dev half: tuning never sees the test half. EVAL_SETS picks the sets; EVAL_SAMPLE=n takes
 * every n-th question of the big sets.
 */

import { searchQuery } from "../src/modules/chat/follow-up";
import { RANKING, type RankingParams } from "../src/modules/retrieval/ranking";
import { createRetrieval } from "../src/modules/retrieval/retrieval";
import { createTestApp } from "../test/harness";
import { baselineSearch, buildBots, holds } from "./records";
import { allSets } from "./sets";

const wanted = process.env.EVAL_SETS?.split(",");
const variants = (process.argv.slice(2).length ? process.argv.slice(2) : ["{}"]).map((v) => ({
  label: v,
  params: { ...RANKING, ...(JSON.parse(v) as Partial<RankingParams>) },
}));
const pct = (x: number) => `${(x * 100).toFixed(1)}`.padStart(5);

for (const set of allSets("dev")) {
  if (wanted && !wanted.includes(set.key)) continue;
  const t = await createTestApp("pglite");
  try {
    const { rows, minis } = await buildBots(t, set.bots);
    // EVAL_SAMPLE=n: every n-th answerable question of the big sets (over 1,000), for speed.
    const every = set.asks.length > 1000 ? Number(process.env.EVAL_SAMPLE ?? 1) : 1;
    const asks = set.asks.filter((a) => a.gold !== null).filter((_, i) => i % every === 0);
    const queries = asks.map((a) =>
      searchQuery(a.q, a.previous ? [{ role: "user" as const, content: a.previous }] : []),
    );
    let b1 = 0;
    for (const [i, a] of asks.entries()) {
      const mini = minis[a.bot];
      const top = mini ? baselineSearch(mini, queries[i] ?? a.q)[0] : undefined;
      if (a.gold && top && holds(String(top.body), a.gold)) b1++;
    }
    console.log(`\n${set.name} (dev): ${asks.length} answerable; BM25 hit@1 ${pct(b1 / asks.length)}`);
    console.log("  hit@1  hit@3  rec@5   ms/q   variant");
    for (const v of variants) {
      const retrieval = createRetrieval(t.db.db, undefined, v.params);
      let h1 = 0;
      let h3 = 0;
      let r5 = 0;
      const started = performance.now();
      for (const [i, a] of asks.entries()) {
        const bot = rows[a.bot];
        if (!bot || !a.gold) continue;
        const found = await retrieval.search(bot.id, queries[i] ?? a.q, 5);
        const at = found.findIndex((p) => holds(p.body, a.gold ?? ""));
        if (at === 0) h1++;
        if (at >= 0 && at < 3) h3++;
        if (at >= 0) r5++;
      }
      const ms = (performance.now() - started) / asks.length;
      console.log(
        `  ${pct(h1 / asks.length)}  ${pct(h3 / asks.length)}  ${pct(r5 / asks.length)}  ${ms.toFixed(1).padStart(5)}   ${v.label}`,
      );
    }
  } finally {
    await t.close();
  }
}
process.exit(0);
