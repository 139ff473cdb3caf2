import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A copy of a migrations folder holding only the entries up to (and without) `firstNewTag`. */
export function migrationsBefore(folder: string, firstNewTag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === firstNewTag);
  if (cut < 0) throw new Error(`no migration ${firstNewTag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return {
    dir,
    /** Brings the copy up to date: the next migrate() applies the new migrations. */
    upgrade() {
      cpSync(folder, dir, { recursive: true });
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
