/** How many pages one include or exclude pattern of a source kept (include) or turned away (exclude). */
export interface RuleCount {
  kind: "include" | "exclude";
  pattern: string;
  pages: number;
}

/**
 * A path pattern: `/help/` matches every path that starts with it; `*` matches any characters
 * (`/blog/*.html`); a trailing `$` anchors the end (`/pricing$`).
 */
function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

/**
 * A source's include/exclude patterns over a page's path (and query). A page is kept when it
 * matches some include pattern (or there are none) and no exclude pattern; each rule counts the
 * pages it decided, once per page.
 */
export function pathRules(include: string[] = [], exclude: string[] = []) {
  const inc = include.map((pattern) => ({ pattern, re: compile(pattern), pages: new Set<string>() }));
  const exc = exclude.map((pattern) => ({ pattern, re: compile(pattern), pages: new Set<string>() }));
  const pathOf = (url: URL) => url.pathname + url.search;
  return {
    /** Whether the page may be read; an exclude rule that refuses it counts it. */
    allows(url: URL): boolean {
      const path = pathOf(url);
      const refusing = exc.find((r) => r.re.test(path));
      if (refusing) {
        refusing.pages.add(url.toString());
        return false;
      }
      return inc.length === 0 || inc.some((r) => r.re.test(path));
    },
    /** The page was kept: every include rule it matches counts it. */
    kept(url: URL) {
      const path = pathOf(url);
      for (const r of inc) if (r.re.test(path)) r.pages.add(url.toString());
    },
    counts(): RuleCount[] {
      return [
        ...inc.map((r) => ({ kind: "include" as const, pattern: r.pattern, pages: r.pages.size })),
        ...exc.map((r) => ({ kind: "exclude" as const, pattern: r.pattern, pages: r.pages.size })),
      ];
    },
  };
}
