import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { Redis } from "ioredis";

/**
 * A throw-away redis-server on 127.0.0.1 that a test may stop and start again on the same port
 * (never the machine's shared Redis).
 */
export interface RedisProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => {
      socket.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });

export async function startRedisServer(port: number): Promise<RedisProcess> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/** Keys under `prefix` in that Redis, read over the wire (RESP), without the app's client. */
export function redisKeys(port: number, pattern: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let data = "";
    socket.once("connect", () => socket.write(`KEYS ${pattern}\r\n`));
    socket.on("data", (d) => {
      data += d.toString();
      const lines = data.split("\r\n");
      const count = Number(lines[0]?.slice(1));
      if (lines[0]?.startsWith("*") && lines.length >= 1 + count * 2) {
        socket.destroy();
        resolve(
          lines
            .slice(1)
            .filter((_, i) => i % 2 === 1)
            .slice(0, count),
        );
      }
    });
    socket.once("error", reject);
  });
}

/** How many connections Redis at `url` has subscribed to `channel` (PUBSUB NUMSUB). */
export async function subscribers(url: string, channel: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    const [, count] = (await client.pubsub("NUMSUB", channel)) as [string, number];
    return Number(count);
  } finally {
    client.disconnect();
  }
}
