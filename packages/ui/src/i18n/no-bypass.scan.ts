import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The scanner behind no-bypass.test.ts (issue #21): finds user-facing text that bypasses the catalogs.
 *
 * Text for people:
 * - every JSX text node, and every string or template child (`{"Delete"}`, `{`${n} items`}`);
 * - every string JSX attribute with a letter, unless its name is in `nonTextAttributes` (or `data-*`)
 *   or its value is a token (no space and lower-case/kebab/camel/ALL_CAPS, or a URL/path/CSS value):
 *   custom props such as `heading="…"`, `emptyText="…"` are text;
 * - the static parts (head, middle, tail) of a template literal that read like prose (two words, or a
 *   capitalised word and another), wherever they are (`${n} sources failed`), and any static part with
 *   a letter inside a text attribute (`aria-label={`Remove ${name}`}`) or a text-named property;
 * - a text attribute's or text-named property's value through `?:`, `??` and `||`;
 * - a string value with a capital first letter (even one word) of an object property named like a
 *   text (`{ label: "Delete" }`, see `textProperties`);
 * - `document.title = "…"`;
 * - any other string literal that reads like a sentence.
 *
 * Not text for people: imports, class names, test ids, `console`/`Error` messages (for developers),
 * type positions, object keys, comparisons. A line may opt out with `// i18n-ignore: <why>` on it or
 * the line above (a brand name, a code sample); `allowed` holds texts that are the same in every
 * language.
 */
export const root = path.resolve(import.meta.dirname, "../../../..");
const skippedDirs = new Set(["dev", "node_modules", "locales", "i18n"]);

/** Texts that are the same in every language. */
export const allowed = new Set([
  "Parley",
  "BENEFIT",
  "Visa",
  "Mastercard",
  "English",
  "العربية",
  "BHD",
  "JSON",
  "CSV",
  "PDF",
  "DOCX",
  "OK",
]);

/** Attributes whose value is always read by people (even one lower-case word). */
export const textAttributes = new Set([
  "placeholder",
  "title",
  "aria-label",
  "alt",
  "label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
]);

/** Attributes whose value is never read by people. Any other attribute with a text-like value is text. */
export const nonTextAttributes = new Set([
  "className",
  "class",
  "id",
  "htmlFor",
  "for",
  "href",
  "src",
  "srcSet",
  "sizes",
  "type",
  "name",
  "role",
  "rel",
  "target",
  "method",
  "action",
  "formAction",
  "encType",
  "autoComplete",
  "autoCapitalize",
  "autoCorrect",
  "enterKeyHint",
  "inputMode",
  "pattern",
  "key",
  "to",
  "lang",
  "hrefLang",
  "dir",
  "viewBox",
  "d",
  "points",
  "fill",
  "stroke",
  "strokeWidth",
  "strokeLinecap",
  "strokeLinejoin",
  "fillRule",
  "clipRule",
  "transform",
  "xmlns",
  "width",
  "height",
  "aria-controls",
  "aria-labelledby",
  "aria-describedby",
  "aria-live",
  "aria-current",
  "aria-haspopup",
  "aria-expanded",
  "aria-hidden",
  "aria-owns",
  "aria-activedescendant",
  "aria-errormessage",
  "aria-sort",
  "aria-orientation",
  "aria-relevant",
  "aria-atomic",
  "aria-busy",
  "aria-invalid",
  "aria-autocomplete",
  "i18nKey",
  "ns",
  "as",
  "variant",
  "tone",
  "size",
  "position",
  "mode",
  "accept",
  "form",
  "list",
  "loading",
  "decoding",
  "referrerPolicy",
  "sandbox",
  "allow",
  "crossOrigin",
  "integrity",
  "download",
  "wrap",
  "spellCheck",
  "step",
  "min",
  "max",
  "defaultValue",
  "value",
  "icon",
  "testId",
  "path",
  "style",
  "color",
  "align",
  "gap",
  "kind",
  "status",
  "state",
  "theme",
  "layout",
  "language",
  "locale",
  "format",
  "field",
  "scope",
  "headers",
  "slot",
  "part",
  "media",
  "nonce",
  "charSet",
  "content",
  "httpEquiv",
  "property",
]);

/** Object properties whose string value is shown to people (even one word, if capitalised). */
export const textProperties = new Set([
  "label",
  "title",
  "heading",
  "subheading",
  "subtitle",
  "description",
  "message",
  "text",
  "placeholder",
  "emptyText",
  "cta",
  "ctaLabel",
  "summary",
  "caption",
  "hint",
  "helperText",
  "tooltip",
  "buttonText",
  "confirmText",
  "confirmLabel",
  "cancelLabel",
  "body",
  "detail",
  "alt",
  "ariaLabel",
  "aria-label",
]);

export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!skippedDirs.has(name)) out.push(...filesUnder(full));
    } else if (/\.(tsx?|mts)$/.test(name) && !/\.(test|spec|d)\.tsx?$/.test(name)) {
      out.push(full);
    }
  }
  return out;
}

