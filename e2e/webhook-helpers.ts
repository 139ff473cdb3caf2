import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

// The reference Standard Webhooks library, as the API's own webhook tests use it. It is a
// dependency of apps/api (not of the root), so it is resolved from there.
const { Webhook } = createRequire(new URL("../apps/api/package.json", import.meta.url))(
  "standardwebhooks",
) as {
  Webhook: new (secret: string) => { verify(payload: string, headers: Record<string, string>): unknown };
};

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A business's webhook receiver on 127.0.0.1 (the e2e API allows loopback outside production). */
export async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end("received, thanks");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    /** What it received, oldest first. */
    received,
    /** Its address with `path`. */
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Whether `request` carries a valid Standard Webhooks signature by `secret` (the reference library). */
export function signedBy(secret: string, request: Received | undefined): boolean {
  if (!request) return false;
  try {
    new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}
