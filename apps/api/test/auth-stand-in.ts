import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TokenIssuer } from "./token-issuer";

/**
 * The auth service's side the API calls (a stand-in): its key set (the token issuer's) and the
 * membership check, answering the role given for `workspaceId/userId` and 404 for anyone else.
 */
export async function startAuthStandIn(issuer: TokenIssuer, members: Map<string, "agent" | "admin">) {
  const server: Server = createServer(async (req, res) => {
    if (req.url === "/jwks") {
      const keys = await (await fetch(`${issuer.url}/jwks`)).text();
      res.writeHead(200, { "content-type": "application/json" }).end(keys);
      return;
    }
    const m = /^\/internal\/workspaces\/([^/]+)\/members\/([^/]+)$/.exec(req.url ?? "");
    const role = m
      ? members.get(`${decodeURIComponent(m[1] ?? "")}/${decodeURIComponent(m[2] ?? "")}`)
      : null;
    if (role) res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ role }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