const hasLetters = (s: string) => /\p{L}/u.test(s);
/** Reads like prose: a capitalised word followed by another word ("Save changes", "No bots yet."). */
const looksLikeProse = (s: string) =>
  /^\s*[A-Z][a-z']*[,.:!?]?\s+\S*[a-zA-Z]/.test(s) && !/^[A-Z_]+$/.test(s);
/** A static part of a template literal reads like prose: two words of letters in a row ("sources failed"). */
const partLooksLikeProse = (s: string) =>
  looksLikeProse(s) || /(^|[\s(])\p{L}{2,}[,.:;!?']*\s+\p{L}[\p{L}']+([\s,.:;!?)]|$)/u.test(s);
/**
 * A value that is an identifier, not words: no space and lower-case/kebab/camel/snake/ALL_CAPS,
 * or a URL, a path, a CSS value, a number with a unit.
 */
const looksLikeToken = (s: string, { trim = true } = {}) => {
  const v = trim ? s.trim() : s;
  if (/^[.:_-]*[a-z][\w.:-]*$/.test(v)) return true; // kebab, camel, snake, (part of a) dotted key
  if (/^[A-Z][A-Z0-9_-]*$/.test(v)) return true; // ALL_CAPS
  if (/^(https?:|mailto:|tel:|data:|\/|\.\/|\.\.\/|#|\?)/.test(v)) return true; // URL, path, anchor
  if (/^[-\d.]+(px|rem|em|%|vh|vw|ms|s|fr|deg)?$/.test(v)) return true; // number, length
  if (/^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|var|calc|lch|oklch)\(.*\))$/.test(v)) return true; // colour, CSS fn
  return false;
};

/** `i18n-ignore` on the node's line or the line above; for a template's part, the template's too. */
function ignoredAt(source: ts.SourceFile, node: ts.Node): boolean {
  const lines = source.text.split("\n");
  const marked = (n: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(n.getStart(source));
    return [lines[line], lines[line - 1]].some((l) => l?.includes("i18n-ignore"));
  };
  if (marked(node)) return true;
  const template = ts.isTemplateSpan(node.parent) ? node.parent.parent : node.parent;
  return (
    (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && marked(template)
  );
}

const attributeName = (a: ts.JsxAttribute) => a.name.getText();
const isNonTextAttribute = (name: string) => nonTextAttributes.has(name) || /^data-/.test(name);

/** The JSX attribute a literal sits in (through conditionals, `??`, `||`), if any, before any call. */
function enclosingAttribute(node: ts.Node): ts.JsxAttribute | undefined {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isJsxAttribute(p)) return p;
    if (ts.isCallExpression(p) || ts.isBlock(p) || ts.isSourceFile(p) || ts.isJsxElement(p)) return undefined;
  }
  return undefined;
}

function isDeveloperFacing(node: ts.Node): boolean {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isImportTypeNode(p)) return true;
    if (ts.isTypeNode(p) && !ts.isTypeQueryNode(p)) return true;
    if (ts.isCallExpression(p) || ts.isNewExpression(p)) {
      const callee = p.expression.getText();
      if (/(^|\.)(log|logger)\.(trace|debug|info|warn|error|fatal)$/.test(callee)) return true;
      if (/^console\./.test(callee) || /(^|\.)(Error|TypeError|RangeError)$/.test(callee)) return true;
      if (/^(t|i18n\.t|tr|translate)$/.test(callee)) return true;
      if (
        /(^|\.)(querySelector|querySelectorAll|getElementById|matchMedia|setAttribute|getAttribute)$/.test(
          callee,
        )
      )
        return true;
    }
    if (ts.isThrowStatement(p)) return true;
    if (ts.isJsxAttribute(p)) return isNonTextAttribute(attributeName(p));
    if (ts.isPropertyAssignment(p) && p.name === node) return true;
    if (ts.isCaseClause(p) || ts.isBinaryExpression(p)) {
      if (ts.isBinaryExpression(p) && /^(===|!==|==|!=)$/.test(p.operatorToken.getText())) return true;
    }
    if (ts.isBlock(p) || ts.isSourceFile(p)) return false;
  }
  return false;
}

const propertyName = (p: ts.PropertyAssignment) =>
  ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;

const isDocumentTitle = (e: ts.Expression) =>
  ts.isPropertyAccessExpression(e) &&
  e.name.text === "title" &&
  /^(window\.)?document$/.test(e.expression.getText());

export interface Bypass {
  file: string;
  line: number;
  text: string;
}

