import type { SourceSync } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  joinPaths,
  lastSyncText,
  notablePages,
  pageLabel,
  rulesFormDefaults,
  rulesFormSchema,
  rulesPatch,
  ruleText,
  splitPaths,
  syncCounts,
} from "./source-sync";

const sync = (overrides: Partial<SourceSync> = {}): SourceSync => ({
  startedAt: "2026-11-29T03:00:00.000Z",
  finishedAt: "2026-11-29T03:01:00.000Z",
  status: "succeeded",
  trigger: "scheduled",
  added: 0,
  changed: 0,
  removed: 0,
  unchanged: 0,
  failed: 0,
  pages: [],
  rules: [],
  sitemaps: [],
  error: null,
  ...overrides,
});

describe("path fields", () => {
  it("split on commas (Arabic ones too) and spaces, and join back with commas", () => {
    expect(splitPaths(" /help/, /docs/  /faq،/ar/ ")).toEqual(["/help/", "/docs/", "/faq", "/ar/"]);
    expect(splitPaths("  ")).toEqual([]);
    expect(joinPaths(["/help/", "/docs/"])).toBe("/help/, /docs/");
    expect(splitPaths(joinPaths(["/a", "/b"]))).toEqual(["/a", "/b"]);
  });

  it("check each pattern as the API does, and report it on the field itself", () => {
    const ok = rulesFormSchema.safeParse({ include: "/help/", exclude: "", resync: "weekly" });
    expect(ok.success && ok.data).toEqual({ include: ["/help/"], exclude: [], resync: "weekly" });

    const noSlash = rulesFormSchema.safeParse({ include: "", exclude: "blog", resync: "off" });
    expect(noSlash.success).toBe(false);
    expect(noSlash.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["exclude"], "A path pattern starts with /, such as /help/"],
    ]);

    const tooMany = rulesFormSchema.safeParse({
      include: Array.from({ length: 21 }, (_, i) => `/p${i}`).join(", "),
      exclude: "",
      resync: "off",
    });
    expect(tooMany.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["include"], "At most 20 path patterns"],
    ]);
    expect(rulesFormSchema.safeParse({ include: "", exclude: "", resync: "hourly" }).success).toBe(false);
  });
});

describe("rulesPatch", () => {
  const source = { include: ["/help/"], exclude: ["/blog/"], resync: "off" as const };

  it("starts the dialog from what the source has", () => {
    expect(rulesFormDefaults(source)).toEqual({ include: "/help/", exclude: "/blog/", resync: "off" });
  });

  it("sends only what changed, and nothing when nothing did", () => {
    expect(rulesPatch(source, { include: ["/help/"], exclude: ["/blog/"], resync: "off" })).toBeNull();
    expect(rulesPatch(source, { include: ["/help/"], exclude: ["/blog/"], resync: "weekly" })).toEqual({
      resync: "weekly",
    });
    expect(rulesPatch(source, { include: [], exclude: ["/blog/", "/news/"], resync: "off" })).toEqual({
      include: [],
      exclude: ["/blog/", "/news/"],
    });
    // The order of the patterns is the user's: a reordered list is a change.
    expect(
      rulesPatch(
        { ...source, exclude: ["/a", "/b"] },
        { include: ["/help/"], exclude: ["/b", "/a"], resync: "off" },
      ),
    ).toEqual({ exclude: ["/b", "/a"] });
  });
});

