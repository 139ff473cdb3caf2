import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply } from "fastify";

const LINGER_MS = 2000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Closes the connection once the answer is sent, without reading the rest of the request's body.
 * The close lingers (as nginx's lingering_close does): closing at once with unread bytes makes the
 * kernel reset the connection, and a reset can destroy the answer before the client reads it. So
 * after the answer the server sends FIN, discards what is still in flight for a moment (2 s, 8 MB
 * at most) while the client notices and stops, then closes.
 */
export function closeAfterReply(reply: FastifyReply) {
  const socket: Socket = reply.request.raw.socket;
  if (reply.hasHeader("connection")) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    let discarded = 0;
    const close = () => this.destroy();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) close();
    });
    this.once("end", close);
    this.once("close", () => clearTimeout(timer));
    this.resume();
  };
  reply.header("connection", "close");
}

/**
 * Any answer sent before the client finished sending its body (a refusal by size, a missing token,
 * another owner's bot) closes the connection: otherwise Node keeps reading the body to reach the
 * next request, and a client that stops sending would hold the connection (and server shutdown)
 * for as long as it likes.
 */
export function closeOnUnreadBody(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const raw = request.raw;
    const hasBody =
      raw.headers["transfer-encoding"] !== undefined || Number(raw.headers["content-length"]) > 0;
    if (hasBody && !raw.complete) closeAfterReply(reply);
    return payload;
  });
}
