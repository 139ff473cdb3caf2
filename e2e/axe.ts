import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * What axe (WCAG 2.1 A and AA) finds serious or critical on the page, or in the part of it that
 * `selector` names: one line per rule, with the elements it found.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // axe in the page itself: the default runs each frame apart and then finishes in a new tab of
    // its own, with axe's source loaded again there (half of each check's time). The same rules,
    // and same-origin frames are still checked.
    .setLegacyMode(true);
  if (selector) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => `${n.target.join(" ")}${n.any[0]?.message ? ` [${n.any[0].message}]` : ""}`)
          .join(", ")}`,
    );
}
