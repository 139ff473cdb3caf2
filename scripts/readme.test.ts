import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// GitHub-flavoured Markdown keeps a table going until a blank line: a paragraph written right
// under a table becomes table rows, and a formatter then pads it into the grid. These checks keep
// the READMEs' tables whole.
const root = path.resolve(import.meta.dirname, "..");

/** Cells of a table row: split on `|` outside code spans, without the outer pipes. */
function tableCells(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  let inCode = false;
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "\\" && body[i + 1] === "|") {
      current += "\\|";
      i++;
    } else if (char === "`") {
      inCode = !inCode;
      current += char;
    } else if (char === "|" && !inCode) {
      cells.push(current.trim());
      current = "";
    } else {
      current += char;
    }
  }
  cells.push(current.trim());
  return cells;
}

interface Table {
  startLine: number;
  rows: string[];
  /** The first line after the table, or undefined at the end of the file. */
  next: string | undefined;
}

/** Tables outside fenced code blocks: a header row followed by a `| --- |` delimiter row. */
function markdownTables(text: string): Table[] {
  const lines = text.split("\n");
  const tables: Table[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced || !line.trim().startsWith("|")) continue;
    const delimiter = lines[i + 1] ?? "";
    if (!/^\s*\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?)?\s*$/.test(delimiter)) continue;
    const rows = [line];
    let j = i + 2;
    while (j < lines.length && (lines[j] ?? "").trim() !== "" && !/^\s*```/.test(lines[j] ?? "")) {
      rows.push(lines[j] ?? "");
      j++;
    }
    tables.push({ startLine: i + 1, rows, next: lines[j] });
    i = j;
  }
  return tables;
}

function readmes(): string[] {
  const found = ["README.md"];
  for (const dir of ["apps", "packages"]) {
    for (const name of readdirSync(path.join(root, dir))) {
      const file = path.join(dir, name, "README.md");
      try {
        readFileSync(path.join(root, file));
        found.push(file);
      } catch {
        // No README in this package.
      }
    }
  }
  return found;
}

describe("README tables", () => {
  it("finds a swallowed paragraph (the check itself)", () => {
    const broken = [
      "| a | b |",
      "| - | - |",
      "| 1 | 2 | Web: a paragraph |",
      "| that a table swallowed |",
      "",
    ].join("\n");
    const [table] = markdownTables(broken);
    expect(table?.rows.map(tableCells).map((cells) => cells.length)).toEqual([2, 3, 1]);
    expect(tableCells("| `a|b` | c |")).toEqual(["`a|b`", "c"]);
  });

  it.each(readmes())("%s: every row has as many cells as the header", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const table of markdownTables(text)) {
      const width = tableCells(table.rows[0] ?? "").length;
      table.rows.forEach((row, index) => {
        expect(tableCells(row).length, `${file}:${table.startLine + index + (index ? 1 : 0)}: ${row}`).toBe(
          width,
        );
      });
      // Text right under a table without a blank line would join it.
      expect(table.next ?? "", `${file}: the line after the table at line ${table.startLine}`).toBe("");
    }
  });
});
