import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (status), or "hung" / "endless". */
  answered: number | "hung" | "endless";
}

/**
 * A webhook receiver on 127.0.0.1, as a business would run one. Per path:
 * - `/ok`: 200 "thanks";
 * - `/flaky`: 500 the first time it sees a message id, 200 after;
 * - `/fail`: always 500;
 * - `/slow`: never answers (the sender's deadline must end it);
 * - `/endless`: 200 and a body that never ends (the sender must stop reading);
 * - `/redirect`: 302 to `redirectTo` (a redirect is never followed);
 * - `/hold`: the first request of a message waits until `release()`, later ones get 200.
 * Secrets are checked by the test with the reference `standardwebhooks` library.
 */
export async function startReceiver() {
  const requests: Received[] = [];
  const seen = new Set<string>();
  let redirectTo = "";
  let endlessClosed = 0;
  let slowClosed = 0;
  /** `/hold`: the first request of each message waits here until `release()`. */
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const entry: Received = {
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered: 0,
      };
      requests.push(entry);
      answer(path, entry, res);
    });
  });

  function answer(path: string, entry: Received, res: ServerResponse) {
    const id = String(entry.headers["webhook-id"] ?? "");
    switch (path) {
      case "/flaky": {
        const first = !seen.has(id);
        seen.add(id);
        entry.answered = first ? 500 : 200;
        res
          .writeHead(entry.answered, { "content-type": "text/plain" })
          .end(first ? "boom: try again" : "thanks");
        return;
      }
      case "/hold": {
        if (!seen.has(id)) {
          seen.add(id);
          entry.answered = "hung";
          held.push(res);
          return;
        }
        entry.answered = 200;
        res.writeHead(200).end("thanks");
        return;
      }
      case "/fail":
        entry.answered = 500;
        res.writeHead(500).end("down for maintenance");
        return;
      case "/slow":
        entry.answered = "hung";
        res.on("close", () => {
          slowClosed++;
        });
        return;
      case "/endless": {
        entry.answered = "endless";
        res.writeHead(200, { "content-type": "text/plain" });
        const chunk = Buffer.alloc(16 * 1024, "x");
        res.on("close", () => {
          endlessClosed++;
        });
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) {
            /* keep writing until the socket pushes back */
          }
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
        return;
      }
      case "/redirect":
        entry.answered = 302;
        res.writeHead(302, { location: redirectTo }).end();
        return;
      default:
        entry.answered = 200;
        res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    }
  }

  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    to: (path: string) => requests.filter((r) => r.path === path),
    /** Answers the held requests (whose sender may have gone meanwhile). */
    release() {
      for (const res of held.splice(0)) if (!res.destroyed) res.writeHead(200).end("late thanks");
    },
    setRedirect(target: string) {
      redirectTo = target;
    },
    get endlessClosed() {
      return endlessClosed;
    },
    get slowClosed() {
      return slowClosed;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Whether the request verifies with `secret`, by the reference library (throws inside otherwise). */
export function verifies(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, {
      "webhook-id": String(r.headers["webhook-id"]),
      "webhook-timestamp": String(r.headers["webhook-timestamp"]),
      "webhook-signature": String(r.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}
