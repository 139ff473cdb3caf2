import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GraphStandIn, startGraphStandIn } from "../graph-stand-in";

// The stand-in's webhook deliveries (Meta's side) go over kept-alive connections. A connection the
// receiver closed as a delivery was being written on it must not lose that delivery: Node's agent
// reuses such a connection (nodejs/node#47130), and the stand-in sends the delivery again on a new
// one. The receiver here closes every connection at its second request without answering, which
// is what such a race looks like from the client.
describe("the Graph API stand-in's webhook deliveries", () => {
  let meta: GraphStandIn;
  const bodies: string[] = [];
  const perSocket = new Map<Socket, number>();
  const receiver = createServer((req: IncomingMessage, res) => {
    const seen = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, seen);
    if (req.method === "GET") {
      res.end(new URL(req.url ?? "/", "http://x").searchParams.get("hub.challenge") ?? "");
      return;
    }
    if (seen > 1) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.end("ok");
    });
  });

  beforeAll(async () => {
    meta = await startGraphStandIn();
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    receiver.close();
    await meta?.close();
  });

  it("sends a delivery again on a new connection when a kept-alive one was closed under it", async () => {
    const number = await meta.createNumber();
    await meta.subscribe(
      number.phoneNumberId,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
      "verify",
    );
    const first = await meta.inbound(number.phoneNumberId, { from: "97333000001", text: "First" });
    const second = await meta.inbound(number.phoneNumberId, { from: "97333000002", text: "Second" });
    expect(first.delivered).toEqual([200]);
    expect(second.delivered).toEqual([200]);
    expect(bodies.map((b) => JSON.parse(b).entry[0].changes[0].value.messages[0].text.body)).toEqual([
      "First",
      "Second",
    ]);
    // The second went out on the connection the first had used, which the receiver closed.
    expect([...perSocket.values()].some((n) => n > 1)).toBe(true);
    const chat = await fetch(`${meta.url}/__standin/numbers/${number.phoneNumberId}/chat?with=97333000002`);
    expect(((await chat.json()) as { failedDeliveries: number }).failedDeliveries).toBe(0);
  });
});