export function findBypasses(file: string): Bypass[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Bypass[] = [];
  const reported = new Set<ts.Node>();
  const report = (node: ts.Node, value: string) => {
    const trimmed = value.replace(/\s+/g, " ").trim();
    // A brand after a separator (`${title} · Parley`) is still the brand.
    const bare = trimmed.replace(/^[\s·|–—:,-]+|[\s·|–—:,-]+$/g, "");
    if (reported.has(node) || !hasLetters(trimmed) || allowed.has(bare) || ignoredAt(source, node)) return;
    reported.add(node);
    found.push({
      file: path.relative(root, file),
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: trimmed.slice(0, 80),
    });
  };
  /** A whole value given to people: a literal, or each static part of a template. */
  const reportValue = (e: ts.Expression | undefined, accept: (s: string) => boolean) => {
    if (!e) return;
    if (ts.isParenthesizedExpression(e)) return reportValue(e.expression, accept);
    // Either branch is shown: `open ? "Close" : "Open"`, `name ?? "Untitled"`.
    if (ts.isConditionalExpression(e)) {
      reportValue(e.whenTrue, accept);
      return reportValue(e.whenFalse, accept);
    }
    if (ts.isBinaryExpression(e) && /^(\?\?|\|\|)$/.test(e.operatorToken.getText())) {
      reportValue(e.left, accept);
      return reportValue(e.right, accept);
    }
    if (ts.isStringLiteralLike(e)) {
      if (accept(e.text)) report(e, e.text);
    } else if (ts.isTemplateExpression(e)) {
      // A word beside a value (`${n} items`) is a word, not a token: the spaces count.
      for (const part of [e.head, ...e.templateSpans.map((s) => s.literal)])
        if (hasLetters(part.text) && !looksLikeToken(part.text, { trim: false })) report(part, part.text);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // A child `{"Delete"}`, `{open ? "Hide" : "Show"}`, `{`${n} items`}` is text like any JSX text.
      reportValue(node.expression, (s) => hasLetters(s) && !looksLikeToken(s));
    } else if (ts.isJsxAttribute(node)) {
      const name = attributeName(node);
      const init = node.initializer;
      const value = init && ts.isJsxExpression(init) ? init.expression : init;
      if (textAttributes.has(name)) reportValue(value, hasLetters);
      else if (!isNonTextAttribute(name)) reportValue(value, (s) => hasLetters(s) && !looksLikeToken(s));
    } else if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node);
      if (name && textProperties.has(name) && !isDeveloperFacing(node.initializer))
        reportValue(node.initializer, (s) => /^\s*\p{Lu}/u.test(s) && hasLetters(s));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isDocumentTitle(node.left)
    ) {
      reportValue(node.right, hasLetters);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const attribute = enclosingAttribute(node);
      if (attribute && textAttributes.has(attributeName(attribute))) {
        report(node, node.text);
      } else if (partLooksLikeProse(node.text) && !looksLikeToken(node.text) && !isDeveloperFacing(node)) {
        report(node, node.text);
      }
    } else if (ts.isStringLiteralLike(node)) {
      const value = node.text;
      if (looksLikeProse(value) && !isDeveloperFacing(node)) report(node, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** HTML attributes read by people; `content` only on the meta tags people see (description, og:*). */
const htmlTextAttributes =
  /\s(title|alt|aria-label|placeholder|aria-description)\s*=\s*("([^"]*)"|'([^']*)')/gi;

/**
 * The texts of an HTML entry (index.html, widget.html) that bypass the catalogs: text between tags
 * (not in <script>/<style>), text attributes, and a described page's meta description/og:* content.
 * A text the API swaps for the reader's language counts as catalogued when it is in `catalogued`
 * (the English catalogs' values).
 */
export function findHtmlBypasses(file: string, catalogued: ReadonlySet<string> = new Set()): Bypass[] {
  const html = readFileSync(file, "utf8");
  const found: Bypass[] = [];
  const lineAt = (index: number) => html.slice(0, index).split("\n").length;
  const report = (index: number, value: string) => {
    const text = value.replace(/\s+/g, " ").trim();
    if (!hasLetters(text) || allowed.has(text) || catalogued.has(text)) return;
    found.push({ file: path.relative(root, file), line: lineAt(index), text: text.slice(0, 80) });
  };
  const blanked = html.replace(/<(script|style)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/gi, (m) =>
    m.replace(/[^\n]/g, " "),
  );
  for (const m of blanked.matchAll(/>([^<]+)</g)) report(m.index + 1, m[1] ?? "");
  for (const tag of blanked.matchAll(/<[a-z][^>]*>/gi)) {
    for (const a of tag[0].matchAll(htmlTextAttributes)) report(tag.index, a[3] ?? a[4] ?? "");
    if (
      /^<meta\b/i.test(tag[0]) &&
      /\s(name|property)\s*=\s*["'](description|og:[\w:]+|twitter:[\w:]+)["']/i.test(tag[0])
    ) {
      const content = /\scontent\s*=\s*("([^"]*)"|'([^']*)')/i.exec(tag[0]);
      if (content) report(tag.index, content[2] ?? content[3] ?? "");
    }
  }
  return found;
}
