import type { FastifyInstance } from "fastify";

/**
 * Behind a proxy that TRUST_PROXY does not name, every visitor shares the proxy's address and its
 * per-IP limits: say so once, instead of leaving an operator to find out from 429s.
 */
export function warnOfUntrustedProxy(app: FastifyInstance) {
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || !request.headers["x-forwarded-for"]) return;
    warned = true;
    request.log.warn(
      { peer: request.socket.remoteAddress },
      "requests carry X-Forwarded-For but TRUST_PROXY is unset, so it is ignored and per-IP rate limits key on the proxy's address: set TRUST_PROXY to your proxy's address",
    );
  });
}
