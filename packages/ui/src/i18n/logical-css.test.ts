import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Right to left works because the stylesheets speak in logical properties (inline-start/end), not
 * left/right. A physical declaration is allowed only under a comment saying "physical on purpose"
 * (the widget's bottom-left/bottom-right setting, a chevron that points down in both directions).
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const dirs = ["apps/web/src", "apps/auth/ui/src", "packages/ui/src"];
const physical =
  /^\s*((margin|padding|border)-(left|right)(-\w+)?|left|right|border-(top|bottom)-(left|right)-radius)\s*:|text-align:\s*(left|right)\b|float:\s*(left|right)\b/;

function filesEndingWith(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : filesEndingWith(full, ext);
    return name.endsWith(ext) ? [full] : [];
  });
}
const cssFiles = (dir: string) => filesEndingWith(dir, ".css");

/** Inline styles in components: `style={{ marginLeft: … }}` and friends. */
const physicalInline =
  /\b(marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\w*|borderRight\w*)\s*:|textAlign:\s*["'](left|right)["']|\bfloat:\s*["'](left|right)["']/;

describe("stylesheets use logical properties", () => {
  it("has no physical left/right declaration outside a 'physical on purpose' block", () => {
    const offenders: string[] = [];
    for (const file of dirs.flatMap((d) => cssFiles(path.join(root, d)))) {
      let excused = false;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/physical on purpose/i.test(line)) excused = true;
          if (/^\}/.test(line)) excused = false;
          if (physical.test(line) && !excused)
            offenders.push(`${path.relative(root, file)}:${i + 1}  ${line.trim()}`);
        });
    }
    expect(offenders.join("\n")).toBe("");
  });

  it("has no physical left/right in components' inline styles", () => {
    const offenders: string[] = [];
    for (const file of dirs.flatMap((d) => filesEndingWith(path.join(root, d), ".tsx"))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (physicalInline.test(line) && !/physical on purpose/i.test(line))
            offenders.push(`${path.relative(root, file)}:${i + 1}  ${line.trim()}`);
        });
    }
    expect(offenders.join("\n")).toBe("");
  });
});
