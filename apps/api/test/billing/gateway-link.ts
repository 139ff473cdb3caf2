import { createServer, request as httpRequest, type Server } from "node:http";
import { freePort } from "../harness";

/**
 * The network between the API and its payment gateway, as a real HTTP hop that can break. The API
 * reaches the sandbox gateway (and the gateway calls the API back) through `url`; the link
 * forwards to `target`. It can be:
 * - `up`: every request and answer goes through;
 * - `down`: nothing listens on the port (connections are refused, as when the gateway is stopped);
 * - `answer-lost`: the request reaches the gateway, which acts on it, but the connection drops
 *   before its answer gets back (a timeout or a reset after the gateway did the work).
 */
export async function startGatewayLink(target: () => string) {
  const port = await freePort();
  let mode: "up" | "answer-lost" = "up";
  let server: Server | undefined;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((req, res) => {
        const upstream = new URL(req.url ?? "/", target());
        const forwarded = httpRequest(
          upstream,
          { method: req.method, headers: { ...req.headers, host: upstream.host } },
          (answer) => {
            if (mode === "answer-lost") {
              answer.resume();
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.on("error", () => req.socket.destroy());
        req.pipe(forwarded);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        resolve();
      });
    });

  const close = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.closeAllConnections();
      s.close(() => resolve());
    });

  await open();
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next: "up" | "down" | "answer-lost") {
      if (next === "down") return close();
      mode = next;
      if (!server) await open();
    },
    close,
  };
}
