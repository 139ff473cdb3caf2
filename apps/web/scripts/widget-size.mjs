// Prints the public widget's shipped size beside its budget and the competition, from the built
// dist/: embed.js (the loader) and the chat page's JS + CSS (widget.html's entry, everything it
// imports, static or lazy). Also checks, in Vite's manifest, that the chat page shares no chunk
// with the dashboard. Exits 1 when a budget is missed or a chunk is shared.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const KB = 1024;
const BUDGET = { loader: 2 * KB, page: 25 * KB };
// Measured with gzip -9 from their npm tarballs (notes/perf_widget.md §1.1).
const COMPETITORS = [
  ["Typebot", 196_433],
  ["Flowise", 283_788],
];

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const manifestPath = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath) || !existsSync(path.join(dist, "embed.js"))) {
  console.error("widget-size: build first (pnpm --filter @parley/web build)");
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

/** Every chunk key an entry pulls in, statically or lazily. */
function closure(entryKey) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      visit(next);
  };
  visit(entryKey);
  return seen;
}

const widgetKeys = closure("widget.html");
const appKeys = closure("index.html");
const shared = [...widgetKeys].filter((k) => appKeys.has(k));
const pageFiles = new Set();
for (const key of widgetKeys) {
  pageFiles.add(manifest[key].file);
  for (const css of manifest[key].css ?? []) pageFiles.add(css);
}
const js = [...pageFiles].filter((f) => f.endsWith(".js"));
const css = [...pageFiles].filter((f) => f.endsWith(".css"));
const sum = (files) => files.reduce((total, f) => total + gz(f), 0);

const loader = gz("embed.js");
const page = sum(js) + sum(css);
const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const vs = (bytes) =>
  COMPETITORS.map(([name, size]) => `${(size / bytes).toFixed(0)}× lighter than ${name}`).join(", ");

const rows = [
  ["embed.js (loader)", loader, BUDGET.loader],
  [`chat page (${js.length} JS + ${css.length} CSS: ${kb(sum(js))} + ${kb(sum(css))})`, page, BUDGET.page],
  ["loader + chat page (what a visitor who chats downloads)", loader + page, BUDGET.loader + BUDGET.page],
];
console.log("\nWidget size (gzip -9)");
for (const [label, bytes, budget] of rows) {
  console.log(
    `  ${bytes <= budget ? "ok  " : "OVER"} ${label.padEnd(58)} ${kb(bytes).padStart(9)}  budget ≤ ${kb(budget)}`,
  );
}
console.log(`  ${vs(loader + page)}`);
console.log(
  `  Typebot ships ${kb(196_433)} and Flowise ${kb(283_788)} of widget JS before a visitor even opens the chat;`,
);
console.log(`  Parley's first load is the loader alone: ${vs(loader).replace(/lighter/g, "lighter")}.`);
if (shared.length > 0) console.log(`  FAIL chunks shared with the dashboard: ${shared.join(", ")}`);
else console.log("  ok   the chat page shares no chunk with the dashboard");

const failed = loader > BUDGET.loader || page > BUDGET.page || shared.length > 0;
process.exit(failed ? 1 : 0);
