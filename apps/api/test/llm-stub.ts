import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubBehaviour {
  /** Tokens to stream, in order. */
  tokens: string[];
  firstTokenDelayMs?: number;
  betweenTokensMs?: number;
  /** Send an OpenAI-style error event after this many tokens (an error mid-stream). */
  errorAfter?: number;
  /** Drop the connection (no error event, no end of stream) after this many tokens. */
  dropAfter?: number;
  /** Answer with this HTTP status and an OpenAI error body instead of a stream. */
  status?: number;
  /** Send the status `retry-after` header with this value (with `status`). */
  retryAfter?: string;
  /** Hang: send nothing at all ("headers"), or the headers and the role chunk but no token ("first-token"). */
  hang?: "headers" | "first-token";
  /** Stop after this many tokens until `release()` is called (a model mid-answer, on cue). */
  holdAfter?: number;
  /**
   * The faults above (status, hang, dropAfter, errorAfter) hit only this many requests, counted
   * down as they come; later requests stream normally. Unset: every request.
   */
  faultTimes?: number;
}

export interface LlmStub {
  url: string;
  behaviour: StubBehaviour;
  requests: {
    body: { model: string; messages: { role: string; content: string }[]; stream: boolean };
    authorization?: string;
  }[];
  /** Requests whose client went away before the stream finished. */
  aborted: number;
  /** Times at which the stub wrote its first token, per request. */
  firstTokenAt: number[];
  /** Streams stopped by `holdAfter`, waiting for `release()`. */
  held: number;
  /** Lets every held stream go on. */
  release(): void;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible `/v1/chat/completions` stub on 127.0.0.1 that streams
 * `chat.completion.chunk` events exactly like the real API (role delta, content deltas,
 * finish_reason, then `data: [DONE]`).
 */
export async function startLlmStub(initial: StubBehaviour): Promise<LlmStub> {
  const stub: LlmStub = {
    url: "",
    behaviour: initial,
    requests: [],
    aborted: 0,
    firstTokenAt: [],
    held: 0,
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
    close: async () => {},
  };
  const waiting: (() => void)[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const c of req) raw += c;
    if (req.url !== "/v1/chat/completions" || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    stub.requests.push({ body: JSON.parse(raw), authorization: req.headers.authorization });
    const base = stub.behaviour;
    const faulty = base.faultTimes === undefined || base.faultTimes-- > 0;
    const b: StubBehaviour = faulty
      ? base
      : { tokens: base.tokens, betweenTokensMs: base.betweenTokensMs, holdAfter: base.holdAfter };
    const gone = () => new Promise<void>((r) => res.once("close", () => r()));
    if (b.hang === "headers") {
      await gone();
      stub.aborted++;
      return;
    }
    if (b.status) {
      res.writeHead(b.status, {
        "content-type": "application/json",
        ...(b.retryAfter ? { "retry-after": b.retryAfter } : {}),
      });
      res.end(JSON.stringify({ error: { message: "The model is overloaded", type: "server_error" } }));
      return;
    }
    let finished = false;
    res.on("close", () => {
      if (!finished) stub.aborted++;
    });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const id = `chatcmpl-${Date.now()}`;
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "stub", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: "assistant", content: "" }));
    if (b.hang === "first-token") return gone();
    await sleep(b.firstTokenDelayMs ?? 0);
    for (let i = 0; i < b.tokens.length; i++) {
      if (res.destroyed) return;
      if (b.dropAfter !== undefined && i === b.dropAfter) {
        // What a crashed model server or a cut network looks like: the socket just goes.
        res.socket?.destroy();
        return;
      }
      if (b.holdAfter !== undefined && i === b.holdAfter) {
        stub.held++;
        await new Promise<void>((go) => waiting.push(go));
        stub.held--;
        if (res.destroyed) return;
      }
      if (b.errorAfter !== undefined && i === b.errorAfter) {
        res.write(
          `data: ${JSON.stringify({ error: { message: "upstream connection reset", type: "server_error" } })}\n\n`,
        );
        finished = true;
        res.end();
        return;
      }
      if (i === 0) stub.firstTokenAt.push(performance.now());
      res.write(chunk({ content: b.tokens[i] }));
      if (b.betweenTokensMs) await sleep(b.betweenTokensMs);
    }
    res.write(chunk({}, "stop"));
    res.write("data: [DONE]\n\n");
    finished = true;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return stub;
}
