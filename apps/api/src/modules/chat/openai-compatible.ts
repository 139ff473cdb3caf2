import { createParser } from "eventsource-parser";
import { blockedCause, type OutboundGuard, type OutboundResponse } from "../../lib/outbound";
import { detectLanguage, normalizeArabic } from "../retrieval/arabic";
import type { Passage } from "../retrieval/retrieval";
import { type AnswerInput, type AnswerStream, type ChatModel, ModelError } from "./chat-model";

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Timeouts and retries; the defaults suit a hosted model. */
  limits?: Partial<ModelClientLimits> | undefined;
}

export interface ModelClientLimits {
  /** From sending the request to the response's status line. */
  connectTimeoutMs: number;
  /** From the status line to the first token of the answer. */
  firstTokenTimeoutMs: number;
  /** Longest silence between two tokens once the answer is streaming (not retried). */
  idleTimeoutMs: number;
  /** Tries in all, for a 429, a 5xx, a network error or a timeout before the first token. */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long (a 429's Retry-After wins, capped). */
  retryBaseMs: number;
  /** Cap on any one wait between tries. */
  retryMaxMs: number;
}

export const DEFAULT_MODEL_CLIENT_LIMITS: ModelClientLimits = {
  connectTimeoutMs: 10_000,
  firstTokenTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxAttempts: 3,
  retryBaseMs: 250,
  retryMaxMs: 4_000,
};

/** A try that failed before any token was streamed, so trying again cannot repeat text. */
class Retryable extends Error {
  constructor(
    readonly failure: ModelError,
    readonly retryAfterMs?: number,
  ) {
    super(failure.message);
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const LANGUAGE_NAMES = { en: "English", ar: "Arabic" } as const;

export function buildMessages(input: AnswerInput) {
  const knowledge = input.passages.length
    ? input.passages.map((p, i) => `[${i + 1}] ${p.title ? `${p.title}\n` : ""}${p.body}`).join("\n\n")
    : "(no matching knowledge was found)";
  const system = `${input.bot.instructions.trim()}

Answer the visitor's question using only the numbered knowledge passages below. Answer in the visitor's language: the language of their question (${LANGUAGE_NAMES[detectLanguage(input.question)]}), even when the passages are in another. Keep the answer short: one to three sentences. Cite each passage you use by its number in square brackets, like [1] or [2]. Use the conversation so far to understand follow-up questions ("how much is it?"). If the passages do not contain the answer, do not guess: reply exactly with: ${input.bot.fallbackReply}

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
      const limits = { ...DEFAULT_MODEL_CLIENT_LIMITS, ...config.limits };

      /**
       * One try. Throws Retryable for a failure before the first token (a 429/5xx, a network
       * error, a connect or first-token timeout, a stream cut before any text); after text was
       * streamed every failure is final, so a visitor never sees an answer start twice.
       */
      async function* attempt(): AsyncGenerator<string> {
        const timeout = new AbortController();
        const signal = AbortSignal.any([input.signal, timeout.signal]);
        let phase: "connect" | "first token" | "idle" = "connect";
        let timer = setTimeout(() => timeout.abort(), limits.connectTimeoutMs);
        const arm = (ms: number) => {
          clearTimeout(timer);
          timer = setTimeout(() => timeout.abort(), ms);
        };
        const timedOut = () =>
          new ModelError(
            phase === "idle"
              ? `The AI model stopped streaming for ${limits.idleTimeoutMs} ms`
              : `The AI model did not ${phase === "connect" ? "answer" : "start answering"} within ${
                  phase === "connect" ? limits.connectTimeoutMs : limits.firstTokenTimeoutMs
                } ms`,
            "MODEL_UNAVAILABLE",
          );
        let streamed = false;
        try {
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
              signal,
              maxRedirects: 0,
              maxBytes: MAX_STREAM_BYTES,
            });
          } catch (err) {
            if (input.signal.aborted) return;
            if (timeout.signal.aborted) throw new Retryable(timedOut());
            if (blockedCause(err))
              throw new ModelError(
                "The AI model's address is on a private or local network, which this server does not allow.",
                "MODEL_UNAVAILABLE",
              );
            throw new Retryable(
              new ModelError(
                `The AI model could not be reached (${(err as Error).message})`,
                "MODEL_UNAVAILABLE",
              ),
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
            const failure = new ModelError(
              `The AI model answered ${res.status}${message ? `: ${message}` : ""}`,
              "MODEL_UNAVAILABLE",
            );
            if (res.status === 429 || res.status >= 500)
              throw new Retryable(failure, retryAfterMs(res.headers.get("retry-after")));
            throw failure;
          }
          phase = "first token";
          arm(limits.firstTokenTimeoutMs);

          // Events parsed by eventsource-parser; the generator yields what they carried so far.
          const pending: string[] = [];
          const state: { done: boolean; failure: ModelError | null } = { done: false, failure: null };
          const parser = createParser({
            onEvent: ({ data }) => {
              if (state.done || state.failure) return;
              if (data === "[DONE]") {
                state.done = true;
                return;
              }
              let event: {
                choices?: { delta?: { content?: string | null } }[];
                error?: { message?: string };
              };
              try {
                event = JSON.parse(data);
              } catch {
                return;
              }
              if (event.error) {
                state.failure = new ModelError(
                  `The AI model failed: ${event.error.message ?? "unknown error"}`,
                );
                return;
              }
              const delta = event.choices?.[0]?.delta?.content;
              if (delta) pending.push(delta);
            },
          });
          const decoder = new TextDecoder();
          try {
            for await (const chunk of res.body()) {
              parser.feed(decoder.decode(chunk, { stream: true }));
              for (const delta of pending.splice(0)) {
                if (!streamed) phase = "idle";
                streamed = true;
                arm(limits.idleTimeoutMs);
                text += delta;
                yield delta;
              }
              if (state.failure) throw state.failure;
              if (state.done) return;
            }
          } catch (err) {
            if (input.signal.aborted) return;
            // The model's own error event is its answer, not a transport fault: never retried.
            if (err instanceof ModelError) throw err;
            const failure = timeout.signal.aborted
              ? timedOut()
              : new ModelError(`The AI model stream broke off (${(err as Error).message})`);
            throw streamed ? failure : new Retryable(failure);
          }
        } finally {
          clearTimeout(timer);
        }
      }

      async function* run(): AsyncGenerator<string> {
        for (let n = 1; ; n++) {
          try {
            yield* attempt();
            break;
          } catch (err) {
            if (!(err instanceof Retryable)) throw err;
            if (n >= limits.maxAttempts || input.signal.aborted) throw err.failure;
            const backoff = Math.min(
              limits.retryMaxMs,
              err.retryAfterMs ?? limits.retryBaseMs * 2 ** (n - 1),
            );
            await sleep(backoff, input.signal);
            if (input.signal.aborted) return;
          }
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
  // Letters and digits of any script (an Arabic reply is compared by its Arabic words).
  const norm = (s: string) =>
    normalizeArabic(s)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const a = norm(text);
  const b = norm(fallback);
  return a === b || (b.length > 20 && a.startsWith(b.slice(0, Math.min(60, b.length))));
}
