import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkMarkdown } from "./chunker";
import { extractFileText } from "./extract-file";
import { htmlToText } from "./html-text";

const fixture = (name: string) =>
  readFileSync(resolve(import.meta.dirname, "../../../../test/fixtures", name));
const sentence = (i: number) =>
  `Sentence number ${i} talks about topic ${i} at some length to fill the chunk.`;

describe("chunks of long documents", () => {
  it("titles each chunk with its heading path, never mixing two sections", () => {
    const chunks = chunkMarkdown(
      "# Returns\n\nThirty days.\n\n## Refunds\n\nTo the card.\n\n# Hours\n\nNine to five.",
      "Shop",
    );
    expect(chunks).toEqual([
      { title: "Shop › Returns", body: "Thirty days." },
      { title: "Shop › Returns › Refunds", body: "To the card." },
      { title: "Shop › Hours", body: "Nine to five." },
    ]);
  });

  it("repeats the end of a chunk at the start of the next, so an answer across the cut is whole in one", () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkMarkdown(text, "Article");
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.body.length).toBeLessThanOrEqual(1800);
    // Every pair of neighbouring sentences (an answer spanning them) is inside some chunk.
    for (let i = 0; i < 59; i++) {
      const span = `${sentence(i)} ${sentence(i + 1)}`;
      expect(
        chunks.some((c) => c.body.replace(/\s+/g, " ").includes(span)),
        `sentences ${i} and ${i + 1}`,
      ).toBe(true);
    }
    // The overlap is bounded: a chunk starts with at most ~300 characters of the one before.
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]?.body ?? "";
      const head = (chunks[i]?.body ?? "").slice(0, 400);
      let shared = 0;
      for (let n = 1; n <= head.length; n++) if (prev.endsWith(head.slice(0, n))) shared = n;
      expect(shared).toBeLessThanOrEqual(300);
      expect(shared).toBeGreaterThan(0);
    }
  });

  it("keeps a section that fits in one chunk whole, and adds no chunk of repeated text only", () => {
    const chunks = chunkMarkdown(`# A\n\n${sentence(1)}\n\n# B\n\n${sentence(2)}`, "");
    expect(chunks.map((c) => c.body)).toEqual([sentence(1), sentence(2)]);
  });

  it("headings of a PDF, a Word document and a web page become the passages' titles", async () => {
    const opts = { maxChars: 1_000_000, tooMuchText: "too long" };
    const pdf = await extractFileText(fixture("kettle-handbook.pdf"), "pdf", opts);
    expect(chunkMarkdown(pdf, "Kettle").map((c) => c.title)).toEqual([
      "Kettle › Warranty",
      "Kettle › Descaling",
      "Kettle › Spare parts",
    ]);
    const docx = await extractFileText(fixture("store-policies.docx"), "docx", opts);
    expect(chunkMarkdown(docx, "Policies").map((c) => c.title)).toEqual([
      "Policies › Store policies › Returns",
      "Policies › Store policies › Opening hours",
    ]);
    const page = htmlToText(
      "<html><head><title>Shop</title></head><body><h1>Delivery</h1><p>We deliver.</p><h2>Fees</h2><p>2 BHD.</p></body></html>",
    );
    expect(chunkMarkdown(page.text, page.title).map((c) => c.title)).toEqual([
      "Shop › Delivery",
      "Shop › Delivery › Fees",
    ]);
  });
});
