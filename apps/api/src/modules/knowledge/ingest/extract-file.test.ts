import { readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestBuild } from "../../../../../../scripts/test-build.mjs";
import { pdfBomb, withForgedSize, wordDocument } from "../../../../test/fixtures/hostile-files";
import { extractFileText } from "./extract-file";
import { IngestError } from "./ingest-error";
import type { PageResult } from "./parse-child";
import { createParserProcess, ParseFailure, parseFileIsolated, TOO_MUCH_MEMORY, tooSlow } from "./parse-file";
import { assertSafeZip, ZIP_LIMITS } from "./zip-guard";

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../../../test/fixtures", name));
const TOO_BIG =
  "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.";
const DAMAGED = "This Word document could not be read. It may be damaged; try saving it again as .docx.";

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(IngestError);
    return (err as Error).message;
  }
  return "no error";
};

const parseDefaults = {
  title: "Doc",
  maxChars: 1_000_000,
  maxChunks: 1_500,
  tooMuchText: "too much text",
  tooManyChunks: "too many passages",
  // The API's default (INGEST_MEMORY_MB).
  memoryMb: 768,
  timeoutMs: 60_000,
  // The compiled parse process, as production runs it (scripts/test-build.mjs). The first test
  // below runs the TypeScript one, as `pnpm dev` does.
  entry: path.join(await ensureTestBuild("api"), "parse-child.js"),
};

describe("archive limits (DOCX)", () => {
  let bomb: Buffer;
  beforeAll(() => {
    // 80 MB of XML in about 0.3 MB: past the 64 MB limit of any entry.
    bomb = wordDocument(80 * 1024 * 1024);
  });

  it("lets a real Word document through", () => {
    expect(() => assertSafeZip(fixture("store-policies.docx"))).not.toThrow();
  });

  it("refuses an entry that inflates past the limit, before any parser sees it", () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(reasonOf(() => assertSafeZip(bomb))).toBe(TOO_BIG);
  });

  it("counts the bytes actually inflated, whatever the directory claims", () => {
    // The directory says 1 KB; inflating stops at the entry limit instead of at 80 MB.
    expect(reasonOf(() => assertSafeZip(withForgedSize(bomb, 1024)))).toBe(TOO_BIG);
    // A small real document with a forged size is refused too.
    expect(reasonOf(() => assertSafeZip(withForgedSize(wordDocument(64 * 1024), 10)))).toBe(TOO_BIG);
  });

  it("refuses archives with too many entries, and in total too large", () => {
    const many = wordDocument(1024, ZIP_LIMITS.entries);
    expect(reasonOf(() => assertSafeZip(many))).toBe(TOO_BIG);
    const parts = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`word/part${i}.xml`, new Uint8Array(1024 * 1024)]),
    );
    const tight = { ...ZIP_LIMITS, totalBytes: 4 * 1024 * 1024 };
    expect(reasonOf(() => assertSafeZip(Buffer.from(zipSync(parts)), tight))).toBe(TOO_BIG);
  });

  it("calls a truncated or foreign archive damaged", () => {
    const doc = fixture("store-policies.docx");
    expect(reasonOf(() => assertSafeZip(doc.subarray(0, doc.length - 30)))).toBe(DAMAGED);
    const stored = Buffer.from(zipSync({ "word/document.xml": strToU8("<x/>") }, { level: 0 }));
    expect(() => assertSafeZip(stored)).not.toThrow();
  });
});

describe("text limits", () => {
  it("fails a text file past the plan's characters", async () => {
    const text = Buffer.from("word ".repeat(1000));
    await expect(extractFileText(text, "text", { maxChars: 4000, tooMuchText: "too much" })).rejects.toThrow(
      "too much",
    );
    expect(await extractFileText(text, "text", { maxChars: 5000, tooMuchText: "too much" })).toHaveLength(
      5000,
    );
  });

  it("stops reading a PDF as soon as its text passes the limit", async () => {
    const progress: number[] = [];
    await expect(
      extractFileText(fixture("kettle-handbook.pdf"), "pdf", {
        maxChars: 50,
        tooMuchText: "too much",
        onProgress: (f) => progress.push(f),
      }),
    ).rejects.toThrow("too much");
    // Page 1 alone is past 50 characters: page 2 is never read.
    expect(progress).toEqual([]);
  });
});

