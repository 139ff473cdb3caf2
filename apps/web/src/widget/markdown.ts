/**
 * A small, safe Markdown renderer for assistant replies. Safety comes from the order of work: the
 * raw text is HTML-escaped FIRST, and the only markup that can appear in the output is the markup
 * this file writes (p, br, strong, em, code, pre, ul, ol, li, a). Link targets are checked against
 * an allow-list of schemes (http, https, mailto) after the escaping is undone, then escaped again
 * for the attribute, so neither `javascript:` nor an attribute break-out can get through.
 *
 * Supported: paragraphs, line breaks, **bold**, __bold__, *italic*, _italic_, `code`, fenced code
 * blocks, - / * / + and 1. lists, # headings (shown as bold lines), [text](url) links and bare
 * http(s) URLs. Citation markers `[n]` (outside code and links) become `<button class="pw-cite"
 * data-cite="n">` chips when `cites` is given and n is 1..cites, and are removed otherwise; while
 * streaming they (and a half-received `[` or `[1` at the end) are left out until the citations arrive.
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );

/** The href to write for a link target, escaped for a double-quoted attribute; null when not allowed. */
export function safeHref(escapedTarget: string): string | null {
  const raw = unescapeHtml(escapedTarget);
  // Whitespace and control characters are how scheme checks are usually dodged ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return null;
  if (!/^(https?:\/\/|mailto:)/i.test(raw)) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "mailto:") return null;
  } catch {
    return null;
  }
  return escapeHtml(raw);
}

const anchor = (href: string, html: string, dir = "") =>
  `<a href="${href}"${dir} target="_blank" rel="noopener noreferrer">${html}</a>`;

/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). A reply never needs
 * them (the page isolates each message), and an override (U+202E) shows the text after it reversed,
 * so a reply could display one address while linking another ("moc.knab" read as "bank.com").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the two slot markers and the bidi controls.
const STRIPPED = /[\u0000\u0001\u202a-\u202e\u2066-\u2069]/g;

// [text](url): the text may hold one level of [brackets]; the url may hold balanced (parens).
const LINK = /\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;
// A bare URL, in already-escaped text: stops at whitespace and at an escaped < > " '.
const BARE_URL = /\bhttps?:\/\/(?:[^\s&]|&amp;)+/gi;

const SLOT_OPEN = "\u0000";
const SLOT_CLOSE = "\u0001";

// Emphasis runs on escaped text, so the only `<` it can meet is a tag it wrote itself; italics stop
// there, which keeps the output well nested (`**a *b** c*` leaves the stray stars as text).
function emphasis(html: string): string {
  return html
    .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|\W)__(?=\S)([^\n]*?\S)__(?!\w)/g, "$1<strong>$2</strong>")
    .replace(/\*(?=\S)([^*\n<]*?[^\s*<])\*/g, "<em>$1</em>")
    .replace(/(^|\W)_(?=\S)([^_\n<]*?[^\s_<])_(?!\w)/g, "$1<em>$2</em>");
}

/** What to do with `[n]` citation markers: leave them (the default), chip or drop them, or hide them. */
export interface MarkerOptions {
  /** How many citations the reply has: markers 1..cites become chips, any other is removed. */
  cites?: number;
  /** The reply is still streaming: markers are hidden until the citations arrive. */
  streaming?: boolean;
}

const MARKER = /\s?\[(\d{1,3})\]/g;

/** One line (or a paragraph's lines) of inline Markdown to HTML. */
export function renderInline(text: string, markers: MarkerOptions = {}): string {
  const slots: string[] = [];
  const keep = (html: string) => `${SLOT_OPEN}${slots.push(html) - 1}${SLOT_CLOSE}`;
  let html = escapeHtml(text.replace(STRIPPED, ""));
  html = html.replace(/`([^`\n]+)`/g, (_, code: string) => keep(`<code>${code}</code>`));
  html = html.replace(LINK, (whole, label: string, target: string) => {
    const href = safeHref(target);
    return href && label.trim() ? keep(anchor(href, emphasis(label))) : whole;
  });
  html = html.replace(BARE_URL, (url) => {
    // Sentence punctuation after a URL is not part of it.
    const trail = /(?:[.,;:!?)\]]|&amp;)+$/.exec(url)?.[0] ?? "";
    const bare = trail ? url.slice(0, -trail.length) : url;
    const href = safeHref(bare);
    // A URL reads left to right inside Arabic text too.
    return href ? keep(anchor(href, bare, ' dir="ltr"')) + trail : url;
  });
  const { cites, streaming } = markers;
  if (streaming || cites !== undefined) {
    html = html.replace(MARKER, (_, n: string) =>
      !streaming && cites && Number(n) >= 1 && Number(n) <= cites
        ? keep(`<button type="button" class="pw-cite" data-cite="${Number(n)}">${Number(n)}</button>`)
        : "",
    );
  }
  html = emphasis(html);
  // Slots can hold slots (code inside a link label); restore until none are left.
  const slot = new RegExp(`${SLOT_OPEN}(\\d+)${SLOT_CLOSE}`, "g");
  while (html.includes(SLOT_OPEN)) html = html.replace(slot, (_, i: string) => slots[Number(i)] ?? "");
  return html;
}

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

/** A reply's Markdown to HTML that is safe to assign to innerHTML. */
export function renderMarkdown(source: string, markers: MarkerOptions = {}): string {
  // A marker still arriving ("… [" or "… [1") is not shown half-received.
  const text = markers.streaming ? source.replace(/\s?\[\d{0,3}$/, "") : source;
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const inline = (line: string) => renderInline(line, markers);
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[][] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.map(inline).join("<br>")}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (!list) return;
    const tag = list.ordered ? "ol" : "ul";
    const start = list.ordered && list.start !== 1 ? ` start="${list.start}"` : "";
    const items = list.items.map((item) => `<li>${item.map(inline).join("<br>")}</li>`).join("");
    out.push(`<${tag}${start}>${items}</${tag}>`);
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fence = /^\s{0,3}(```|~~~)/.exec(line);
    if (fence) {
      flushParagraph();
      flushList();
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").trimStart().startsWith(fence[1] ?? "```")) {
        code.push(lines[i] ?? "");
        i++;
      }
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    if (!line.trim()) {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      out.push(`<p><strong>${inline(heading[1] ?? "")}</strong></p>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flushList();
        list = { ordered, start: ordered ? Number(item[2]) : 1, items: [] };
      }
      list.items.push([item[3] ?? ""]);
      continue;
    }
    const openList = list as { items: string[][] } | null;
    const lastItem = openList?.items[openList.items.length - 1];
    if (lastItem && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      lastItem.push(line.trim());
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return out.join("");
}
