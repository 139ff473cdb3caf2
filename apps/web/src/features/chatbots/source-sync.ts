import {
  type KnowledgeSource,
  resyncScheduleSchema,
  type SourcePatch,
  type SourceSync,
  sourcePatchSchema,
} from "@parley/contracts";
import { z } from "zod";
import { ENGLISH, type Words } from "./words";

/**
 * A website source's path rules, re-sync schedule and sync record, as the add form, the edit
 * dialog and the source card show them (unit-tested in source-sync.test.ts). Helpers that return
 * text take the reader's `Words`; without them they answer in English.
 */

/** "/help/, /docs/" as a list of paths (commas, Arabic commas or spaces between them). */
export function splitPaths(raw: string): string[] {
  return raw
    .split(/[\s,،]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A list of paths as its field shows it. */
export function joinPaths(paths: readonly string[]): string {
  return paths.join(", ");
}

/**
 * A path field: typed text in, the contract's list of patterns out (each starts with /, at most
 * 20). The contract's first complaint is the field's own error (not one of an item inside it).
 */
const pathsField = (patterns: typeof sourcePatchSchema.shape.include) =>
  z.string().transform((raw, ctx) => {
    const parsed = patterns.unwrap().safeParse(splitPaths(raw));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? parsed.error.message });
    return z.NEVER;
  });

/** The fields both website forms share: which paths to read, which never, and how often. */
export const rulesFormSchema = z.object({
  include: pathsField(sourcePatchSchema.shape.include),
  exclude: pathsField(sourcePatchSchema.shape.exclude),
  resync: resyncScheduleSchema,
});
export type RulesFormInput = z.input<typeof rulesFormSchema>;
export type RulesFormValues = z.output<typeof rulesFormSchema>;

/** What the edit dialog starts from: the source's rules as text, its schedule. */
export function rulesFormDefaults(
  source: Pick<KnowledgeSource, "include" | "exclude" | "resync">,
): RulesFormInput {
  return { include: joinPaths(source.include), exclude: joinPaths(source.exclude), resync: source.resync };
}

const samePaths = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p, i) => p === b[i]);

/** The PATCH the edit dialog sends: only what changed; null when nothing did. */
export function rulesPatch(
  source: Pick<KnowledgeSource, "include" | "exclude" | "resync">,
  values: RulesFormValues,
): SourcePatch | null {
  const patch: SourcePatch = {
    ...(samePaths(source.include, values.include) ? {} : { include: values.include }),
    ...(samePaths(source.exclude, values.exclude) ? {} : { exclude: values.exclude }),
    ...(source.resync === values.resync ? {} : { resync: values.resync }),
  };
  return Object.keys(patch).length ? patch : null;
}

type SyncCounts = Pick<SourceSync, "status" | "added" | "changed" | "removed" | "failed">;

/**
 * "3 changed, 1 removed" (only what happened; "nothing changed" when nothing did). A held sync
 * removed nothing, so its removals are not counted as done.
 */
export function syncCounts(sync: SyncCounts, w: Words = ENGLISH): string {
  const n = (value: number) => w.number(value);
  const parts = [
    sync.added ? w.t("sources.syncAdded", { n: n(sync.added) }) : "",
    sync.changed ? w.t("sources.syncChanged", { n: n(sync.changed) }) : "",
    sync.removed && sync.status !== "held" ? w.t("sources.syncRemoved", { n: n(sync.removed) }) : "",
    sync.failed ? w.t("sources.syncFailedPages", { n: n(sync.failed) }) : "",
  ].filter(Boolean);
  return parts.length ? parts.join(w.t("sources.syncJoin")) : w.t("sources.syncNoChange");
}

/** The card's words on its last sync: " · last sync: 3 changed, 1 removed", or what went wrong. */
export function lastSyncText(sync: SyncCounts, w: Words = ENGLISH): string {
  if (sync.status === "failed") return w.t("sources.syncFailed");
  const counts = w.t("sources.lastSync", { counts: syncCounts(sync, w) });
  return sync.status === "held" ? counts + w.t("sources.syncHeld") : counts;
}

const OUTCOME_ORDER = ["added", "changed", "removed", "failed"] as const;
export type NotableOutcome = (typeof OUTCOME_ORDER)[number];
type NotablePage = { url: string; outcome: NotableOutcome; reason?: string };

/** Pages of a sync shown at once; the rest fold away (a first crawl lists every page it added). */
export const PAGES_SHOWN = 8;

/**
 * The pages of a sync worth a look (unchanged ones left out), added first, then changed, removed
 * and failed: the first `shown` of them, the rest `folded`, and how many the record did not keep
 * (`more`; it keeps the first pages only).
 */
export function notablePages(
  sync: Pick<SourceSync, "pages" | "added" | "changed" | "removed" | "failed">,
  shown = PAGES_SHOWN,
): { pages: NotablePage[]; folded: NotablePage[]; more: number } {
  const all = OUTCOME_ORDER.flatMap((outcome) =>
    sync.pages.flatMap((p) => (p.outcome === outcome ? [{ ...p, outcome }] : [])),
  );
  // Folding a single page would take as much room as showing it.
  const cut = all.length > shown + 1 ? shown : all.length;
  const total = sync.added + sync.changed + sync.removed + sync.failed;
  return { pages: all.slice(0, cut), folded: all.slice(cut), more: Math.max(0, total - all.length) };
}

/** What a path rule did at a sync: "12 pages kept" (include), "2 pages left out" (exclude). */
export function ruleText(rule: SourceSync["rules"][number], w: Words = ENGLISH): string {
  const values = { count: rule.pages };
  return rule.kind === "include"
    ? w.t("syncSettings.ruleKept", values)
    : w.t("syncSettings.ruleLeftOut", values);
}

/**
 * How a page of a sync is shown: its path when it is on the source's own site ("/menu"), else the
 * whole address. The link always opens the whole address.
 */
export function pageLabel(url: string, sourceUrl: string | null): string {
  try {
    const page = new URL(url);
    if (sourceUrl && page.origin === new URL(sourceUrl).origin) return `${page.pathname}${page.search}`;
  } catch {
    // Not an address we can read: shown as it is.
  }
  return url;
}