describe("parsing in a child process", () => {
  it("reads a PDF into passages and reports progress", async () => {
    const progress: number[] = [];
    const chunks = await parseFileIsolated(fixture("kettle-handbook.pdf"), {
      ...parseDefaults,
      entry: undefined,
      type: "pdf",
      onProgress: (f) => progress.push(f),
    });
    expect(chunks.map((c) => c.body).join(" ")).toContain("3-year warranty");
    expect(progress.at(-1)).toBe(1);
  });

  it("fails a zip bomb with its reason", async () => {
    const err = await parseFileIsolated(wordDocument(80 * 1024 * 1024), {
      ...parseDefaults,
      type: "docx",
    }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(TOO_BIG);
  });

  it("fails a document past the plan's passages", async () => {
    const err = await parseFileIsolated(fixture("kettle-handbook.pdf"), {
      ...parseDefaults,
      type: "pdf",
      maxChunks: 1,
    }).catch((e) => e);
    expect(err.message).toBe("too many passages");
  });

  it("kills a parse that needs more memory than allowed", async () => {
    // Inside the archive limits, but a 40 MB document.xml needs far more than 160 MB to parse.
    const heavy = wordDocument(40 * 1024 * 1024);
    const err = await parseFileIsolated(heavy, { ...parseDefaults, type: "docx", memoryMb: 160 }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(TOO_MUCH_MEMORY);
  });

  it("reads a PDF whose content stream inflates to 200 MB within 160 MB, and says it found no text", async () => {
    // 200 MB of spaces in about 200 KB. pdf.js decodes the stream a piece at a time, so the
    // compiled parse process stays under its cap (the watchdog would have killed it past 160 MB:
    // it did, when the child ran through tsx, whose loader alone held some 460 MB).
    const bomb = pdfBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await parseFileIsolated(bomb, { ...parseDefaults, type: "pdf", memoryMb: 160 }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(
      "No text found in this PDF. Scanned documents need text recognition, which isn't supported yet.",
    );
  });

  it("kills a parse at its deadline", async () => {
    const err = await parseFileIsolated(fixture("kettle-handbook.pdf"), {
      ...parseDefaults,
      type: "pdf",
      timeoutMs: 50,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(tooSlow(50));
  });
});

describe("parsing crawled pages in a child process", () => {
  it("fails a page nested too deeply, then goes on with the next page in the same process", async () => {
    const parser = createParserProcess({ memoryMb: parseDefaults.memoryMb, entry: parseDefaults.entry });
    const run = { timeoutMs: 30_000, timeoutMessage: "" };
    try {
      const deep = `<html><body><main>${"<div>".repeat(10_000)}x${"</div>".repeat(10_000)}</main></body></html>`;
      const err = await parser.request({ kind: "page", html: deep }, run).catch((e) => e);
      expect(err).toBeInstanceOf(ParseFailure);
      expect(err).toMatchObject({ kind: "reason", message: "The page is nested too deeply to read." });
      const page = await parser.request<PageResult>(
        { kind: "page", html: "<title>Hours</title><main><p>Open at nine.</p></main>" },
        run,
      );
      expect(page).toMatchObject({ title: "Hours", text: "Open at nine." });
    } finally {
      parser.close();
    }
  });

  it("kills a page that takes too long to parse, and starts afresh for the next one", async () => {
    const parser = createParserProcess({ memoryMb: parseDefaults.memoryMb, entry: parseDefaults.entry });
    try {
      const warm = { kind: "page", html: "<main><p>Warm.</p></main>" } as const;
      expect((await parser.request<PageResult>(warm, { timeoutMs: 30_000, timeoutMessage: "" })).text).toBe(
        "Warm.",
      );
      // 3 MB of unclosed paragraphs: seconds of parsing, never on the API's event loop.
      const crafted = `<main>${"<p>x".repeat(700_000)}</main>`;
      const err = await parser
        .request({ kind: "page", html: crafted }, { timeoutMs: 200, timeoutMessage: "slow" })
        .catch((e) => e);
      expect(err).toMatchObject({ kind: "timeout", message: "slow" });
      const page = await parser.request<PageResult>(
        { kind: "page", html: "<main><p>Still here.</p></main>" },
        { timeoutMs: 30_000, timeoutMessage: "" },
      );
      expect(page.text).toBe("Still here.");
    } finally {
      parser.close();
    }
  });
});
