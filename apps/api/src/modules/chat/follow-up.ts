import type { ChatTurn } from "@parley/contracts";
import { arabicTerms, detectLanguage, normalizeArabic } from "../retrieval/arabic";

/** Words that point back at something said before ("how much is it?", "do they deliver?"). */
const POINTS_BACK = /\b(it|its|it's|they|them|their|this|that|these|those|one|ones|there|he|she|him|her)\b/i;
const FILLER = new Set(
  "a an the and or but is are was were be been do does did can could would should will shall may might must i you we me my your our to of in on at for with from by about how what when where which who why much many long often please thanks thank ok okay so then also and any some more per".split(
    " ",
  ),
);

/** Arabic (normalised) words that point back: هذا، هذه، ذلك، هو، هي، هم، نفسه، منه، فيه، عليه… */
const POINTS_BACK_AR =
  /(^|\s)(و|ف)?(هذا|هذه|هذي|ذلك|ذاك|تلك|هو|هي|هم|هما|نفسه|نفسها|منه|منها|فيه|فيها|عليه|عليها|له|لها|عنه|عنها|به|بها)(\s|$)/;
/** Openings of a follow-up: "and what about…", "and for…", "ok, and…". */
const FOLLOW_UP_AR = /^(و|ف)?(ماذا عن|وش عن|شو عن|ايش عن|طيب|بالنسبه|وبالنسبه|وكذلك|ماذا بشان|وماذا)/;

/**
 * An Arabic question that leans on the one before: a pointing word, a pronoun fused to a noun
 * without the article (سعره "its price", ارجاعها "returning it": ه/ها/هم written with ه, not ة),
 * an opening like "وماذا عن", or at most one word of substance.
 */
function arabicFollowUp(question: string): boolean {
  // "ما هو / ما هي" (what is) opens a question; its هو/هي points at nothing.
  const norm = normalizeArabic(question)
    .trim()
    .replace(/^(و|ف)?(ما|من|ماذا) (هو|هي|هم)(\s|$)/, "");
  if (POINTS_BACK_AR.test(norm) || FOLLOW_UP_AR.test(norm)) return true;
  // Before normalisation ة and ه differ: a word ending in ه/ها/هم/هن after 2+ letters, not definite.
  const pronoun = (question.match(/[\u0621-\u064A]+/g) ?? []).some(
    (w) =>
      !/^(و|ف|ب)?(ال|لل)/.test(w) &&
      /^[\u0621-\u064A]{3,}(ه|ها|هم|هن)$/.test(w) &&
      !/^(الله|انه|لانه)$/.test(w),
  );
  return pronoun || arabicTerms(question).length <= 1;
}

/**
 * The question to search for, given the conversation: a follow-up that points back at something
 * ("how much is it?") or says too little on its own is searched together with the visitor's
 * previous question, so "it" finds the family tent asked about before. Anything else is searched
 * as asked. The answer still answers the question as asked (its kind: a price for "how much").
 */
export function searchQuery(question: string, history: ChatTurn[]): string {
  const previous = [...history]
    .reverse()
    .find((t) => t.role === "user")
    ?.content.trim();
  if (!previous) return question;
  if (detectLanguage(question) === "ar")
    return arabicFollowUp(question) ? `${previous.slice(0, 300)} ${question}` : question;
  const content = (question.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !FILLER.has(w));
  const followUp =
    POINTS_BACK.test(question) ||
    content.length <= 1 ||
    /^\s*(and|or|what about|how about)\b/i.test(question);
  return followUp ? `${previous.slice(0, 300)} ${question}` : question;
}
