/**
 * Splits a document into retrieval chunks that keep each heading with its text: every chunk
 * carries its heading path ("Returns › Refunds") as its title, and a chunk never mixes two
 * sections. Long sections are cut at paragraph, then sentence boundaries.
 */
export interface Chunk {
  title: string;
  body: string;
}

const TARGET = 900;
const MAX = 1400;

export function chunkMarkdown(text: string, docTitle = ""): Chunk[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const path: string[] = [];
  const sections: { title: string; paragraphs: string[] }[] = [];
  let current = { title: docTitle, paragraphs: [] as string[] };
  let paragraph: string[] = [];
  const flushParagraph = () => {
    const p = paragraph.join(" ").replace(/\s+/g, " ").trim();
    if (p) current.paragraphs.push(p);
    paragraph = [];
  };
  for (const line of lines) {
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flushParagraph();
      if (current.paragraphs.length) sections.push(current);
      const level = heading[1]?.length ?? 1;
      path.splice(level - 1);
      path[level - 1] = heading[2] ?? "";
      const trail = path.filter(Boolean);
      current = { title: [docTitle, ...trail].filter(Boolean).join(" › "), paragraphs: [] };
    } else if (line.trim() === "") {
      flushParagraph();
    } else {
      paragraph.push(line.trim().replace(/^[-*+]\s+/, "• "));
    }
  }
  flushParagraph();
  if (current.paragraphs.length) sections.push(current);

  const chunks: Chunk[] = [];
  for (const section of sections) {
    let body = "";
    const push = () => {
      if (body.trim()) chunks.push({ title: section.title, body: body.trim() });
      body = "";
    };
    for (const p of section.paragraphs) {
      for (const piece of splitLong(p)) {
        if (body && body.length + piece.length + 2 > TARGET) push();
        body = body ? `${body}\n\n${piece}` : piece;
      }
    }
    push();
  }
  return chunks;
}

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX) return [paragraph];
  // Sentence ends, Arabic ones too (؟ ؛ and the Arabic full stop ۔).
  const sentences = paragraph.match(/[^.!?؟؛۔]+[.!?؟؛۔]+(\s|$)|[^.!?؟؛۔]+$/g) ?? [paragraph];
  const out: string[] = [];
  let buf = "";
  for (const s of sentences) {
    if (buf && buf.length + s.length > TARGET) {
      out.push(buf.trim());
      buf = "";
    }
    if (s.length > MAX) {
      for (let i = 0; i < s.length; i += TARGET) out.push(s.slice(i, i + TARGET).trim());
    } else buf += s;
  }
  if (buf.trim()) out.push(buf.trim());
  return out;
}
