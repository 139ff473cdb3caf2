import type { SyncPageOutcome } from "../../../db/schema";
import type { CrawlSummary, KnownPage } from "./crawler";
import type { Staging } from "./staging.repo";

/** A scheduled sync that would remove more than this share of a source's pages is held back. */
export const HOLD_REMOVALS_OVER = 1 / 3;

/** What reading a website source decided, for its sync record. */
export interface SyncResult {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  failed: number;
  held: boolean;
  pages: { url: string; outcome: SyncPageOutcome; reason?: string }[];
  summary?: CrawlSummary;
}

/**
 * What the crawl decided, page by page (from the staged rows, so a resumed run counts the pages
 * its earlier attempt read): added, changed, unchanged, failed, and the pages of the last sync
 * that are no longer part of the source (gone, refused, out of the sitemap or the rules). A
 * scheduled sync that would remove more than a third of the pages keeps them (held) until the
 * owner re-syncs by hand.
 */
export async function settlePages(
  staging: Staging,
  known: Map<string, KnownPage>,
  trigger: "manual" | "scheduled",
  summary: CrawlSummary | undefined,
): Promise<SyncResult> {
  const verdicts = await staging.verdicts();
  const counts = { added: 0, changed: 0, unchanged: 0, failed: 0 };
  const pages: SyncResult["pages"] = [];
  const alive = new Set<string>();
  for (const v of verdicts) {
    const outcome = v.meta.outcome;
    if (outcome === "added" || outcome === "changed" || outcome === "unchanged" || outcome === "failed") {
      counts[outcome]++;
      pages.push({ url: v.url, outcome, ...(v.reason ? { reason: v.reason } : {}) });
    }
    if (outcome !== "failed" || v.meta.keep) alive.add(v.url);
    if (outcome === "gone" || outcome === "duplicate" || outcome === "sitemap") alive.delete(v.url);
  }
  const removed = [...known.keys()].filter((url) => !alive.has(url));
  const held = trigger === "scheduled" && removed.length > known.size * HOLD_REMOVALS_OVER;
  if (held)
    for (const url of removed) await staging.kept(url, known.get(url)?.links ?? [], { outcome: "gone" });
  for (const url of removed) pages.push({ url, outcome: "removed" });
  return { ...counts, removed: removed.length, held, pages, summary };
}

/**
 * What a website source may hold after a sync, in passages: the plan's limit is on passages per
 * source (not on pages, which are the source's own `maxPages`, nor on characters, which bound
 * files). A sync is measured by what the source holds after it: the passages it reads now plus
 * those of the pages it keeps as they are (unchanged, failing for now, removals held back). A kept
 * page is never read, so never refused, but it counts: new pages cannot take the source past the
 * limit. `allowed` is the larger of the limit and what the source held before: one whose plan went
 * down keeps and refreshes what it has, but does not grow.
 */
export function passageBudget(allowed: number, passagesByPage: ReadonlyMap<string, number>) {
  const keptPages = new Set<string>();
  let kept = 0;
  return {
    /** The page keeps its passages as they are (counted once, however often it is said). */
    keep(url: string) {
      if (keptPages.has(url)) return;
      keptPages.add(url);
      kept += passagesByPage.get(url) ?? 0;
    },
    /** Whether `read` passages read in this sync, beside the kept ones, are more than allowed. */
    exceeded: (read: number) => kept + read > allowed,
  };
}
