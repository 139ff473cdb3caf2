import { blockedCause, type OutboundGuard, type OutboundResponse } from "../../lib/outbound";
import type { Passage } from "../retrieval/retrieval";
import { type AnswerInput, type AnswerStream, type ChatModel, ModelError } from "./chat-model";

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

export function buildMessages(input: AnswerInput) {
  const knowledge = input.passages.length
    ? input.passages.map((p, i) => `[${i + 1}] ${p.title ? `${p.title}\n` : ""}${p.body}`).join("\n\n")
    : "(no matching knowledge was found)";
  const system = `${input.bot.instructions.trim()}

Answer the visitor's question using only the numbered knowledge passages below. Keep the answer short: one to three sentences. Cite each passage you use by its number in square brackets, like [1] or [2]. Use the conversation so far to understand follow-up questions ("how much is it?"). If the passages do not contain the answer, do not guess: reply exactly with: ${input.bot.fallbackReply}

Knowledge:
${knowledge}`;
  return [
    { role: "system" as const, content: system },
    ...input.history.slice(-10).map((t) => ({ role: t.role, content: t.content })),
    { role: "user" as const, content: input.question },
  ];
}

/** An answer is a few thousand tokens; a stream far past this is not an answer. */
const MAX_STREAM_BYTES = 8 * 1024 * 1024;
const MAX_ERROR_BYTES = 64 * 1024;

/**
 * Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, vLLM, LM Studio,
 * OpenRouter), streamed over SSE. The caller's AbortSignal aborts the upstream request. The base
 * URL can be a bot owner's choice, so the request goes through the outbound guard: no private
 * addresses unless the operator allows them, no redirects, a capped body.
 */
export function createOpenAiCompatibleModel(config: OpenAiCompatibleConfig, guard: OutboundGuard): ChatModel {
  return {
    engine: "openai-compatible",
    answer(input: AnswerInput): AnswerStream {
      let text = "";
      async function* run(): AsyncGenerator<string> {
        let res: OutboundResponse;
        try {
          res = await guard.request(`${config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "text/event-stream",
              ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
            },
            body: JSON.stringify({
              model: config.model,
              messages: buildMessages(input),
              temperature: input.bot.temperature,
              max_tokens: input.bot.maxAnswerTokens,
              stream: true,
            }),
            signal: input.signal,
            maxRedirects: 0,
            maxBytes: MAX_STREAM_BYTES,
          });
        } catch (err) {
          if (input.signal.aborted) return;
          const blocked = blockedCause(err);
          throw new ModelError(
            blocked
              ? "The AI model's address is on a private or local network, which this server does not allow."
              : `The AI model could not be reached (${(err as Error).message})`,
            "MODEL_UNAVAILABLE",
          );
        }
        if (!res.ok) {
          const detail = await readError(res);
          const message = (() => {
            try {
              return (JSON.parse(detail) as { error?: { message?: string } }).error?.message;
            } catch {
              return undefined;
            }
          })();
          throw new ModelError(
            `The AI model answered ${res.status}${message ? `: ${message}` : ""}`,
            "MODEL_UNAVAILABLE",
          );
        }
        const decoder = new TextDecoder();
        let buffer = "";
        try {
          for await (const chunk of res.body()) {
            buffer += decoder.decode(chunk, { stream: true });
            let nl = buffer.indexOf("\n");
            while (nl >= 0) {
              const line = buffer.slice(0, nl).replace(/\r$/, "");
              buffer = buffer.slice(nl + 1);
              nl = buffer.indexOf("\n");
              if (!line.startsWith("data:")) continue;
              const data = line.slice(5).trim();
              if (data === "[DONE]") return;
              let event: {
                choices?: { delta?: { content?: string | null } }[];
                error?: { message?: string };
              };
              try {
                event = JSON.parse(data);
              } catch {
                continue;
              }
              if (event.error)
                throw new ModelError(`The AI model failed: ${event.error.message ?? "unknown error"}`);
              const delta = event.choices?.[0]?.delta?.content;
              if (delta) {
                text += delta;
                yield delta;
              }
            }
          }
        } catch (err) {
          if (input.signal.aborted) return;
          if (err instanceof ModelError) throw err;
          throw new ModelError(`The AI model stream broke off (${(err as Error).message})`);
        }
        if (!input.signal.aborted && text === "")
          throw new ModelError("The AI model returned an empty answer");
      }
      return {
        deltas: run(),
        used(): Passage[] {
          if (isFallback(text, input.bot.fallbackReply)) return [];
          const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]) - 1);
          const picked = [...new Set(cited)]
            .map((i) => input.passages[i])
            .filter((p): p is Passage => Boolean(p));
          // No [n] marker (or none in range): the model did not say what it used, so nothing is cited.
          return picked;
        },
      };
    },
  };
}

async function readError(res: OutboundResponse): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  try {
    for await (const chunk of res.body()) {
      text += decoder.decode(chunk, { stream: true });
      if (text.length > MAX_ERROR_BYTES) break;
    }
  } catch {
    // A broken or oversized error body: the status says enough.
  }
  return text.slice(0, MAX_ERROR_BYTES);
}

export function isFallback(text: string, fallback: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const a = norm(text);
  const b = norm(fallback);
  return a === b || (b.length > 20 && a.startsWith(b.slice(0, Math.min(60, b.length))));
}
