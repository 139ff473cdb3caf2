import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const modulesDir = path.join(repoRoot, "apps/api/src/modules");

/** Drizzle table variables by table name: `export const knowledgeSources = pgTable("knowledge_sources"…`. */
function schemaTables(): Map<string, string> {
  const dir = path.join(repoRoot, "apps/api/src/db/schema");
  const byVar = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g))
      byVar.set(m[1] ?? "", m[2] ?? "");
  }
  return byVar;
}

/** The README's module map: module → the tables it owns (the backticked names of its second column). */
function readmeOwners(): Map<string, string[]> {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Architecture: API modules"));
  const owners = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || !cells[1]?.includes("`")) continue;
    // "`contact` (+ `support` routes)": the module and its companions share what it owns.
    const tables = [...(cells[2] ?? "").matchAll(/`(\w+)`/g)].map((m) => m[1] ?? "");
    for (const m of (cells[1] ?? "").matchAll(/`([\w./-]+)`/g)) owners.set(m[1] ?? "", tables);
  }
  return owners;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
        ? [path.join(dir, e.name)]
        : [],
  );

/** Every table a source file writes: drizzle's insert/update/delete, and raw SQL. */
function writesIn(text: string, byVar: Map<string, string>): string[] {
  const names = new Set(byVar.values());
  const written = new Set<string>();
  for (const m of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
    const table = byVar.get(m[1] ?? "");
    if (table) written.add(table);
  }
  for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|(\w+))/gi)) {
    const table = m[1] ? byVar.get(m[1]) : m[2];
    if (table && names.has(table)) written.add(table);
  }
  return [...written];
}

/** The conversations module's tables (schema variable → table): no other code may name them. */
const CONVERSATION_TABLES: Record<string, string> = {
  conversations: "conversations",
  messages: "messages",
  leads: "leads",
  conversationEvents: "conversation_events",
};
const apiSrc = path.join(repoRoot, "apps/api/src");
const conversationsModule = path.join(modulesDir, "conversations");

/** Source without comments (a comment may say "messages from conversations"). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/**
 * The conversations module's tables a source file names, to read or to write: the schema's table
 * variables imported (named, namespaced or dynamically), and the tables' names in raw SQL.
 */
function conversationTablesIn(text: string): string[] {
  const code = withoutComments(text);
  const found = new Set<string>();
  const fromSchema = `["'][^"']*db/schema[^"']*["']`;
  const named = [
    ...code.matchAll(new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*${fromSchema}`, "g")),
    ...code.matchAll(new RegExp(`\\{([^}]*)\\}\\s*=\\s*await\\s+import\\(\\s*${fromSchema}`, "g")),
  ];
  for (const m of named)
    for (const spec of (m[1] ?? "").split(",")) {
      const name =
        spec
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+|\s*:\s*/)[0] ?? "";
      const table = CONVERSATION_TABLES[name];
      if (table) found.add(table);
    }
  const namespaces = [
    ...code.matchAll(new RegExp(`import\\s+\\*\\s+as\\s+(\\w+)\\s+from\\s*${fromSchema}`, "g")),
    ...code.matchAll(new RegExp(`(?:const|let)\\s+(\\w+)\\s*=\\s*await\\s+import\\(\\s*${fromSchema}`, "g")),
  ];
  for (const m of namespaces)
    for (const [name, table] of Object.entries(CONVERSATION_TABLES))
      if (new RegExp(`\\b${m[1]}\\s*\\.\\s*${name}\\b`).test(code)) found.add(table);
  for (const m of code.matchAll(
    /\b(?:from|join|into|update|table)\s+"?(conversations|messages|leads|conversation_events)"?(?=[\s;`)]|$)/gi,
  ))
    found.add((m[1] ?? "").toLowerCase());
  return [...found];
}

