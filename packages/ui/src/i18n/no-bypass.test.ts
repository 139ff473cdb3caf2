import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No user-facing text bypasses the catalogs (issue #21): every JSX text node, every text attribute
 * (placeholder, title, aria-label, alt, label) and every string literal that reads like a sentence,
 * in the web app, the sign-in app and the widget chat page, must come from a catalog.
 *
 * Not text for people: imports, class names, test ids, `console`/`Error` messages (for developers),
 * type positions, object keys. A line may opt out with `// i18n-ignore: <why>` on it or the line
 * above (a brand name, a code sample); the allow-list below holds texts that are the same in every
 * language.
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const scanned = ["apps/web/src", "apps/auth/ui/src", "apps/auth/src/mail"];
const skippedDirs = new Set(["dev", "node_modules", "locales", "i18n"]);

/** Texts that are the same in every language. */
const allowed = new Set([
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

const textAttributes = new Set([
  "placeholder",
  "title",
  "aria-label",
  "alt",
  "label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
]);

function filesUnder(dir: string): string[] {
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

function ignoredAt(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split("\n");
  return [lines[line], lines[line - 1]].some((l) => l?.includes("i18n-ignore"));
}

function isDeveloperFacing(node: ts.Node): boolean {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isImportTypeNode(p)) return true;
    if (ts.isTypeNode(p) && !ts.isTypeQueryNode(p)) return true;
    if (ts.isCallExpression(p) || ts.isNewExpression(p)) {
      const callee = p.expression.getText();
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
    if (ts.isJsxAttribute(p)) {
      const name = p.name.getText();
      return !textAttributes.has(name);
    }
    if (ts.isPropertyAssignment(p) && p.name === node) return true;
    if (ts.isCaseClause(p) || ts.isBinaryExpression(p)) {
      if (ts.isBinaryExpression(p) && /^(===|!==|==|!=)$/.test(p.operatorToken.getText())) return true;
    }
    if (ts.isBlock(p) || ts.isSourceFile(p)) return false;
  }
  return false;
}

export interface Bypass {
  file: string;
  line: number;
  text: string;
}

export function findBypasses(file: string): Bypass[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Bypass[] = [];
  const report = (node: ts.Node, value: string) => {
    const trimmed = value.replace(/\s+/g, " ").trim();
    if (!hasLetters(trimmed) || allowed.has(trimmed) || ignoredAt(source, node)) return;
    found.push({
      file: path.relative(root, file),
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: trimmed.slice(0, 80),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText())) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, init.text);
      else if (init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression))
        report(init.expression, init.expression.text);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
      const value = node.text;
      if (looksLikeProse(value) && !isDeveloperFacing(node)) report(node, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("no user-facing text bypasses the catalogs", () => {
  const files = scanned.flatMap((dir) => filesUnder(path.join(root, dir)));

  it("scans the apps' sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("finds no JSX text, text attribute or sentence outside the catalogs", () => {
    const bypasses = files.flatMap(findBypasses);
    const listing = bypasses.map((b) => `${b.file}:${b.line}  ${b.text}`).join("\n");
    expect(listing, `${bypasses.length} texts bypass the catalogs`).toBe("");
  });
});
