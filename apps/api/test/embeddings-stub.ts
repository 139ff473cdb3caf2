import { createHash } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Words that mean the same to the stub model: each group is one direction of its vectors, so a
 * paraphrase sharing no word with its passage ("reimbursed" / "refunds") still lands near it.
 */
export const SYNONYMS: string[][] = [
  ["refund", "refunds", "refunded", "reimburse", "reimbursed", "reimbursement", "repaid", "repay"],
  ["card", "cards", "payment", "paid", "pay"],
  [
    "ship",
    "shipping",
    "shipped",
    "delivery",
    "deliver",
    "delivered",
    "parcel",
    "parcels",
    "package",
    "packages",
    "post",
  ],
  ["tent", "tents", "shelter", "camping"],
  ["paddle", "paddles", "oar", "oars"],
  ["cost", "costs", "price", "prices", "fee", "fees", "charge", "charges"],
  ["day", "days", "daily"],
  ["crack", "cracking", "cracks", "split", "splitting"],
];
const GROUP = new Map<string, string>();
for (const group of SYNONYMS) for (const w of group) GROUP.set(w, `#${group[0]}`);
const STOP = new Set(
  "a an and are be by can do does for from how i in is it its my of on or our the to we what when where which who will with you your".split(
    " ",
  ),
);

/** The stub model: a hashed bag of words (synonyms folded together), not normalised. */
export function stubVector(text: string, dims: number): number[] {
  const v: number[] = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP.has(word)) continue;
    const token = GROUP.get(word) ?? word;
    const h = createHash("sha256").update(token).digest();
    const a = h.readUInt32LE(0) % dims;
    const b = h.readUInt32LE(5) % dims;
    v[a] = (v[a] ?? 0) + ((h[4] ?? 0) % 2 ? 1 : -1);
    v[b] = (v[b] ?? 0) + 0.5;
  }
  // Never all zeros (a text of stop words only).
  if (!v.some((x) => x !== 0)) v[0] = 1e-3;
  return v;
}

export type EmbeddingsMode =
  | "ok"
  | "status500"
  | "status401"
  | "notJson"
  | "wrongDims"
  | "nan"
  | "hang"
  | "huge";

export interface EmbeddingsStub {
  url: string;
  mode: EmbeddingsMode;
  dims: number;
  /** Requests answered, with the inputs and the Authorization header each carried. */
  requests: { model: string; input: string[]; authorization?: string }[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible `POST /v1/embeddings` stub on 127.0.0.1 answering like the real API
 * (`{ object: "list", data: [{ object: "embedding", index, embedding }], model, usage }`), with
 * deterministic vectors from `stubVector`, or failing on purpose as `mode` says.
 */
export async function startEmbeddingsStub(dims = 64): Promise<EmbeddingsStub> {
  const hanging = new Set<ServerResponse>();
  const stub: EmbeddingsStub = { url: "", mode: "ok", dims, requests: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    if (req.url !== "/v1/embeddings" || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as { model: string; input: string | string[] };
    const input = Array.isArray(body.input) ? body.input : [body.input];
    stub.requests.push({ model: body.model, input, authorization: req.headers.authorization });
    const json = { "content-type": "application/json" };
    switch (stub.mode) {
      case "status500":
        res.writeHead(500, json).end(JSON.stringify({ error: { message: "The server had an error" } }));
        return;
      case "status401":
        res.writeHead(401, json).end(
          JSON.stringify({
            error: { message: "Incorrect API key provided", type: "invalid_request_error" },
          }),
        );
        return;
      case "notJson":
        // A web server's page where the API should be (a wrong base URL behind a proxy).
        res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Welcome</title>");
        return;
      case "hang":
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      case "huge": {
        // 9 MB of numbers, sent in pieces (more than any batch of vectors).
        res.writeHead(200, json);
        res.write('{"object":"list","data":[{"object":"embedding","index":0,"embedding":[');
        const piece = `${Array.from({ length: 10_000 }, () => "0.123456789").join(",")},`;
        for (let i = 0; i < 75 && !res.destroyed; i++) {
          if (!res.write(piece)) await new Promise((r) => res.once("drain", r));
        }
        res.end("0]}]}");
        return;
      }
    }
    const size = stub.mode === "wrongDims" ? stub.dims + 3 : stub.dims;
    const data = input.map((text, index) => {
      const embedding = stubVector(`${body.model === "stub-2" ? "v2 " : ""}${text}`, size);
      return { object: "embedding", index, embedding };
    });
    let text = JSON.stringify({
      object: "list",
      data,
      model: body.model,
      usage: { prompt_tokens: 1, total_tokens: 1 },
    });
    // What Python's json.dumps writes for a float NaN: not JSON at all.
    if (stub.mode === "nan") text = text.replace(/\[(-?[0-9.e-]+),/, "[NaN,");
    res.writeHead(200, json).end(text);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return stub;
}
