import type { EmbeddingsTestFailure, EmbeddingsTestInput, EmbeddingsTestResult } from "@parley/contracts";
import type { ChatbotRow } from "../../db/schema";
import { blockedCause, type OutboundGuard, OutboundTooLargeError } from "../../lib/outbound";
import { EmbeddingError, embedTexts } from "../retrieval/embeddings";

/** What is embedded: short, and the same every time (the owner sees one number of dimensions). */
export const TEST_TEXT = "Parley connection test";
/** One vector of the largest model is ~100 KB as JSON; anything far past that is not an answer. */
const TEST_MAX_BYTES = 1024 * 1024;
/** A test the owner waits for: never longer than this, whatever the ingestion timeout is. */
const TEST_MAX_TIMEOUT_MS = 15_000;

/**
 * "Test connection" for a bot's embeddings endpoint: embeds one short text with the values typed
 * in the settings form (before they are saved), through the same client and outbound guard as
 * ingestion, and says what happened as a closed code. The guard is wrapped only to see what the
 * client's words do not say (the status, which failure), and to hold the answer to one vector's size.
 */
export function createEmbeddingsTester(deps: {
  guard: OutboundGuard;
  /** The server's own endpoint (EMBEDDINGS_*), used where the form leaves a field empty. */
  defaults: { baseUrl: string | undefined; model: string | undefined; apiKey: string | undefined };
  timeoutMs: number;
  /** Opens a bot's sealed key (throws when it cannot). */
  openKey: (sealed: string, chatbotId: string) => string;
  now?: () => number;
}) {
  const now = deps.now ?? (() => performance.now());

  /** The key the test sends: the one typed, none, the bot's stored one, or the server's for its own endpoint. */
  function keyFor(bot: ChatbotRow, input: EmbeddingsTestInput, baseUrl: string): string | null {
    if (input.apiKey !== undefined) return input.apiKey;
    if (bot.embeddingsApiKey) return deps.openKey(bot.embeddingsApiKey, bot.id);
    // As retrieval does: the server's key goes to the server's endpoint only, never to one typed.
    return baseUrl === deps.defaults.baseUrl ? (deps.defaults.apiKey ?? null) : null;
  }

  return async function test(bot: ChatbotRow, input: EmbeddingsTestInput): Promise<EmbeddingsTestResult> {
    const started = now();
    const elapsed = () => Math.max(0, Math.round(now() - started));
    const failed = (code: EmbeddingsTestFailure, detail: string, status: number | null = null) =>
      ({ ok: false, code, status, detail, latencyMs: elapsed() }) as const;

    const baseUrl = input.baseUrl ?? deps.defaults.baseUrl;
    const model = input.model ?? deps.defaults.model;
    if (!baseUrl || !model)
      return failed(
        "not_configured",
        "No embeddings endpoint to test: enter its address and model (this server has no default).",
      );
    let apiKey: string | null;
    try {
      apiKey = keyFor(bot, input, baseUrl);
    } catch {
      return failed("unauthorized", "The stored API key cannot be read; enter it again.");
    }

    // What the client's own error does not tell apart: the status, and how the request failed.
    const seen: { status: number | null; thrown: unknown } = { status: null, thrown: undefined };
    const watched: OutboundGuard = {
      ...deps.guard,
      async request(url, req) {
        try {
          const res = await deps.guard.request(url, {
            ...req,
            maxBytes: Math.min(req.maxBytes, TEST_MAX_BYTES),
          });
          seen.status = res.status;
          return {
            ...res,
            async text() {
              try {
                return await res.text();
              } catch (err) {
                seen.thrown = err;
                throw err;
              }
            },
          };
        } catch (err) {
          seen.thrown = err;
          throw err;
        }
      },
    };
    const timeoutMs = Math.min(deps.timeoutMs, TEST_MAX_TIMEOUT_MS);
    try {
      const [vector] = await embedTexts({ baseUrl, model, apiKey }, [TEST_TEXT], watched, { timeoutMs });
      return { ok: true, dimensions: vector?.length ?? 0, latencyMs: elapsed() };
    } catch (err) {
      const detail = err instanceof EmbeddingError ? err.message : "the embeddings endpoint failed";
      if (blockedCause(seen.thrown ?? err)) return failed("private_address", detail);
      if (seen.thrown instanceof OutboundTooLargeError)
        return failed(
          "too_large",
          `the embeddings endpoint's answer was larger than ${TEST_MAX_BYTES / 1024 / 1024} MB, far more than one vector`,
          seen.status,
        );
      if (seen.status === null || seen.thrown) {
        const thrown = (seen.thrown ?? err) as Error;
        const timedOut = thrown?.name === "TimeoutError" || /timed out|did not answer/i.test(detail);
        return failed(timedOut ? "timeout" : "unreachable", detail);
      }
      if (seen.status === 401 || seen.status === 403) return failed("unauthorized", detail, seen.status);
      if (seen.status < 200 || seen.status >= 300) return failed("http_error", detail, seen.status);
      // A 2xx whose body was cut short (the byte cap) or is not a list of vectors.
      return failed("bad_response", detail, seen.status);
    }
  };
}
export type EmbeddingsTester = ReturnType<typeof createEmbeddingsTester>;
