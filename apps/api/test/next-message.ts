import type { PubSub } from "../src/lib/pubsub";

/**
 * The next message on `channel` that `pubsub` delivers (and that `matches`), with the time it
 * arrived (`performance.now()`); rejects after `timeoutMs`, naming what did not come.
 */
export function nextMessage(
  pubsub: Pick<PubSub, "subscribe">,
  channel: string,
  matches: (message: string) => boolean = () => true,
  timeoutMs = 3000,
): Promise<{ message: string; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no message on ${channel} arrived within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = pubsub.subscribe(channel, (message) => {
      if (!matches(message)) return;
      clearTimeout(timer);
      stop();
      resolve({ message, at: performance.now() });
    });
  });
}
