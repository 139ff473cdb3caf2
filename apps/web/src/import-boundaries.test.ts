import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The web app's layers (README, "Layout"): `src/app/` composes the features (router, shell, the
 * dashboard); `src/features/*` talk to each other only through a feature's `public.ts`; shared
 * `src/lib/` and `src/components/` import neither. The widget bundle (`src/widget/`) and the embed
 * loader (`embed/`) stay out of the React app: they have size budgets of their own.
 */

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What the widget bundle may reach outside `src/widget/`: the SSE reader (see vite.config.ts). */
const WIDGET_SHARED = new Set(["src/lib/sse.ts"]);
const WIDGET_PACKAGES = new Set(["@parley/contracts", "eventsource-parser"]);

/** One import: `to` is a path under apps/web ("src/lib/api.ts"), a package ("react"), or "?<spec>". */
interface Arrow {
  from: string;
  to: string;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name);
const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts") && !isTest(name);

/** Every file under `dir`, as a path relative to apps/web with forward slashes. */
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(webDir, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  );

/**
 * The modules a source text imports: `import … from`, `export … from`, `import "…"` and dynamic
 * `import("…")`, read by TypeScript's own scanner (so a comment or a string is not an import).
 */
function specifiersIn(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** Where `spec`, imported by `from`, leads: a file of `known`, a package, or "?spec" when nothing. */
function resolveImport(from: string, spec: string, known: ReadonlySet<string>): string {
  if (!spec.startsWith(".")) {
    const parts = spec.split("/");
    return spec.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? spec);
  }
  const base = path.posix.join(path.posix.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (known.has(candidate)) return candidate;
  return `?${spec}`;
}

function arrowsOf(sources: { file: string; text: string }[], known: ReadonlySet<string>): Arrow[] {
  return sources.flatMap(({ file, text }) =>
    specifiersIn(text).map((spec) => ({ from: file, to: resolveImport(file, spec, known) })),
  );
}

type Layer = {
  layer: "app" | "feature" | "lib" | "components" | "widget" | "embed" | "other";
  feature?: string;
};

function layerOf(file: string): Layer {
  const parts = file.split("/");
  if (parts[0] === "embed") return { layer: "embed" };
  if (parts[0] !== "src") return { layer: "other" };
  if (parts[1] === "features" && parts[2]) return { layer: "feature", feature: parts[2] };
  if (parts[1] === "app" || parts[1] === "lib" || parts[1] === "components" || parts[1] === "widget")
    return { layer: parts[1] };
  return { layer: "other" };
}

const isPackage = (to: string) => !to.startsWith("src/") && !to.startsWith("embed/") && !to.startsWith("?");

/** Every import that breaks a layer rule, as "file -> import: the rule". */
function violations(arrows: readonly Arrow[]): string[] {
  const found: string[] = [];
  const say = ({ from, to }: Arrow, rule: string) =>
    found.push(`${from} -> ${to.replace(/^\?/, "")}: ${rule}`);
  for (const arrow of arrows) {
    const { from, to } = arrow;
    if (to.startsWith("?")) {
      say(arrow, "resolves to no file (the check cannot judge it)");
      continue;
    }
    const a = layerOf(from);
    const b = layerOf(to);
    if ((a.layer === "lib" || a.layer === "components") && (b.layer === "feature" || b.layer === "app"))
      say(arrow, `${a.layer}/ is shared: it imports no feature and not app/`);
    if (a.layer === "feature" && b.layer === "app") say(arrow, "a feature does not import app/");
    if (
      a.layer === "feature" &&
      b.layer === "feature" &&
      a.feature !== b.feature &&
      to !== `src/features/${b.feature}/public.ts`
    )
      say(
        arrow,
        `another feature is imported through its public.ts only (src/features/${b.feature}/public.ts)`,
      );
    if (a.layer === "embed" && !to.startsWith("embed/"))
      say(arrow, "the embed loader imports nothing outside embed/");
  }
  // The widget bundle: everything it reaches, from its own files on.
  const reached = new Set(arrows.map((a) => a.from).filter((f) => layerOf(f).layer === "widget"));
  for (let grew = true; grew; ) {
    grew = false;
    for (const arrow of arrows) {
      if (!reached.has(arrow.from) || arrow.to.startsWith("?")) continue;
      if (isPackage(arrow.to)) {
        if (
          !WIDGET_PACKAGES.has(arrow.to) &&
          !found.some((f) => f.startsWith(`${arrow.from} -> ${arrow.to}:`))
        )
          say(arrow, `the widget bundle uses only the packages ${[...WIDGET_PACKAGES].join(", ")}`);
      } else if (layerOf(arrow.to).layer === "widget" || WIDGET_SHARED.has(arrow.to)) {
        if (!reached.has(arrow.to)) {
          reached.add(arrow.to);
          grew = true;
        }
      } else if (!found.some((f) => f.startsWith(`${arrow.from} -> ${arrow.to}:`))) {
        say(arrow, `the widget bundle reaches only src/widget/ and ${[...WIDGET_SHARED].join(", ")}`);
      }
    }
  }
  return found;
}

describe("the web app's import boundaries", () => {
  const known = new Set([...filesUnder("src"), ...filesUnder("embed")]);
  const sources = [...known]
    .filter((f) => isSource(path.posix.basename(f)))
    .map((file) => ({ file, text: readFileSync(path.join(webDir, file), "utf8") }));
  const arrows = arrowsOf(sources, known);
  const has = (from: string, to: string) => arrows.some((a) => a.from === from && a.to === to);

  it("reads the real tree (the check is not empty)", () => {
    expect(sources.length).toBeGreaterThan(250);
    expect(sources.some((s) => isTest(s.file))).toBe(false);
    const features = new Set(sources.map((s) => layerOf(s.file).feature).filter(Boolean));
    expect(features.size).toBeGreaterThanOrEqual(10);
    // A static import, a dynamic one, a re-export through a public file, a style sheet, the widget's SSE reader.
    expect(has("src/app/router.tsx", "src/features/marketing/pages/HomePage.tsx")).toBe(true);
    expect(has("src/app/router.tsx", "src/features/inbox/pages/InboxPage.tsx")).toBe(true);
    expect(has("src/features/inbox/api.ts", "src/features/analytics/public.ts")).toBe(true);
    expect(has("src/features/chatbots/public.ts", "src/features/chatbots/api.ts")).toBe(true);
    expect(has("src/features/inbox/pages/InboxPage.tsx", "src/styles/builder.css")).toBe(true);
    expect(has("src/widget/api.ts", "src/lib/sse.ts")).toBe(true);
  });

  it("has no import that crosses a layer the wrong way", () => {
    expect(violations(arrows)).toEqual([]);
  });

  it("catches each kind of violation (a synthetic tree)", () => {
    const fake = [
      { file: "src/lib/dates.ts", text: `import { x } from "../features/inbox/api";` },
      { file: "src/components/Card.tsx", text: `export { y } from "../app/router";` },
      {
        file: "src/features/inbox/api.ts",
        text: [
          `import { z } from "../../app/config";`,
          `const bots = () => import("../chatbots/api");`,
          `import "../chatbots/styles/base.css";`,
          `import { ok } from "../chatbots/public";`,
          `import { own } from "./format";`,
          `// import { commented } from "../billing/api";`,
          `const text = 'import { quoted } from "../billing/api"';`,
        ].join("\n"),
      },
      {
        file: "src/widget/chat.ts",
        text: `import { createRoot } from "react-dom/client";\nimport { apiFetch } from "../lib/api";\nimport { readSse } from "../lib/sse";`,
      },
      {
        file: "src/lib/sse.ts",
        text: `import { createParser } from "eventsource-parser";\nimport "./dates";`,
      },
      { file: "src/app/router.tsx", text: `const page = () => import("../features/inbox/pages/InboxPage");` },
      { file: "src/features/account/a.ts", text: `import "./missing";` },
      { file: "embed/embed.ts", text: `import { t } from "../src/widget/lang";` },
    ];
    const fakeKnown = new Set([
      ...fake.map((f) => f.file),
      "src/app/config.ts",
      "src/features/chatbots/api.ts",
      "src/features/chatbots/public.ts",
      "src/features/chatbots/styles/base.css",
      "src/features/inbox/format.ts",
      "src/features/inbox/pages/InboxPage.tsx",
      "src/lib/api.ts",
      "src/widget/lang.ts",
    ]);
    expect(violations(arrowsOf(fake, fakeKnown))).toEqual([
      "src/lib/dates.ts -> src/features/inbox/api.ts: lib/ is shared: it imports no feature and not app/",
      "src/components/Card.tsx -> src/app/router.tsx: components/ is shared: it imports no feature and not app/",
      "src/features/inbox/api.ts -> src/app/config.ts: a feature does not import app/",
      "src/features/inbox/api.ts -> src/features/chatbots/api.ts: another feature is imported through its public.ts only (src/features/chatbots/public.ts)",
      "src/features/inbox/api.ts -> src/features/chatbots/styles/base.css: another feature is imported through its public.ts only (src/features/chatbots/public.ts)",
      "src/features/account/a.ts -> ./missing: resolves to no file (the check cannot judge it)",
      "embed/embed.ts -> src/widget/lang.ts: the embed loader imports nothing outside embed/",
      "src/widget/chat.ts -> react-dom: the widget bundle uses only the packages @parley/contracts, eventsource-parser",
      "src/widget/chat.ts -> src/lib/api.ts: the widget bundle reaches only src/widget/ and src/lib/sse.ts",
      // Reached through the shared SSE reader: the widget would carry it too.
      "src/lib/sse.ts -> src/lib/dates.ts: the widget bundle reaches only src/widget/ and src/lib/sse.ts",
    ]);
  });
});
