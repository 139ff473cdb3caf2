import { createRequire } from "node:module";
import path from "node:path";
import { htmlToText } from "./html-text";
import { IngestError } from "./ingest-error";
import { assertSafeZip } from "./zip-guard";

export { IngestError };

export type DetectedType = "pdf" | "docx" | "markdown" | "text";

/** Decides the type from the bytes, never from the file name (which is only a Markdown hint). */
export function detectFileType(data: Buffer, fileName = ""): DetectedType {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
    // A ZIP: a Word document only if it carries word/document.xml (checked by name in the central directory).
    if (data.includes(Buffer.from("word/document.xml"))) return "docx";
    throw new IngestError(
      "This ZIP file is not a Word document. Upload a PDF, Word (.docx), Markdown or text file.",
    );
  }
  if (data.includes(0))
    throw new IngestError(
      "This file type isn't supported. Upload a PDF, Word (.docx), Markdown or text file.",
    );
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw new IngestError("This file isn't UTF-8 text. Upload a PDF, Word (.docx), Markdown or text file.");
  }
  const text = data.toString("utf8");
  return /\.(md|markdown)$/i.test(fileName) || /^#{1,6} \S/m.test(text) ? "markdown" : "text";
}

export const MIME: Record<DetectedType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  markdown: "text/markdown",
  text: "text/plain",
};

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));

export interface ExtractOptions {
  /** Text past this many characters fails the file with `tooMuchText`. */
  maxChars: number;
  tooMuchText: string;
  onProgress?: (fraction: number) => void;
}

/**
 * Extracts the text of a file as Markdown-ish text (headings as `#` lines where they can be told).
 * Runs in the parse process (parse-child.ts), never in the API's: the inputs are hostile.
 */
export async function extractFileText(
  data: Buffer,
  type: DetectedType,
  opts: ExtractOptions,
): Promise<string> {
  const tooLong = () => new IngestError(opts.tooMuchText);
  let text: string;
  if (type === "pdf") text = await extractPdf(data, opts.onProgress ?? (() => {}), opts.maxChars, tooLong);
  else if (type === "docx") text = await extractDocx(data);
  else {
    // At most four bytes a character: a file over four times the limit in bytes is over it in text.
    if (data.length > opts.maxChars * 4) throw tooLong();
    text = data.toString("utf8");
  }
  if (text.length > opts.maxChars) throw tooLong();
  if (!text.replace(/[#\s]/g, "")) {
    throw new IngestError(
      type === "pdf"
        ? "No text found in this PDF. Scanned documents need text recognition, which isn't supported yet."
        : "This document is empty.",
    );
  }
  return text;
}

async function extractPdf(
  data: Buffer,
  onProgress: (fraction: number) => void,
  maxChars: number,
  tooLong: () => IngestError,
): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let doc: Awaited<ReturnType<typeof getDocument>["promise"]>;
  try {
    doc = await getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
      standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}${path.sep}`,
    }).promise;
  } catch (err) {
    const name = (err as Error).name;
    throw new IngestError(
      name === "PasswordException"
        ? "This PDF is password-protected. Remove the password and upload it again."
        : "This PDF could not be read. It may be damaged; try exporting it again.",
    );
  }
  // Lines of every page first (a heading is judged against the body size of the whole document).
  const pages: { text: string; size: number; gapBefore: number; rtl: boolean }[][] = [];
  let chars = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const lines: { text: string; size: number; gapBefore: number; rtl: boolean }[] = [];
    let line = { text: "", size: 0, y: 0, items: [] as LineItem[] };
    let lastLineY: number | undefined;
    const flush = () => {
      // A right-to-left line is read in logical order whatever order it was drawn in.
      const rtl = isRightToLeft(line.items);
      const text = rtl ? logicalOrder(line.items) : line.text;
      if (text.trim()) {
        const gap = lastLineY === undefined ? 0 : Math.abs(lastLineY - line.y);
        lines.push({ text: text.trim(), size: line.size, gapBefore: gap, rtl });
        lastLineY = line.y;
      }
      line = { text: "", size: 0, y: 0, items: [] };
    };
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const size = Math.abs(item.transform[3] ?? 0);
      const y = item.transform[5] ?? 0;
      // A new baseline starts a new line even when pdf.js did not mark the end of the last one.
      if (line.text && Math.abs(y - line.y) > Math.max(2, size * 0.5)) flush();
      if (item.str) {
        if (!line.text) line.y = y;
        line.text += item.str;
        line.items.push({
          str: item.str,
          x: item.transform[4] ?? 0,
          width: item.width ?? 0,
          size,
          rtl: item.dir === "rtl",
        });
        line.size = Math.max(line.size, size);
      }
      if (item.hasEOL) flush();
    }
    flush();
    pages.push(lines);
    page.cleanup();
    // Stop reading as soon as the text is past the limit, not after the last page.
    chars += lines.reduce((sum, l) => sum + l.text.length + 1, 0);
    if (chars > maxChars) {
      await doc.destroy();
      throw tooLong();
    }
    onProgress(n / doc.numPages);
  }
  const sizes = pages
    .flat()
    .map((l) => l.size)
    .sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const rendered = pages.map((lines) =>
    lines
      .map((l) => {
        if (body && l.size >= body * 1.25 && l.text.length < 120) return `\n## ${l.text}\n`;
        // A gap clearly larger than the line height separates paragraphs. Arabic fonts set their
        // lines further apart (Noto Sans Arabic: about 1.9 em), so a wrapped Arabic line is not
        // taken for a new paragraph.
        return l.gapBefore > l.size * (l.rtl ? 2.6 : 1.8) ? `\n${l.text}` : l.text;
      })
      .join("\n"),
  );
  await doc.destroy();
  return arabicLetters(rendered.join("\n\n"));
}

