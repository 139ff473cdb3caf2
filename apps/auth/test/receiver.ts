import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedEvent {
  headers: IncomingHttpHeaders;
  rawBody: string;
  path: string;
}

/**
 * Stands in for the API's /api/internal/auth-events: a real HTTP listener on 127.0.0.1 that
 * records each delivery and answers with the next queued status (default 200).
 */
export async function startEventReceiver() {
  const received: ReceivedEvent[] = [];
  const statuses: number[] = [];
  let defaultStatus = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        path: req.url ?? "",
      });
      const status = statuses.shift() ?? defaultStatus;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Answers the next requests with these statuses, in order. */
    respondWith(...next: number[]) {
      statuses.push(...next);
    },
    setDefault(status: number) {
      defaultStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
