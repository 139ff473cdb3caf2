import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue #31's seam: conversations are the hub, channels are at the edge. The turn of a customer's
 * message (who answers, handoff words, quota, answer, store) lives in the conversations module
 * (turn.service.ts); the widget, the public API and the messaging channels each call it and know
 * nothing of one another; only the turn asks the answer engine for a customer's answer; nobody
 * fakes a widget visitor. These checks read the sources, so the seam stays where it was put.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const modulesDir = path.join(repoRoot, "apps/api/src/modules");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
        ? [path.join(dir, e.name)]
        : [],
  );

/** Source without comments (a comment may name another module). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** The modules a file imports from (`../widget/…` → widget), its own excepted. */
function importedModules(file: string): { module: string; what: string }[] {
  const own = path.relative(modulesDir, file).split(path.sep)[0];
  const code = withoutComments(readFileSync(file, "utf8"));
  const found: { module: string; what: string }[] = [];
  for (const m of code.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
    const spec = m[1] ?? "";
    if (!spec.startsWith(".")) continue;
    const target = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
    if (target.startsWith("..")) continue;
    const module = target.split(path.sep)[0] ?? "";
    if (module && module !== own) found.push({ module, what: target });
  }
  return found;
}

const filesOf = (module: string) => sourceFiles(path.join(modulesDir, module));
const CUSTOMER_EDGES = ["widget", "public-api", "channels"] as const;

describe("the conversation hub's seam", () => {
  it("finds the modules it guards", () => {
    for (const module of [...CUSTOMER_EDGES, "conversations", "chat"])
      expect(filesOf(module).length, module).toBeGreaterThan(0);
    expect(filesOf("conversations").map((f) => path.basename(f))).toContain("turn.service.ts");
  });

  it("keeps the widget, the public API and the channels apart: none imports another", () => {
    const crossings: string[] = [];
    for (const edge of CUSTOMER_EDGES)
      for (const file of filesOf(edge))
        for (const { module, what } of importedModules(file))
          if ((CUSTOMER_EDGES as readonly string[]).includes(module))
            crossings.push(`${path.relative(repoRoot, file)} imports ${what}`);
    expect(crossings).toEqual([]);
  });

  it("asks the answer engine for a customer's answer only in the turn", () => {
    // The engine's error type may be named at the edges (to word a failure); its service is the
    // turn's (the Playground, the owner's own test, lives in the chat module itself).
    const callers: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      if (file.startsWith(path.join(modulesDir, "chat") + path.sep)) continue;
      for (const { what } of importedModules(file))
        if (what.startsWith(`chat${path.sep}chat.service`)) callers.push(path.relative(modulesDir, file));
    }
    expect(callers).toEqual([path.join("conversations", "turn.service.ts")]);
  });

  it("never fakes a widget visitor outside the widget", () => {
    const fakes: string[] = [];
    for (const edge of ["public-api", "channels"])
      for (const file of filesOf(edge)) {
        const code = withoutComments(readFileSync(file, "utf8"));
        if (/x-parley-visitor|visitorScope|visitorId\s*:/.test(code))
          fakes.push(path.relative(repoRoot, file));
      }
    expect(fakes).toEqual([]);
  });

  it("reaches the turn from every customer edge", () => {
    for (const edge of CUSTOMER_EDGES) {
      const usesTurn = filesOf(edge).some((file) => {
        const code = withoutComments(readFileSync(file, "utf8"));
        return /\bturn\.(prepare|start|contactConversation)\b|TurnService\b|\.prepareMessage\(|widget\.ask\b/.test(
          code,
        );
      });
      expect(usesTurn, edge).toBe(true);
    }
  });
});
