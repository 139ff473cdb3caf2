/**
 * Splits a document into retrieval chunks that keep each heading with its text: every chunk
 * carries its heading path ("Returns › Refunds") as its title, and a chunk never mixes two
 * sections. Long sections are cut at paragraph, then sentence boundaries.
 */
export interface Chunk {
  title: string;
  body: string;
}

/**
 * Chunk size, longest paragraph kept whole, and how much of a chunk's end the next one repeats.
 * Chosen on COVID-QA's dev half (whole articles, one bot, retrieval of the gold span; see the
 * README's "Answer quality"): 900/0 hit@1 52.8 %, recall@5 77.1 %; 900/250 55.7 %, 77.1 %;
 * 600/200 52.0 %, 72.8 %; 1200/300 55.2 %, 78.1 % (hit@3 72.7 %, the best); 1500/400 54.8 %, 79.5 %.
 */
const TARGET = 1200;
const MAX = 1800;
const OVERLAP = 300;
/** Sentence ends, Arabic ones too (؟ ؛ and the Arabic full stop ۔). */
const SENTENCE = /[^.!?؟؛۔]+[.!?؟؛۔]+(\s|$)|[^.!?؟؛۔]+$/g;

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
    // Whether `body` holds more than the overlap carried over from the chunk before.
    let fresh = false;
    const push = () => {
      if (fresh && body.trim()) chunks.push({ title: section.title, body: body.trim() });
      body = fresh ? tailOf(body, OVERLAP) : "";
      fresh = false;
    };
    for (const p of section.paragraphs) {
      for (const piece of splitLong(p)) {
        if (fresh && body.length + piece.length + 2 > TARGET) push();
        body = body ? `${body}\n\n${piece}` : piece;
        fresh = true;
      }
    }
    push();
  }
  return chunks;
}

/**
 * The end of a chunk repeated at the start of the next one, so that an answer spanning the cut is
 * whole in one of them: its last sentences, at most `size` characters (none when the last sentence
 * alone is longer).
 */
function tailOf(body: string, size: number): string {
  if (size <= 0) return "";
  const sentences = body.match(SENTENCE) ?? [];
  let tail = "";
  for (let i = sentences.length - 1; i >= 0; i--) {
    const next = `${sentences[i]}${tail}`;
    if (next.trim().length > size) break;
    tail = next;
  }
  return tail.trim();
}

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX) return [paragraph];
  const sentences = paragraph.match(SENTENCE) ?? [paragraph];
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
