import type { Passage, Retrieval } from "../retrieval/retrieval";
import type { AnswerInput, AnswerStream, ChatModel } from "./chat-model";
import { citationKey } from "./citations";

const MIN_RANK = 0.01;
const MAX_SENTENCES = 4;

function sentencesOf(body: string): string[] {
  return body
    .split(/\n{2,}/)
    .flatMap((para) => para.match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? [para])
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length > 2);
}

/** Emits text the way a model would: a few words at a time, without artificial delays. */
async function* words(text: string, signal: AbortSignal): AsyncGenerator<string> {
  const parts = text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < parts.length; i += 4) {
    if (signal.aborted) return;
    yield parts.slice(i, i + 4).join("");
    // Let the event loop flush each piece to the socket.
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * The embedded default: answers from the knowledge itself, no model needed.
 * - A matching Q&A pair is answered verbatim.
 * - Otherwise the sentences that best match the question are taken from the top passages, in
 *   their original order, and each passage used is cited ([1], [2]).
 * - Nothing relevant: the bot's fallback reply.
 */
export function createExtractiveEngine(retrieval: Pick<Retrieval, "rankSentences">): ChatModel {
  return {
    engine: "builtin",
    answer(input: AnswerInput): AnswerStream {
      let used: Passage[] = [];
      async function* run(): AsyncGenerator<string> {
        const top = input.passages.filter((p) => p.rank >= MIN_RANK);
        const qa = top.find((p) => p.kind === "qa" && p.qaMatch);
        if (qa) {
          used = [qa];
          yield* words(qa.body, input.signal);
          return;
        }
        const candidates = top.slice(0, 3);
        const pool = candidates.flatMap((p, pi) => sentencesOf(p.body).map((s, si) => ({ s, pi, si })));
        const ranks = (await input.signal.aborted)
          ? []
          : await retrieval.rankSentences(
              input.question,
              pool.map((x) => x.s),
            );
        const chosen = pool
          .map((x, i) => ({ ...x, rank: ranks[i] ?? 0 }))
          .filter((x) => x.rank > 0)
          .sort((a, b) => b.rank - a.rank)
          .slice(0, MAX_SENTENCES)
          .sort((a, b) => a.pi - b.pi || a.si - b.si);
        if (chosen.length === 0) {
          yield* words(input.bot.fallbackReply, input.signal);
          return;
        }
        const passageOrder = [...new Set(chosen.map((x) => x.pi))];
        used = passageOrder.map((pi) => candidates[pi]).filter((p): p is Passage => Boolean(p));
        // Markers follow the citations shown under the answer: passages of one document share one.
        const keys = [...new Set(used.map(citationKey))];
        const text = passageOrder
          .map((pi) => {
            const passage = candidates[pi];
            const marker = passage ? keys.indexOf(citationKey(passage)) + 1 : 1;
            const sentences = chosen.filter((x) => x.pi === pi).map((x) => x.s);
            return `${sentences.join(" ")} [${marker}]`;
          })
          .join("\n\n");
        yield* words(text, input.signal);
      }
      return { deltas: run(), used: () => used };
    },
  };
}
