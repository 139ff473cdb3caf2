import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, findBypasses, findHtmlBypasses, root } from "./no-bypass.scan";

export { type Bypass, findBypasses } from "./no-bypass.scan";

/**
 * No user-facing text bypasses the catalogs (issue #21): every JSX text node, every text attribute
 * (placeholder, title, aria-label, alt, label, and any custom prop such as heading or emptyText), the
 * prose parts of template literals, text-named object properties ({ label: "Delete" }),
 * `document.title = …` and every string literal that reads like a sentence, in the web app, the
 * embed script, the sign-in app and the widget chat page, must come from a catalog; the HTML entries'
 * texts (title, description, noscript, aria-label) must be English catalog texts the API swaps.
 * The rules live in no-bypass.scan.ts; no-bypass.rules.test.ts pins each one on small fixtures.
 */
const scanned = ["apps/web/src", "apps/web/embed", "apps/auth/ui/src", "apps/auth/src/mail"];
/** The HTML entries: the API serves them with their texts swapped from the catalogs (site:document). */
const htmlEntries = ["apps/web/index.html", "apps/web/widget.html"];

/** Every string value of the English catalogs. */
async function englishCatalogTexts(): Promise<Set<string>> {
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.add(value.replace(/\s+/g, " ").trim());
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  const dir = path.join(root, "packages/ui/src/locales/en");
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts")))
    collect(((await import(path.join(dir, name))) as { default: unknown }).default);
  return texts;
}

describe("no user-facing text bypasses the catalogs", () => {
  const files = scanned.flatMap((dir) => filesUnder(path.join(root, dir)));

  it("scans the apps' sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join(root, "apps/web/embed/embed.ts"));
  });

  it("finds no JSX text, text attribute or sentence outside the catalogs", () => {
    const bypasses = files.flatMap(findBypasses);
    const listing = bypasses.map((b) => `${b.file}:${b.line}  ${b.text}`).join("\n");
    expect(listing, `${bypasses.length} texts bypass the catalogs`).toBe("");
  });

  // The API swaps these entries' texts for the reader's language (site:document, apps/api
  // plugins/page-language.ts): each must be an English catalog text word for word.
  it("the HTML entries hold no text the catalogs lack", async () => {
    const catalogued = await englishCatalogTexts();
    const bypasses = htmlEntries.flatMap((f) => findHtmlBypasses(path.join(root, f), catalogued));
    const listing = bypasses.map((b) => `${b.file}:${b.line}  ${b.text}`).join("\n");
    expect(listing, `${bypasses.length} texts bypass the catalogs`).toBe("");
  });
});
