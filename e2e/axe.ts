import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core in a frame, once per document: the app's pages are reached inside it (a link's click,
 * no reload), so one journey's checks share one copy. `@axe-core/playwright`, used before,
 * evaluated its 570 kB source twice for every check: 54.6 s of the axe journey's 74 checks, 14.4 s
 * now, the journey alone 150 → 105 s (2026-12-02). `evaluate` runs as the debugger does, outside
 * the page's CSP, as the builder's did.
 */
async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function"))
    return;
  await frame.evaluate(`${AXE_SOURCE}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`);
}

/**
 * What axe (WCAG 2.1 A and AA) finds serious or critical on the page, or in the part of it that
 * `selector` names: one line per rule, with the elements it found. Same-origin frames are checked
 * too (axe in each one, asked by the page's own copy).
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  for (const frame of page.frames()) {
    // A frame still loading or gone (a cross-origin one refuses): the page's copy skips it, as the
    // builder's did.
    await withAxe(frame).catch((error: unknown) => {
      if (frame === page.mainFrame()) throw error;
    });
  }
  const options: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    ({ selector, options }) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe
        .run(selector ? { include: [selector] } : document, options)
        .then((r) => ({ violations: r.violations })),
    { selector, options },
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => `${n.target.join(" ")}${n.any[0]?.message ? ` [${n.any[0].message}]` : ""}`)
          .join(", ")}`,
    );
}
