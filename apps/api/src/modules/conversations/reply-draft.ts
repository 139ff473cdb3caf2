import { stripBidiControls } from "@parley/contracts";
import type { StoredCitation } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { ConversationsRepo } from "./conversations.repo";

export interface ReplyDraftDeps {
  conversations: ConversationsRepo;
  conversationId: string;
  chatbotId: string;
  workspaceId: string;
  now: () => Date;
  /** How often the growing text is written while it streams. */
  flushEveryMs?: number;
  /**
   * An interrupted reply this one replaces (a retry of the same question): its row is rewritten
   * instead of a second one added, so the question has one answer and is counted once.
   */
  replaces?: string;
}

/**
 * The assistant's reply, stored while it streams: inserted at the first delta marked
 * `interrupted`, rewritten at most every second, and completed at the end. If the visitor leaves,
 * the model fails or the process dies mid-answer, the inbox still shows what the visitor saw.
 *
 * Writes run one after another on a chain (deltas arrive faster than the database answers); a
 * failed write is retried by the next one, and the final write does whatever is still missing.
 */
export function createReplyDraft(deps: ReplyDraftDeps) {
  const { conversations: repo, conversationId, now } = deps;
  const flushEveryMs = deps.flushEveryMs ?? 1000;
  const id = deps.replaces ?? newId("msg");
  let text = "";
  let inserted = deps.replaces !== undefined;
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();

  // The model's text is stored and shown to the team as said, minus the invisible direction
  // controls (U+202A–U+202E, U+2066–U+2069) that could make a link or a name read as another.
  const write = async (said: string) => {
    const content = stripBidiControls(said);
    if (inserted) {
      await repo.setContent(id, content);
      return;
    }
    await repo.addMessage(
      {
        id,
        conversationId,
        chatbotId: deps.chatbotId,
        workspaceId: deps.workspaceId,
        role: "assistant",
        content,
        citations: [],
        // Not answered until the reply completes and says otherwise.
        answered: false,
        interrupted: true,
        createdAt: now(),
      },
      { touch: true, unanswered: true },
    );
    inserted = true;
  };

  const enqueue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch(() => {
      // The next write (at the latest the final one) tries again with the text as it is then.
    });
    return chain;
  };

  return {
    id,
    /**
     * Text the visitor was just sent: written at once when it is the first, otherwise at most
     * `flushEveryMs` after the last write, even if the model then goes quiet.
     */
    append(delta: string) {
      text += delta;
      if (timer) return;
      const wait = lastWrite === 0 ? 0 : Math.max(0, lastWrite + flushEveryMs - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        lastWrite = Date.now();
        void enqueue(() => write(text));
      }, wait);
    },
    get text() {
      return text;
    },
    /**
     * The final state: the whole reply with its citations (`interrupted` false), or, when it ended
     * early, what was said so far (still `interrupted`). Returns the message id, or null when
     * nothing was said and nothing stored.
     */
    async finish(reply: {
      text: string;
      answered: boolean;
      citations: StoredCitation[];
      interrupted: boolean;
      confidence?: number | null;
    }): Promise<string | null> {
      clearTimeout(timer);
      timer = undefined;
      await chain;
      // An early end before any text leaves nothing to keep; a complete reply is kept even if empty.
      if (!inserted && !reply.text && reply.interrupted) return null;
      // A retry that failed again before saying anything keeps the earlier partial reply as it was.
      if (deps.replaces !== undefined && !text && reply.interrupted) return id;
      if (!inserted) await write(reply.text);
      // Counted as unanswered when it started; an answer takes that back (same statement).
      await repo.completeReply(id, {
        content: stripBidiControls(reply.text),
        citations: reply.citations,
        answered: reply.answered,
        interrupted: reply.interrupted,
        confidence: reply.interrupted ? null : (reply.confidence ?? null),
      });
      return id;
    },
  };
}
