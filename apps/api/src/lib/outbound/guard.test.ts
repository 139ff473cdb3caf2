import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../../test/until";
import { refusedAddressReason } from "./address-policy";
import {
  blockedCause,
  createOutboundGuard,
  OutboundBlockedError,
  OutboundTooLargeError,
  PRIVATE_ADDRESS_MESSAGE,
} from "./guard";

describe("address policy", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["198.18.0.1", "benchmarking"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["0:0:0:0:0:ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["64:ff9b::127.0.0.1", "loopback (through NAT64)"],
    ["64:ff9b::a00:1", "private (through NAT64)"],
    ["64:ff9b:1::1", "local NAT64"],
    ["2002:7f00:1::", "loopback (through 6to4)"],
    ["2002:c0a8:101::1", "private (through 6to4)"],
    ["2001::1", "Teredo"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["[::1]", "loopback"],
    ["localhost", "not an IP address"],
  ])("refuses %s (%s)", (ip, reason) => {
    expect(refusedAddressReason(ip)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::6810:85e5",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows the public address %s", (ip) => {
    expect(refusedAddressReason(ip)).toBeUndefined();
  });
});

/** A listener on 127.0.0.1 that counts its requests (the "internal" service an attacker wants). */
async function listen(handler: (url: string, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "/");
    handler(req.url ?? "/", res);
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

describe("outbound guard", () => {
  let internal: Awaited<ReturnType<typeof listen>>;
  let site: Awaited<ReturnType<typeof listen>>;
  let endlessBytes = 0;
  /** Responses of the endless server whose connection has closed (the client went away). */
  let endlessClosed = 0;
  /** Requests to the page that never finishes whose connection the client closed. */
  let slowClosed = 0;
  let endless: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    internal = await listen((_, res) => res.end("internal secret"));
    site = await listen((url, res) => {
      const to = decodeURIComponent(url.slice("/go?to=".length));
      if (url.startsWith("/go?to=")) res.writeHead(302, { location: to }).end();
      else res.end("public page");
    });
    endless = await listen((url, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      if (url === "/slow") {
        res.write("<p>");
        res.on("close", () => {
          slowClosed++;
        });
        return; // never finishes
      }
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessBytes += chunk.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => {
        endlessClosed++;
      });
      pump();
    });
  });
  afterAll(async () => {
    await Promise.all([internal?.close(), site?.close(), endless?.close()]);
  });

  const strict = () => createOutboundGuard({ allowPrivate: false });

  it.each([
    (p: number) => `http://127.0.0.1:${p}/`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://[::ffff:7f00:1]:${p}/`,
    (p: number) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://[::]:${p}/`,
    (p: number) => `http://[::1]:${p}/`,
    (p: number) => `http://0.0.0.0:${p}/`,
    (p: number) => `http://0:${p}/`,
    (p: number) => `http://2130706433:${p}/`,
    (p: number) => `http://0x7f000001:${p}/`,
    (p: number) => `http://0177.0.0.1:${p}/`,
    (p: number) => `http://127.1:${p}/`,
    (p: number) => `http://localhost:${p}/`,
    (p: number) => `http://LocalHost:${p}/`,
  ])("refuses %s without connecting", async (spell) => {
    const guard = strict();
    const err = await guard.request(spell(internal.port), { maxBytes: 1000 }).catch((e) => e);
    expect(blockedCause(err)?.message).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(internal.hits).toEqual([]);
    await guard.close();
  });

  it("checks every redirect hop, whatever the first host was trusted for", async () => {
    // The operator trusts exactly this site; its redirects to other local addresses are refused.
    const guard = createOutboundGuard({ allowPrivate: false, allowHosts: [`127.0.0.1:${site.port}`] });
    expect(await (await guard.request(`${site.url}/`, { maxBytes: 1000 })).text()).toBe("public page");
    for (const target of [
      `http://127.0.0.1:${internal.port}/`,
      `http://localhost:${internal.port}/`,
      `http://[::ffff:127.0.0.1]:${internal.port}/`,
      `http://2130706433:${internal.port}/`,
      "file:///etc/passwd",
    ]) {
      const err = await guard
        .request(`${site.url}/go?to=${encodeURIComponent(target)}`, { maxBytes: 1000 })
        .catch((e) => e);
      expect(blockedCause(err), target).toBeInstanceOf(OutboundBlockedError);
    }
    expect(internal.hits).toEqual([]);
    await guard.close();
  });

  it("sends a GET once more when its connection is cut before any answer; never a POST", async () => {
    // The server cuts the first connection of each request path the moment the request arrives
    // (a kept-alive socket closed as it was reused), then answers.
    const cut = new Set<string>();
    let requests = 0;
    const flaky = await listen((url, res) => {
      requests++;
      if (!cut.has(url)) {
        cut.add(url);
        res.socket?.destroy();
        return;
      }
      res.end("second time lucky");
    });
    const guard = createOutboundGuard({ allowPrivate: true });
    try {
      expect(await (await guard.request(`${flaky.url}/page`, { maxBytes: 1000 })).text()).toBe(
        "second time lucky",
      );
      expect(requests).toBe(2);
      const err = await guard
        .request(`${flaky.url}/hook`, { method: "POST", body: "{}", maxBytes: 1000 })
        .catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(requests).toBe(3);
    } finally {
      await guard.close();
      await flaky.close();
    }
  });

  it("stops reading at the byte cap while streaming", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const before = endlessBytes;
    const closedBefore = endlessClosed;
    const res = await guard.request(`${endless.url}/`, { maxBytes: 1024 * 1024, timeoutMs: 5000 });
    await expect(res.text()).rejects.toBeInstanceOf(OutboundTooLargeError);
    // The guard hangs up: the server sees its response closed, having pushed at most a few
    // socket buffers past the cap, never the endless rest.
    await until("the endless response to be closed by the guard", () => endlessClosed > closedBefore);
    expect(endlessBytes - before).toBeLessThan(8 * 1024 * 1024);
    await guard.close();
  });

  it("keeps the connection when a reader stops before a short rest (a model stream after [DONE])", async () => {
    // Each answer: a first part, then the rest (an end marker) a moment later, as a model's
    // stream sends `[DONE]` and ends. The reader stops after the first part. The server notes,
    // when each response closes, whether it was sent whole and its connection is still open.
    // The server sends the rest only once the reader has stopped, so the two parts never reach
    // the reader as one chunk, however slow the day (a fixed pause let them merge).
    const closed: { whole: boolean; connectionOpen: boolean }[] = [];
    let readerStopped: () => void = () => {};
    const stream = await listen((_, res) => {
      const socket = res.socket;
      res.on("close", () =>
        closed.push({ whole: res.writableFinished, connectionOpen: socket?.destroyed === false }),
      );
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      new Promise<void>((resolve) => {
        readerStopped = resolve;
      }).then(() => res.end("data: [DONE]\n\n"));
    });
    const guard = createOutboundGuard({ allowPrivate: true });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await guard.request(`${stream.url}/`, { method: "POST", body: "{}", maxBytes: 1000 });
        for await (const chunk of res.body()) {
          expect(Buffer.from(chunk).toString()).toBe("data: first\n\n");
          break;
        }
        readerStopped();
      }
      // Before, the reader's `break` hung up: each response was cut, and each request needed a
      // new connection. Now each is read to its end and its connection stays for the next one.
      await until("the three responses to close", () => closed.length === 3);
      expect(closed).toEqual(Array(3).fill({ whole: true, connectionOpen: true }));
    } finally {
      await guard.close();
      await stream.close();
    }
  });

  it("hangs up on a reader that stopped before an endless rest, without reading it all", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const before = endlessBytes;
    const closedBefore = endlessClosed;
    const res = await guard.request(`${endless.url}/`, { maxBytes: 64 * 1024 * 1024, timeoutMs: 60_000 });
    for await (const _ of res.body()) break;
    await until("the endless response to be closed by the guard", () => endlessClosed > closedBefore);
    expect(endlessBytes - before).toBeLessThan(8 * 1024 * 1024);
    await guard.close();
  });

  // Neither test measures time: a guard without a deadline (or a close() without a grace period)
  // waits for the page forever, and the test runner's own timeout fails the test.
  it("gives up on a page that never finishes at the deadline, and hangs up", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const closedBefore = slowClosed;
    const res = await guard.request(`${endless.url}/slow`, { maxBytes: 1024 * 1024, timeoutMs: 500 });
    const err = await res.text().catch((e) => e);
    expect((err as Error).name).toMatch(/TimeoutError|AbortError/);
    await until("the page's connection to be closed by the guard", () => slowClosed > closedBefore);
    await guard.close();
  });

  it("closes after its grace period while a page is still trickling in, cutting it", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const closedBefore = slowClosed;
    const res = await guard.request(`${endless.url}/slow`, { maxBytes: 1024 * 1024, timeoutMs: 60_000 });
    const body = res.text().catch((e) => e);
    await guard.close(300);
    expect(await body).toBeInstanceOf(Error);
    await until("the page's connection to be closed by the guard", () => slowClosed > closedBefore);
  });

  it("allows private addresses only where the policy says so", async () => {
    const guard = createOutboundGuard({ allowPrivate: true });
    const res = await guard.request(`${internal.url}/`, { maxBytes: 1000 });
    expect(await res.text()).toBe("internal secret");
    await guard.close();
    internal.hits.length = 0;
  });
});
