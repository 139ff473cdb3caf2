import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findBypasses, findHtmlBypasses } from "./no-bypass.scan";

/** Each rule of the no-bypass scan (issue #21) on a small fixture: one case it flags, one it passes. */
const dir = mkdtempSync(path.join(tmpdir(), "no-bypass-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** The texts the scan finds in a fixture file. */
function scan(code: string, ext = "tsx"): string[] {
  const file = path.join(dir, `fixture-${++n}.${ext}`);
  writeFileSync(file, code);
  return findBypasses(file).map((b) => b.text);
}

describe("no-bypass rules", () => {
  it("JSX text and the known text attributes", () => {
    expect(scan(`export const A = () => <p title="Help">Hello there</p>;`)).toEqual(["Help", "Hello there"]);
    expect(scan(`export const A = () => <p title={t("help")}>{t("hello")}</p>;`)).toEqual([]);
    expect(
      scan(
        'export const A = ({ n, on }) => <p>{"Delete"}{on ? "Hide" : t("show")}{`${n} items`}{n}{" "}</p>;',
      ),
    ).toEqual(["Delete", "Hide", "items"]);
  });

  it("any other string JSX attribute with words is text: custom props such as heading, description, emptyText", () => {
    expect(
      scan(`export const A = () => (
        <Section heading="Settings" description="Change how your bot answers" emptyText="No bots yet." />
      );`),
    ).toEqual(["Settings", "Change how your bot answers", "No bots yet."]);
    expect(scan(`export const A = ({ open }) => <button aria-label={open ? "Close" : "Open"} />;`)).toEqual([
      "Close",
      "Open",
    ]);
    expect(scan(`export const A = () => <Card heading={cond ? "Your bots" : "Bots you share"} />;`)).toEqual([
      "Your bots",
      "Bots you share",
    ]);
  });

  it("passes non-text attributes and token-like values", () => {
    expect(
      scan(`export const A = () => (
        <Section className="Card big" id="Main" htmlFor="email" href="/help center" type="button" role="status"
          data-state="Open now" aria-live="polite" variant="primary" tone="Accent" i18nKey="x.y" ns="site"
          layoutName="two-columns" iconName="chevronLeft" accent="#4f46e5" width="100%" link="https://x.example/a b"
          statusCode="NOT_FOUND" />
      );`),
    ).toEqual([]);
  });

  it("template literals: prose in any static part, and any word inside a text attribute", () => {
    expect(scan("export const m = (n: number) => `${n} sources failed`;", "ts")).toEqual(["sources failed"]);
    expect(scan("export const m = (a: number, b: number) => `${a} of ${b} left to read`;", "ts")).toEqual([
      "left to read",
    ]);
    expect(
      scan(
        "export const A = ({ name }) => <button aria-label={`Remove ${name}`} title={`${name} options`} />;",
      ),
    ).toEqual(["Remove", "options"]);
  });

  it("passes developer templates: URLs, CSS, class lists, console, errors, logs", () => {
    expect(
      scan(
        `export const u = (id: string, w: number) => \`/api/bots/\${id}?lang=en\`;
        export const c = (w: number) => \`translate(\${w}px, 0) scale(\${w})\`;
        export const k = (a: string) => <div className={\`card \${a} card wide\`} />;
        export const e = (id: string) => { console.warn(\`bot \${id} is not ready yet\`); throw new Error(\`bot \${id} is gone for good\`); };
        export const l = (log: { info(m: string): void }, to: string) => log.info(\`mail not sent to \${to}\`);
        // i18n-ignore: a developer message
        export const d = (id: string) => \`chatbot \${id} is not available\`;`,
      ),
    ).toEqual([]);
  });

  it("object properties named like a text: a capitalised value, even one word", () => {
    expect(
      scan(
        `export const items = [{ id: "del", label: "Delete" }, { title: "Sources", emptyText: "Nothing here" }];`,
        "ts",
      ),
    ).toEqual(["Delete", "Sources", "Nothing here"]);
    expect(
      scan("export const f = (n: number) => ({ label: `${n} items`, title: `plans.${n}.name` });", "ts"),
    ).toEqual(["items"]);
    expect(
      scan(
        `export const f = (x: { name?: string }, on: boolean) => ({ title: x.name ?? "Untitled", cta: on ? "Stop" : t("go") });`,
        "ts",
      ),
    ).toEqual(["Untitled", "Stop"]);
    expect(
      scan(
        `export const items = [{ id: "Delete", label: "actions.delete", title: t("x"), kind: "Primary" }, { label: "Parley" }];`,
        "ts",
      ),
    ).toEqual([]);
  });

  it("document.title = …", () => {
    expect(scan(`document.title = "Settings";`, "ts")).toEqual(["Settings"]);
    expect(scan("document.title = `Inbox · ${count}`;", "ts")).toEqual(["Inbox ·"]);
    expect(scan('document.title = `${t("inbox.title")} · Parley`; document.title = "Parley";', "ts")).toEqual(
      [],
    );
  });
});

describe("no-bypass rules for the HTML entries", () => {
  const html = (code: string, catalogued?: ReadonlySet<string>) => {
    const file = path.join(dir, `fixture-${++n}.html`);
    writeFileSync(file, code);
    return findHtmlBypasses(file, catalogued).map((b) => b.text);
  };
  const page = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" /><title>Chat</title>
    <meta name="description" content="Bots that answer." /><style>body{font:15px system-ui}</style></head>
    <body><div id="app" class="pw" role="status" aria-label="Loading chat"></div>
    <noscript>Please enable JavaScript.</noscript><script type="module" src="/src/main.ts"></script></body></html>`;

  it("flags the title, the described page's meta, text attributes and text nodes", () => {
    expect(html(page).sort()).toEqual([
      "Bots that answer.",
      "Chat",
      "Loading chat",
      "Please enable JavaScript.",
    ]);
  });

  it("passes brands, markup, scripts and the texts the API swaps from the catalogs", () => {
    const catalogued = new Set(["Chat", "Bots that answer.", "Loading chat", "Please enable JavaScript."]);
    expect(html(page, catalogued)).toEqual([]);
    expect(
      html(`<html><head><title>Parley</title><script>const a = "Hello there";</script></head></html>`),
    ).toEqual([]);
  });
});
