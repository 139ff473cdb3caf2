import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The "internal" service an attacker wants to reach through the server (an admin page, a cloud
 * metadata endpoint): it listens on 127.0.0.1 only and counts every request it gets, so a test
 * can prove it was never reached.
 */
export async function startInternalService() {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "/");
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>Internal</h1><p>INTERNAL-SECRET-7731</p>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
