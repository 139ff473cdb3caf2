import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { extractFileText } from "./extract-file";

/**
 * Arabic documents are read in logical order. The PDF is made here, at test time, the way a word
 * processor writes a right-to-left line: each word shaped right to left (fontkit, with a real
 * Arabic font), the words placed from the right margin and drawn left to right — so the content
 * stream holds the line's words last-to-first, which is what reverses Arabic in naive extractors.
 */
const ARABIC_FONT = "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf";
const LATIN_FONT = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf";
const haveFonts = existsSync(ARABIC_FONT) && existsSync(LATIN_FONT);
const opts = { maxChars: 100_000, tooMuchText: "too much" };

async function rightToLeftPdf(lines: { words: string[]; size: number }[]): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: "RTL", CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => doc.on("end", r));
  const fontFor = (w: string) => (/[A-Za-z]/.test(w) ? LATIN_FONT : ARABIC_FONT);
  let y = 72;
  for (const { words, size } of lines) {
    doc.fontSize(size);
    let x = 540;
    const placed = words.map((w) => {
      doc.font(fontFor(w));
      const width = doc.widthOfString(w);
      x -= width;
      const at = x;
      x -= doc.widthOfString(" ");
      return { w, at };
    });
    // Visual order: the leftmost word (the line's last) is drawn first.
    for (const p of [...placed].reverse()) doc.font(fontFor(p.w)).text(p.w, p.at, y, { lineBreak: false });
    y += size * 1.6;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe("Arabic documents", () => {
  it.skipIf(!haveFonts)(
    "reads a right-to-left PDF drawn in visual order in logical order (words, numbers, Latin runs)",
    async () => {
      const pdf = await rightToLeftPdf([
        { words: ["سياسة", "الإرجاع"], size: 20 },
        { words: ["يمكنك", "إرجاع", "المنتجات", "خلال", "14", "يومًا", "ولا", "نقبل", "الشيكات."], size: 12 },
        { words: ["نقبل", "Apple Pay", "وبنفت", "باي."], size: 12 },
      ]);
      // The file really is hostile: pdf.js hands the words over last-to-first.
      const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
      const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
      const items = (await (await doc.getPage(1)).getTextContent()).items
        .map((it) => ("str" in it ? it.str : ""))
        .filter((s) => s.trim());
      await doc.destroy();
      expect(items[0]).toBe("الإرجاع");

      const text = (await extractFileText(pdf, "pdf", opts)).replace(/[ \t]+/g, " ");
      expect(text).toContain("## سياسة الإرجاع");
      expect(text).toContain("يمكنك إرجاع المنتجات خلال 14 يومًا ولا نقبل الشيكات.");
      expect(text).toContain("نقبل Apple Pay وبنفت باي.");
    },
  );

  it("reads a PDF Chromium printed from a right-to-left page in logical order, as letters", async () => {
    // test/fixtures/arabic-chromium.pdf: `chromium --headless --no-pdf-header-footer --print-to-pdf`
    // of test/fixtures/arabic-chromium.html, a page with
    // dir="rtl" in Noto Naskh Arabic (a heading and two paragraphs, one with "Apple Pay", 14 and
    // ٢٠). Chromium draws each glyph on its own, left to right, in presentation forms.
    const pdf = readFileSync(path.join(import.meta.dirname, "../../../../test/fixtures/arabic-chromium.pdf"));
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items
      .map((it) => ("str" in it ? it.str : ""))
      .filter((s) => s.trim());
    await doc.destroy();
    // In drawing order the heading's last letter comes first.
    expect(items[0]).toBe("ع");
    const text = (await extractFileText(pdf, "pdf", opts)).replace(/[ \t]+/g, " ");
    expect(text).toContain("## سياسة الإرجاع");
    expect(text).toContain("يمكنك إرجاع المنتجات غير المستخدمة خلال 14");
    expect(text).toContain("من تاريخ الاستلام، ولا نقبل إرجاع العطور المفتوحة.");
    expect(text).toContain("نقبل الدفع عبر Apple Pay وبطاقات فيزا وماستركارد، والتوصيل مجاني للطلبات فوق ٢٠");
    expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFC]/);
  });

  it("reads a Chromium PDF in Noto Sans Arabic: ligatures, tanween and a wrapped line as written", async () => {
    // test/fixtures/arabic-chromium-sans.pdf: Chromium's page.pdf() (A4) of a dir="rtl" page in
    // Noto Sans Arabic, 16 px: "ساعات العمل: يفتح المتجر من السبت إلى الخميس من الساعة التاسعة
    // صباحًا حتى العاشرة مساءً، ويوم الجمعة من الرابعة عصرًا." It wraps before its last word, and
    // pdf.js hands over إلى's lam-alef-maksura ligature reversed and the tanweens as glyphs apart.
    const pdf = readFileSync(
      path.join(import.meta.dirname, "../../../../test/fixtures/arabic-chromium-sans.pdf"),
    );
    const text = await extractFileText(pdf, "pdf", opts);
    expect(text).toContain("## دليل المتجر");
    // One paragraph: the wrapped line is not a new one.
    expect(text).toContain(
      "ساعات العمل: يفتح المتجر من السبت إلى الخميس من الساعة التاسعة صباحا حتى العاشرة مساء، ويوم الجمعة من الرابعة\nعصرا.",
    );
  });

  it("reads an Arabic Word document (right-to-left paragraphs) in logical order", async () => {
    const xml = (s: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const rtl = (text: string) =>
      `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const docx = zipSync({
      "[Content_Types].xml": xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "_rels/.rels": xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      "word/document.xml": xml(
        `<w:document ${W}><w:body>${rtl("طرق الدفع")}${rtl("نقبل الدفع ببطاقات فيزا وماستركارد، وعبر بنفت باي.")}${rtl("لا نقبل الشيكات؛ والأسعار بالدينار البحريني.")}</w:body></w:document>`,
      ),
    });
    const text = await extractFileText(Buffer.from(docx), "docx", opts);
    expect(text).toContain("نقبل الدفع ببطاقات فيزا وماستركارد، وعبر بنفت باي.");
    expect(text).toContain("لا نقبل الشيكات؛ والأسعار بالدينار البحريني.");
    expect(text.indexOf("طرق الدفع")).toBeLessThan(text.indexOf("نقبل الدفع"));
  });
});
