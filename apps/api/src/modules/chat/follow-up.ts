import type { ChatTurn } from "@parley/contracts";

/** Words that point back at something said before ("how much is it?", "do they deliver?"). */
const POINTS_BACK = /\b(it|its|it's|they|them|their|this|that|these|those|one|ones|there|he|she|him|her)\b/i;
const FILLER = new Set(
  "a an the and or but is are was were be been do does did can could would should will shall may might must i you we me my your our to of in on at for with from by about how what when where which who why much many long often please thanks thank ok okay so then also and any some more per".split(
    " ",
  ),
);

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
  const content = (question.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !FILLER.has(w));
  const followUp =
    POINTS_BACK.test(question) ||
    content.length <= 1 ||
    /^\s*(and|or|what about|how about)\b/i.test(question);
  return followUp ? `${previous.slice(0, 300)} ${question}` : question;
}