/**
 * Arabic as pdf.js reads it from many PDFs (Chromium's, Word's): in presentation forms (ﺳﻴﺎﺳﺔ, one
 * glyph each), a harakah set apart by its own position. Back to letters (ﺳﻴﺎﺳﺔ → سياسة) with the
 * mark against its letter, so the passage reads, cites and matches as typed.
 */
function arabicLetters(text: string): string {
  if (!/[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFC]/.test(text)) return text;
  return (
    text
      .replace(/[\uFB50-\uFDFF\uFE70-\uFEFC]/g, (c) => c.normalize("NFKC"))
      .replace(/[ \t]+(?=[\u064B-\u065F\u0670])/g, "")
      // A lam-alef maksura ligature read right to left comes out as "ىل"; alef maksura only ever
      // ends a word, so "ىل" at a word's end is "لى" (إىل → إلى, عىل → على).
      .replace(/\u0649\u0644(?=[^\u0621-\u064A]|$)/g, "\u0644\u0649")
      // A lone alef is no Arabic word: it is the end of the word before it, pushed off by a
      // tanween glyph (صباح ا → صباحا).
      .replace(/(?<=[\u0621-\u064A])[ \t]+\u0627(?=[^\u0621-\u064A]|$)/g, "\u0627")
      // Arabic punctuation sits against the word before it (مساءً ، → مساءً،).
      .replace(/(?<=[\u0600-\u06FF])[ \t]+(?=[\u060C\u061B\u061F])/g, "")
  );
}

/** A piece of text pdf.js found on a line: its text (logical order), left edge, and direction. */
interface LineItem {
  str: string;
  x: number;
  width: number;
  size: number;
  rtl: boolean;
}

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;
const STRONG_LTR = /[A-Za-z0-9\u00C0-\u024F]/;

/** A line with more right-to-left text (Arabic, Hebrew) than left-to-right. */
function isRightToLeft(items: LineItem[]): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const it of items) {
    if (STRONG_RTL.test(it.str)) rtl += it.str.length;
    else if (STRONG_LTR.test(it.str)) ltr += it.str.length;
  }
  return rtl > ltr;
}

/**
 * A right-to-left line in reading order. Word processors draw a line's glyphs left to right (in
 * visual order), so pdf.js hands the words over last-to-first; read by position instead: from the
 * right edge leftwards, a run of left-to-right words ("Apple Pay", "14") kept in its own order.
 */
function logicalOrder(items: LineItem[]): string {
  const byX = items
    .map((it, i) => ({ ...it, i }))
    .sort((a, b) => b.x - a.x || b.i - a.i)
    // A harakah drawn as a glyph of its own (tanween on صباحًا) sits wherever the font put it, often
    // before its letter: dropped (Arabic reads and is searched without them) rather than misplaced.
    .filter((it) => it.str !== "" && !/^[\u064B-\u065F\u0670]+$/.test(it.str));
  const ltr = (it: LineItem) => !it.rtl && STRONG_LTR.test(it.str) && !STRONG_RTL.test(it.str);
  let out = "";
  // The left edge of what was read so far: words placed apart (a gap over a fifth of the type
  // size) without a space between them get one.
  let leftEdge: number | undefined;
  const add = (text: string, first: LineItem, last: LineItem) => {
    const gap = leftEdge === undefined ? 0 : leftEdge - (first.x + first.width);
    if (gap > first.size * 0.2 && out && !/\s$/.test(out) && !/^\s/.test(text)) out += " ";
    out += text;
    leftEdge = last.x;
  };
  for (let k = 0; k < byX.length; ) {
    const it = byX[k];
    if (!it) break;
    if (!ltr(it)) {
      add(it.str, it, it);
      k++;
      continue;
    }
    // A left-to-right run: this item and those further left, through the spaces between them,
    // read left to right.
    let end = k;
    for (let j = k + 1; j < byX.length; j++) {
      const next = byX[j];
      if (!next) break;
      if (ltr(next)) end = j;
      else if (next.str.trim() !== "") break;
    }
    const run = byX.slice(k, end + 1).reverse();
    const leftmost = run[0] ?? it;
    add(run.map((r) => r.str).join(""), it, leftmost);
    k = end + 1;
  }
  return out;
}

async function extractDocx(data: Buffer): Promise<string> {
  // Before mammoth (JSZip) inflates anything: entry count and inflated sizes within limits.
  assertSafeZip(data);
  const mammoth = await import("mammoth");
  try {
    const { value } = await mammoth.convertToHtml(
      { buffer: data },
      // Only the text is learned from: images are never read (nor inlined as base64).
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    return htmlToText(`<body>${value}</body>`).text;
  } catch {
    throw new IngestError(
      "This Word document could not be read. It may be damaged; try saving it again as .docx.",
    );
  }
}