describe("one owner for each table", () => {
  const byVar = schemaTables();
  const owners = readmeOwners();

  it("reads the schema and the README's module map", () => {
    expect(byVar.get("knowledgeSources")).toBe("knowledge_sources");
    expect(owners.get("conversations")).toContain("messages");
    // Every table of the schema has exactly one owner in the map (the job queue's is `lib`).
    const claimed = [...new Set(owners.values())].flat();
    for (const table of byVar.values())
      expect(
        claimed.filter((t) => t === table),
        table,
      ).toHaveLength(1);
  });

  it("finds writes to any table, through drizzle or raw SQL", () => {
    expect(
      writesIn(
        // The raw-SQL spelling with an interpolated table variable, as a repository writes it.
        "db.update(knowledgeSources).set({}); sql`delete from $" +
          "{conversations} where x`; sql`insert into knowledge_terms`",
        byVar,
      ).sort(),
    ).toEqual(["conversations", "knowledge_sources", "knowledge_terms"]);
    expect(writesIn("cache.delete(key); set.update(json); sql`select 1 from messages`", byVar)).toEqual([]);
  });

  it("no API module writes a table that another module owns", () => {
    const trespasses: string[] = [];
    for (const module of readdirSync(modulesDir)) {
      const own = owners.get(module);
      expect(own, `module ${module} is missing from the README's module map`).toBeDefined();
      for (const file of sourceFiles(path.join(modulesDir, module))) {
        for (const table of writesIn(readFileSync(file, "utf8"), byVar)) {
          if (!own?.includes(table)) trespasses.push(`${path.relative(repoRoot, file)} writes ${table}`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it("within a module, only its repositories write its tables", () => {
    const outside: string[] = [];
    for (const module of readdirSync(modulesDir)) {
      for (const file of sourceFiles(path.join(modulesDir, module))) {
        // A repository (`*.repo.ts`) or the file store behind the knowledge module's one interface.
        if (/\.repo\.ts$|file-store\.ts$/.test(file)) continue;
        const written = writesIn(readFileSync(file, "utf8"), byVar);
        if (written.length) outside.push(`${path.relative(repoRoot, file)} writes ${written.join(", ")}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("finds the conversations module's tables named anywhere: imports, namespaces and raw SQL", () => {
    const find = (text: string) => conversationTablesIn(text).sort();
    expect(find('import { chatbots, conversations as c, type leads } from "../../db/schema";')).toEqual([
      "conversations",
      "leads",
    ]);
    expect(find('import * as schema from "../db/schema";\nschema.messages.id; schema.chatbots;')).toEqual([
      "messages",
    ]);
    expect(find('const { conversationEvents } = await import("../src/db/schema");')).toEqual([
      "conversation_events",
    ]);
    expect(
      find("sql`select count(*) from messages m join conversations c on c.id = m.conversation_id`"),
    ).toEqual(["conversations", "messages"]);
    expect(find('sql`select 1 from "leads" where x`; sql`insert into conversation_events (id)`')).toEqual([
      "conversation_events",
      "leads",
    ]);
    // Not a table: words in comments and prose, other tables, other names.
    expect(
      find(
        '// read from messages\n/* join conversations */ import { chatbots } from "../db/schema";\n' +
          "const messages = []; messages.push(1); sql`select 1 from message_stats`",
      ),
    ).toEqual([]);
  });

  it("only the conversations module reads or writes conversations, messages, leads and their events", () => {
    const outside: string[] = [];
    const files = sourceFiles(apiSrc).filter(
      (f) =>
        !f.startsWith(path.join(apiSrc, "db", "schema")) && !f.startsWith(conversationsModule + path.sep),
    );
    // The scan covers app.ts, lib/ and plugins/ as well as every other module.
    for (const must of ["app.ts", "lib/batch.ts", "plugins/auth.ts", "modules/inbox/inbox.service.ts"])
      expect(files).toContain(path.join(apiSrc, must));
    for (const file of files) {
      const rel = path.relative(repoRoot, file);
      const named = conversationTablesIn(readFileSync(file, "utf8"));
      for (const table of named) outside.push(`${rel} names ${table}`);
    }
    expect(outside).toEqual([]);
  });
});
