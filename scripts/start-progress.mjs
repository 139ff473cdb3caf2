// What `pnpm start` says while the services come up: each service's phase, read from its own log
// lines (opening its database, migrating, adding the demo content, ready), a "still starting" line
// now and then on a slow machine, and, when a service stops or never comes up, its last lines.

/** How long `pnpm start` waits for a service that is still working (START_TIMEOUT_SECONDS). */
export const DEFAULT_START_TIMEOUT_SECONDS = 600;
/** How often it says what is still starting. */
export const PROGRESS_EVERY_MS = 15_000;
/** Lines of each service kept to show when it fails. */
const KEEP_LINES = 15;

/** The phase a service's log line announces, or undefined. Lines are pino JSON (or plain text). */
export function phaseOf(line) {
  let msg = line;
  try {
    const parsed = JSON.parse(line);
    if (parsed && typeof parsed.msg === "string") msg = parsed.msg;
  } catch {
    // a plain line
  }
  if (/^database: creating a new embedded database/.test(msg)) return "creating its database (first start)";
  if (/^database: opening the embedded database/.test(msg)) return "opening its database";
  const applying = /^migrations: applying (\d+) pending/.exec(msg);
  if (applying) return `migrating its database (${applying[1]} changes)`;
  if (/^migration lock held by another session/.test(msg)) return "waiting for another process's migration";
  if (/^migrations: (done|up to date)/.test(msg)) return "starting up";
  if (/^demo (account|content|chatbot)/i.test(msg)) return "adding the demo content";
  if (/^Server listening|^Parley (auth|API)\b/.test(msg)) return "ready";
  return undefined;
}

/**
 * Follows the services' output: each one's phase and since when, and its last lines. `now` is
 * injectable for tests.
 */
export function createStartWatch(names, now = () => Date.now()) {
  const started = now();
  const state = new Map(
    names.map((name) => [name, { phase: "starting", since: started, lines: [], ready: false }]),
  );
  return {
    /** A line the service printed. */
    see(name, line) {
      const s = state.get(name);
      if (!s) return;
      s.lines.push(line);
      if (s.lines.length > KEEP_LINES) s.lines.shift();
      const phase = phaseOf(line);
      if (phase && phase !== s.phase) {
        s.phase = phase;
        s.since = now();
      }
    },
    /** The service answers its health check. */
    ready(name) {
      const s = state.get(name);
      if (s) {
        s.ready = true;
        s.phase = "ready";
      }
    },
    /** "Still starting (45 s): api is migrating its database (29 changes); auth is ready." */
    status() {
      const secs = Math.round((now() - started) / 1000);
      const parts = [...state].map(([name, s]) =>
        s.ready ? `${name} is ready` : `${name} is ${s.phase} (${Math.round((now() - s.since) / 1000)} s)`,
      );
      return `Still starting (${secs} s): ${parts.join("; ")}.`;
    },
    /** Why a service did not come up, with its last lines: the error is usually among them. */
    failure(name, how) {
      const s = state.get(name);
      const last = s?.lines.length
        ? `\nIts last lines:\n${s.lines.map((l) => `  [${name}] ${l}`).join("\n")}`
        : "\nIt printed nothing.";
      return `The ${name} service ${how} while ${s?.phase ?? "starting"}.${last}`;
    },
  };
}