describe("sync counts", () => {
  it("name only what happened, in the spec's words", () => {
    expect(syncCounts(sync({ changed: 3, removed: 1, unchanged: 4 }))).toBe("3 changed, 1 removed");
    expect(syncCounts(sync({ added: 6 }))).toBe("6 added");
    expect(syncCounts(sync({ added: 1, changed: 2, removed: 3, failed: 4 }))).toBe(
      "1 added, 2 changed, 3 removed, 4 could not be read",
    );
    expect(syncCounts(sync({ unchanged: 9 }))).toBe("nothing changed");
    expect(syncCounts(sync({ added: 1_200 }))).toBe("1,200 added");
  });

  it("do not count removals a held sync kept", () => {
    expect(syncCounts(sync({ status: "held", removed: 4, changed: 1 }))).toBe("1 changed");
    expect(lastSyncText(sync({ status: "held", removed: 4 }))).toBe(
      " · last sync: nothing changed · many pages seem gone, so none were removed: re-sync by hand to remove them",
    );
  });

  it("read on the card as the last sync, or its failure", () => {
    expect(lastSyncText(sync({ changed: 3, removed: 1 }))).toBe(" · last sync: 3 changed, 1 removed");
    expect(lastSyncText(sync({ status: "failed", error: "The site answered 503." }))).toBe(
      " · the last sync failed; the bot answers from what it learned before",
    );
  });
});

describe("notablePages", () => {
  it("leaves the unchanged pages out, added first, then changed, removed and failed", () => {
    const pages: SourceSync["pages"] = [
      { url: "https://cafe.example/", outcome: "unchanged" },
      { url: "https://cafe.example/faq", outcome: "removed" },
      { url: "https://cafe.example/menu", outcome: "changed" },
      { url: "https://cafe.example/x", outcome: "failed", reason: "The page took too long to load." },
      { url: "https://cafe.example/new", outcome: "added" },
      { url: "https://cafe.example/hours", outcome: "changed" },
    ];
    expect(notablePages(sync({ pages, added: 1, changed: 2, removed: 1, failed: 1, unchanged: 1 }))).toEqual({
      pages: [
        { url: "https://cafe.example/new", outcome: "added" },
        { url: "https://cafe.example/menu", outcome: "changed" },
        { url: "https://cafe.example/hours", outcome: "changed" },
        { url: "https://cafe.example/faq", outcome: "removed" },
        { url: "https://cafe.example/x", outcome: "failed", reason: "The page took too long to load." },
      ],
      folded: [],
      more: 0,
    });
  });

  it("folds away all but the first pages of a long sync, and counts those the record did not keep", () => {
    const added = (n: number): SourceSync["pages"] =>
      Array.from({ length: n }, (_, i) => ({ url: `https://cafe.example/p${i}`, outcome: "added" as const }));
    const first = notablePages(sync({ pages: added(12), added: 240 }));
    expect(first.pages.map((p) => p.url)).toEqual(added(8).map((p) => p.url));
    expect(first.folded).toHaveLength(4);
    expect(first.more).toBe(228);
    // One page over is shown rather than folded.
    expect(notablePages(sync({ pages: added(9), added: 9 }))).toMatchObject({ folded: [], more: 0 });
    expect(notablePages(sync({ pages: added(9), added: 9 })).pages).toHaveLength(9);
    expect(notablePages(sync())).toEqual({ pages: [], folded: [], more: 0 });
  });
});

describe("pageLabel", () => {
  it("shows a page of the source's own site by its path, another site's in full", () => {
    const start = "https://cafe.example/sitemap.xml";
    expect(pageLabel("https://cafe.example/menu?lang=en", start)).toBe("/menu?lang=en");
    expect(pageLabel("https://cafe.example/", start)).toBe("/");
    expect(pageLabel("https://other.example/menu", start)).toBe("https://other.example/menu");
    expect(pageLabel("http://cafe.example/menu", start)).toBe("http://cafe.example/menu");
    expect(pageLabel("not a url", start)).toBe("not a url");
    expect(pageLabel("https://cafe.example/menu", null)).toBe("https://cafe.example/menu");
  });
});

describe("ruleText", () => {
  it("says what an include rule kept and an exclude rule left out", () => {
    expect(ruleText({ kind: "include", pattern: "/help/", pages: 12 })).toBe("12 pages kept");
    expect(ruleText({ kind: "exclude", pattern: "/blog/", pages: 1 })).toBe("1 page left out");
    expect(ruleText({ kind: "exclude", pattern: "/blog/", pages: 0 })).toBe("0 pages left out");
  });
});
