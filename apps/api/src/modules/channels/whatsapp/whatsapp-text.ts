import { type BotLanguage, WHATSAPP_TEXT_MAX } from "@parley/contracts";
import type { StoredCitation } from "../../../db/schema";

/**
 * Answers as a phone shows them. WhatsApp has its own light formatting (*bold*, _italic_,
 * ~strike~, ```code```) and no links behind words, so the bot's Markdown is turned into that, and
 * the sources it cites become plain lines under the answer.
 */
export function toWhatsappText(markdown: string): string {
  return (
    markdown
      // [words](https://…) → words (https://…): a phone shows the address, and it stays tappable.
      .replace(/\[([^\]\n]{1,500})\]\((https?:\/\/[^\s)]{1,2000})\)/g, (_m, words: string, url: string) =>
        words === url ? url : `${words} (${url})`,
      )
      // # Heading → *Heading*
      .replace(/^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm, "*$1*")
      // **bold** / __bold__ → *bold*
      .replace(/\*\*(?=\S)([^*\n]+?)\*\*/g, "*$1*")
      .replace(/__(?=\S)([^_\n]+?)__/g, "*$1*")
      // A list item's "* " would read as bold: "- " instead.
      .replace(/^([ \t]*)\*[ \t]+/gm, "$1- ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

const SOURCES = { en: "Sources:", ar: "المصادر:" } as const;

/** The sources an answer used, one line each ("1. Title – https://…"), in the answer's language. */
export function sourcesText(citations: readonly StoredCitation[], language: BotLanguage): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const c of citations) {
    const key = `${c.title}\u0000${c.url ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${lines.length + 1}. ${c.title}${c.url ? ` – ${c.url}` : ""}`);
    if (lines.length === 5) break;
  }
  return lines.length ? `${SOURCES[language]}\n${lines.join("\n")}` : "";
}

/** Where a text may be cut: after a sentence's end, else after a line, else after a space. */
const BREAKS = [/[.!?؟。][)"'»”]*\s+/g, /\n+/g, /\s+/g];

/**
 * The text in messages of at most `max` characters, cut at sentence ends where it can be (then at
 * line ends, then between words; a single word longer than a message is cut where it must be).
 */
export function splitMessage(text: string, max = WHATSAPP_TEXT_MAX): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = 0;
    for (const pattern of BREAKS) {
      for (const m of window.matchAll(pattern)) {
        const end = (m.index ?? 0) + m[0].length;
        // Not a cut that leaves a sliver: at least a third of a message first.
        if (end >= max / 3 && end <= max) cut = end;
      }
      if (cut) break;
    }
    if (!cut) cut = max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
