import { request } from "node:http";

export interface UploadOutcome {
  status?: number;
  body?: string;
  /** Bytes of the file handed to the socket before the answer came (an upper bound of what the server read). */
  sent: number;
  ms: number;
  error?: string;
}

/**
 * Streams a multipart upload of `fileBytes` bytes and stops sending as soon as the server answers,
 * so a refusal that comes early shows up as few bytes sent. Without `contentLength` the body is
 * sent chunked (the server cannot know its size in advance).
 */
export function pushUpload(
  url: string,
  token: string,
  fileBytes: number,
  opts: { contentLength?: boolean; fileName?: string } = {},
): Promise<UploadOutcome> {
  const boundary = "----parley-upload-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.fileName ?? "big.txt"}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const done = (outcome: Omit<UploadOutcome, "sent" | "ms">) => {
      if (answered && outcome.error) return;
      answered = true;
      resolve({ ...outcome, sent, ms: performance.now() - started });
    };
    const req = request(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...(opts.contentLength === false
          ? {}
          : { "content-length": String(head.length + fileBytes + tail.length) }),
      },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode, body, sent, ms: performance.now() - started }));
      res.on("error", () => resolve({ status: res.statusCode, body, sent, ms: performance.now() - started }));
    });
    req.on("error", (err) => done({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && !req.destroyed && sent < fileBytes) {
        const piece = fileBytes - sent >= chunk.length ? chunk : chunk.subarray(0, fileBytes - sent);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end(tail);
    };
    req.write(head);
    pump();
  });
}
