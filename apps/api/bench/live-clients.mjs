// Holds idle live-chat streams open for live-memory.bench.ts, in a process of its own so that the
// clients' memory is not counted as the server's. Reads one JSON line on stdin:
// { port, streams: [{ path, visitor, ip }] }, opens them all on raw sockets, prints "open" once
// every stream has sent its `ready` event, and keeps them until stdin closes.
import net from "node:net";
import readline from "node:readline";

const rl = readline.createInterface({ input: process.stdin });
const [line] = await new Promise((resolve) => {
  const lines = [];
  rl.on("line", (l) => {
    lines.push(l);
    resolve(lines);
  });
});
const { port, streams } = JSON.parse(line);
const sockets = [];
await Promise.all(
  streams.map(
    (s) =>
      new Promise((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(
            `GET ${s.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nx-parley-visitor: ${s.visitor}\r\nx-forwarded-for: ${s.ip}\r\n\r\n`,
          );
        });
        let seen = "";
        const onData = (chunk) => {
          seen += chunk.toString();
          if (!seen.startsWith("HTTP/1.1 200")) return reject(new Error(seen.split("\r\n")[0]));
          if (seen.includes("event: ready")) {
            socket.off("data", onData);
            // Keep reading (and dropping) what comes, as a browser would.
            socket.on("data", () => {});
            resolve();
          }
        };
        socket.on("data", onData);
        socket.on("error", reject);
        sockets.push(socket);
      }),
  ),
);
console.log("open");
rl.on("close", () => {
  for (const s of sockets) s.destroy();
  process.exit(0);
});
