import { type HTMLElement, parse } from "node-html-parser";

const DROP =
  "script, style, noscript, template, svg, iframe, nav, footer, header, aside, form, button, [aria-hidden=true], [hidden]";
const BLOCK = new Set([
  "p",
  "li",
  "td",
  "th",
  "pre",
  "blockquote",
  "dd",
  "dt",
  "figcaption",
  "caption",
  "div",
  "section",
  "article",
  "main",
]);

export interface PageText {
  title: string;
  text: string;
  links: string[];
  /** The page's `<link rel="canonical">` href as written (unresolved), when it has one. */
  canonical?: string;
  /** `<meta name="robots">` (or `parleybot`) says noindex / nofollow. */
  noindex?: boolean;
  nofollow?: boolean;
}

/** The readable text of an HTML page as Markdown-ish lines: headings kept as `#` lines. */
export function htmlToText(html: string): PageText {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false, pre: true } });
  const title = (root.querySelector("title")?.text ?? root.querySelector("h1")?.text ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const links = root.querySelectorAll("a[href]").map((a) => a.getAttribute("href") ?? "");
  const canonical = root
    .querySelectorAll("link[rel]")
    .find((l) => (l.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).includes("canonical"))
    ?.getAttribute("href")
    ?.trim();
  const robots = root
    .querySelectorAll("meta[name]")
    .filter((m) => ["robots", "parleybot"].includes((m.getAttribute("name") ?? "").trim().toLowerCase()))
    .flatMap((m) => (m.getAttribute("content") ?? "").toLowerCase().split(/[\s,]+/));
  for (const el of root.querySelectorAll(DROP)) el.remove();
  const main =
    root.querySelector("main") ?? root.querySelector("article") ?? root.querySelector("body") ?? root;
  const out: string[] = [];
  walk(main, out);
  const text = out
    .map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
  return {
    title,
    text,
    links,
    ...(canonical ? { canonical } : {}),
    ...(robots.includes("noindex") || robots.includes("none") ? { noindex: true } : {}),
    ...(robots.includes("nofollow") || robots.includes("none") ? { nofollow: true } : {}),
  };
}

type Step = { node: HTMLElement } | { close: true };

/**
 * Walks the tree with an explicit stack rather than recursion: a hostile page nests thousands of
 * elements deep, which would overflow the call stack.
 */
function walk(root: HTMLElement, out: string[]) {
  const stack: Step[] = [...root.childNodes].reverse().map((node) => ({ node: node as HTMLElement }));
  while (stack.length) {
    const step = stack.pop() as Step;
    if ("close" in step) {
      out.push("");
      continue;
    }
    const child = step.node;
    if (child.nodeType === 3) {
      const t = child.text;
      if (t.trim()) appendInline(out, t);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const tag = child.tagName?.toLowerCase() ?? "";
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      out.push(`${"#".repeat(Number(heading[1]))} ${child.text.replace(/\s+/g, " ").trim()}`, "");
      continue;
    }
    if (tag === "br") {
      out.push("");
      continue;
    }
    const block = BLOCK.has(tag);
    if (block) {
      out.push("");
      stack.push({ close: true });
    }
    for (let i = child.childNodes.length - 1; i >= 0; i--)
      stack.push({ node: child.childNodes[i] as HTMLElement });
  }
}

function appendInline(out: string[], text: string) {
  if (out.length === 0 || out[out.length - 1] === "" || /^#{1,6} /.test(out[out.length - 1] ?? ""))
    out.push(text);
  else out[out.length - 1] += text;
}
