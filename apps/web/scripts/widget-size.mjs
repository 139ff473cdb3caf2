// Prints the public widget's shipped size beside its budget and the competition, from the built
// dist/: embed.js (the loader) and the chat page's JS + CSS (widget.html's entry and everything
// it imports, static or lazy). Also checks, in Vite's manifest, that the chat page shares no chunk
// with the dashboard. Exits 1 when a budget is missed or a chunk is shared. `pnpm bench` reuses
// measureWidget().
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// Decimal kilobytes, as Vite prints them and as the competitors' figures are quoted (the stricter
// reading of "2 KB": 2,000 bytes, not 2,048).
const KB = 1000;
export const WIDGET_BUDGET = { loader: 2 * KB, page: 25 * KB };
// The only chunk the chat page may share with the dashboard: the SSE reader both stream with
// (src/lib/sse.ts + eventsource-parser), grouped into a chunk of its own in vite.config.ts.
const SHARED_ALLOWED = new Set(["sse"]);
// Their widget bundles, measured with gzip -9 from the npm tarballs (notes/perf_widget.md §1.1).
export const COMPETITORS = [
  ["Typebot", 196_433],
  ["Flowise", 283_788],
];

/** Gzipped sizes (bytes) of the loader and the chat page, and any chunk shared with the dashboard. */
export function measureWidget(dist) {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath) || !existsSync(path.join(dist, "embed.js"))) {
    throw new Error("the widget is not built (pnpm --filter @parley/web build)");
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const closure = (entryKey) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
        visit(next);
    };
    visit(entryKey);
    return seen;
  };
  const widgetKeys = closure("widget.html");
  if (widgetKeys.size === 0) throw new Error("widget.html is not in the build manifest");
  const appKeys = closure("index.html");
  const files = new Set();
  for (const key of widgetKeys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  const sum = (list) => list.reduce((total, f) => total + gz(f), 0);
  const js = [...files].filter((f) => f.endsWith(".js"));
  const css = [...files].filter((f) => f.endsWith(".css"));
  return {
    loader: gz("embed.js"),
    pageJs: sum(js),
    pageCss: sum(css),
    page: sum(js) + sum(css),
    files: { js, css },
    shared: [...widgetKeys].filter((k) => appKeys.has(k) && !SHARED_ALLOWED.has(manifest[k].name)),
  };
}

const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const bytesOf = (n) => `${n.toLocaleString("en-US")} B`;
const lighter = (bytes) =>
  COMPETITORS.map(([name, size]) => `${Math.round(size / bytes)}× lighter than ${name} (${kb(size)})`).join(
    ", ",
  );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
  let m;
  try {
    m = measureWidget(dist);
  } catch (err) {
    console.error(`widget-size: ${err.message}`);
    process.exit(1);
  }
  const rows = [
    ["embed.js (the loader every page view downloads)", m.loader, WIDGET_BUDGET.loader],
    [
      `chat page (${m.files.js.length} JS ${kb(m.pageJs)} + ${m.files.css.length} CSS ${kb(m.pageCss)})`,
      m.page,
      WIDGET_BUDGET.page,
    ],
  ];
  console.log("\nWidget size (gzip -9)");
  for (const [label, bytes, budget] of rows) {
    console.log(
      `  ${bytes <= budget ? "ok  " : "OVER"} ${label.padEnd(50)} ${bytesOf(bytes).padStart(9)} = ${kb(bytes).padStart(8)}  budget ≤ ${kb(budget)}`,
    );
  }
  console.log(`  A page view: ${lighter(m.loader)}.`);
  console.log(`  An opened chat (loader + page, ${kb(m.loader + m.page)}): ${lighter(m.loader + m.page)}.`);
  console.log(
    m.shared.length > 0
      ? `  FAIL chunks shared with the dashboard: ${m.shared.join(", ")}`
      : "  ok   the chat page shares no chunk with the dashboard",
  );
  const failed = m.loader > WIDGET_BUDGET.loader || m.page > WIDGET_BUDGET.page || m.shared.length > 0;
  process.exit(failed ? 1 : 0);
}
