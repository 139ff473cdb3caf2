import { analyseForSearch } from "../retrieval/arabic";

/**
 * Inbox search analyses messages the way the answer engine analyses knowledge (issue #35): Arabic
 * presentation forms, tatweel, harakat and zero-width characters no longer hide a conversation
 * from a search for the same word. A message's analysed text is stored beside it
 * (`messages.search_content`, null when the analysis changes nothing, as for most English) and its
 * `tsv` is made from that; a search is analysed the same way (`searchTerms`).
 */
export function messageSearchText(content: string): string | null {
  const analysed = analyseForSearch(content);
  return analysed === content ? null : analysed;
}

/**
 * A search as the index holds words, for `websearch_to_tsquery`: each word analysed on its own, so
 * its operators stay attached (`-الشحن` excludes, quotes still make a phrase). Null when nothing
 * searchable is left (only stop words, invisible characters or operators).
 */
export function searchTerms(q: string): string | null {
  const terms = q
    .split(/\s+/)
    .map((word) => {
      const [, lead = "", core = "", tail = ""] = /^([-"]*)(.*?)("*)$/su.exec(word) ?? [];
      const analysed = analyseForSearch(core).trim().replace(/\s+/g, " ");
      return `${lead}${analysed}${tail}`;
    })
    .filter(Boolean)
    .join(" ");
  return /[\p{L}\p{N}]/u.test(terms) ? terms : null;
}
