import { blockedCause, type OutboundGuard, OutboundTooLargeError } from "../../lib/outbound";

export interface EmbeddingsConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

/** A failure of the embeddings endpoint, in words the bot owner can act on. */
export class EmbeddingError extends Error {
  override name = "EmbeddingError";
}

/** The largest vector accepted (OpenAI's largest model has 3,072 dimensions). */
export const MAX_DIMS = 8192;
/** Far above what a batch of vectors takes as JSON (32 × 3,072 numbers ≈ 2 MB). */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_ERROR_CHARS = 300;

/**
 * Calls an OpenAI-compatible `POST {baseUrl}/embeddings` for a batch of texts and returns one
 * unit-length vector per text, in order. The base URL can be a bot owner's choice, so the request
 * goes through the outbound guard (private addresses refused unless the operator allows them, no
 * redirects, a byte cap, a deadline). Everything in the answer is checked before it is used: one
 * vector per input, finite numbers, one dimension for all (and the expected one when given).
 */
export async function embedTexts(
  config: EmbeddingsConfig,
  inputs: string[],
  guard: OutboundGuard,
  opts: { timeoutMs: number; signal?: AbortSignal; dims?: number },
): Promise<Float32Array[]> {
  if (inputs.length === 0) return [];
  let text: string;
  let status: number;
  try {
    const res = await guard.request(`${config.baseUrl.replace(/\/+$/, "")}/embeddings`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, input: inputs, encoding_format: "float" }),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      maxRedirects: 0,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    if (blockedCause(err))
      throw new EmbeddingError(
        "the embeddings endpoint's address is on a private or local network, which this server does not allow",
      );
    if (err instanceof OutboundTooLargeError)
      throw new EmbeddingError(
        `the embeddings endpoint's answer was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`,
      );
    const e = err as Error;
    if (e.name === "TimeoutError" || /timed out/i.test(e.message))
      throw new EmbeddingError(`the embeddings endpoint did not answer within ${opts.timeoutMs / 1000} s`);
    throw new EmbeddingError(`the embeddings endpoint could not be reached (${e.message})`);
  }
  if (status < 200 || status >= 300) {
    let detail = "";
    try {
      detail = String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? "");
    } catch {
      // Not JSON: the status says enough.
    }
    detail = detail.replace(/\p{Cc}/gu, " ").slice(0, MAX_ERROR_CHARS);
    throw new EmbeddingError(`the embeddings endpoint answered ${status}${detail ? `: ${detail}` : ""}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EmbeddingError("the embeddings endpoint's answer is not valid JSON");
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== inputs.length)
    throw new EmbeddingError(
      `the embeddings endpoint returned ${Array.isArray(data) ? data.length : "no"} vectors for ${inputs.length} texts`,
    );
  const out: (Float32Array | undefined)[] = new Array(inputs.length);
  let dims = opts.dims;
  data.forEach((item, i) => {
    const raw = (item as { index?: unknown; embedding?: unknown } | null) ?? {};
    const index = raw.index === undefined ? i : raw.index;
    if (
      typeof index !== "number" ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= inputs.length ||
      out[index]
    )
      throw new EmbeddingError("the embeddings endpoint's answer has a wrong or repeated index");
    const v = raw.embedding;
    if (!Array.isArray(v) || v.length === 0 || v.length > MAX_DIMS)
      throw new EmbeddingError("the embeddings endpoint returned something other than a vector of numbers");
    if (dims === undefined) dims = v.length;
    else if (v.length !== dims)
      throw new EmbeddingError(
        `the embeddings endpoint returned vectors of ${v.length} dimensions where ${dims} were expected (did the model change?)`,
      );
    out[index] = normalise(v);
  });
  return out as Float32Array[];
}

/** The vector scaled to length 1, so that a dot product is the cosine similarity. */
function normalise(v: unknown[]): Float32Array {
  let sum = 0;
  for (const x of v) {
    if (typeof x !== "number" || !Number.isFinite(x))
      throw new EmbeddingError(
        "the embeddings endpoint returned a vector with a value that is not a finite number",
      );
    sum += x * x;
  }
  const norm = Math.sqrt(sum);
  if (!(norm > 0) || !Number.isFinite(norm))
    throw new EmbeddingError("the embeddings endpoint returned a vector of zeros");
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] as number) / norm;
  return out;
}

/** A vector as stored: float32, little-endian. */
export function toBytes(v: Float32Array): Buffer {
  const buf = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) buf.writeFloatLE(v[i] as number, i * 4);
  return buf;
}
