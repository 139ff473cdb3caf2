import type { Citation } from "@parley/contracts";
import type { Passage } from "../retrieval/retrieval";

/** One citation per document: a source, or for a website each page of it. */
export const citationKey = (p: Passage) => `${p.sourceId}\u0000${p.url ?? ""}`;

export function toCitations(passages: Passage[]): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const p of passages) {
    const key = citationKey(p);
    if (seen.has(key)) continue;
    seen.add(key);
    const snippet = p.body.length > 220 ? `${p.body.slice(0, 217).trimEnd()}…` : p.body;
    // A crawled page is cited by its own title (the first part of the chunk's heading path).
    const title = p.sourceKind === "website" ? p.title.split(" › ")[0] || p.sourceTitle : p.sourceTitle;
    out.push({ sourceId: p.sourceId, title, kind: p.sourceKind, url: p.url, snippet });
  }
  return out;
}
