import { type ChildProcess, fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Chunk } from "./chunker";
import { IngestError } from "./ingest-error";
import type { FileRequest, FileResult, PageResult, ParseMessage, ParseRequest } from "./parse-child";

export const TOO_MUCH_MEMORY =
  "This file needs more memory to read than one source may use. It may be malformed, or too large and complex: split it into smaller files.";
export function tooSlow(timeoutMs: number) {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return `Reading this file took longer than ${seconds} second${seconds === 1 ? "" : "s"}, so it was stopped. It may be malformed, or too large: split it into smaller files.`;
}
const CRASHED =
  "This file could not be read: the reader stopped unexpectedly. It may be damaged or malformed.";

const here = fileURLToPath(import.meta.url);
const childEntry = path.join(path.dirname(here), `parse-child${path.extname(here)}`);
// From TypeScript sources (development, tests) the child needs the same loader; compiled, none.
const loaderArgs =
  path.extname(here) === ".ts"
    ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href]
    : [];

/** Resident memory of a process in bytes (Linux), or undefined where /proc is not available. */
function residentBytes(pid: number): number | undefined {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? pages * 4096 : undefined;
  } catch {
    return undefined;
  }
}

/** Why a request failed, in the words for the account; `kind` says what ended it. */
export class ParseFailure extends IngestError {
  constructor(
    message: string,
    readonly kind: "reason" | "memory" | "timeout" | "crash",
    readonly detail = "",
  ) {
    super(message);
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** The failure reason when the deadline kills the request. */
  timeoutMessage: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface Pending {
  id: number;
  resolve: (value: FileResult | PageResult) => void;
  reject: (err: Error) => void;
  onProgress?: (fraction: number) => void;
  timeoutMessage: string;
}

/**
 * A child process that parses untrusted input (uploaded files, crawled pages), so that a hostile
 * input (a zip bomb, a PDF that inflates without end, HTML crafted to take seconds to parse, a
 * parser that loops) costs that process, never the API's heap or event loop. The child has a V8
 * heap limit, is killed when its resident memory passes `memoryMb` or at a request's deadline,
 * and is the kernel's first choice if memory runs out. After a kill the next request starts a
 * new child. Requests run one at a time.
 */
/** The parse process's memory cap, and which program it runs (by default the one beside this module). */
export interface ParserOptions {
  memoryMb: number;
  /**
   * A compiled parse-child.js to run instead. Tests running the API from its TypeScript sources
   * pass the shared test build's: the TypeScript child loads tsx, which took six times the CPU and
   * four times the memory of the compiled one for the same PDF.
   */
  entry?: string;
}

export function createParserProcess(opts: ParserOptions) {
  let child: ChildProcess | undefined;
  let pending: Pending | undefined;
  let killedFor: { message: string; kind: ParseFailure["kind"] } | undefined;
  let stderr = "";
  let watchdog: ReturnType<typeof setInterval> | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const settle = (fn: (p: Pending) => void) => {
    const p = pending;
    pending = undefined;
    if (p) fn(p);
  };

  function spawnChild(): ChildProcess {
    const proc = fork(opts.entry ?? childEntry, [], {
      execArgv: [
        ...(opts.entry ? [] : loaderArgs),
        `--max-old-space-size=${Math.max(64, Math.floor(opts.memoryMb * 0.75))}`,
      ],
      // Nothing of the API's environment (secrets) is needed to read a file.
      env: { PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV ?? "production" },
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    stderr = "";
    killedFor = undefined;
    proc.stderr?.on("data", (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
    });
    if (proc.pid) {
      try {
        writeFileSync(`/proc/${proc.pid}/oom_score_adj`, "1000");
      } catch {
        // Not Linux, or not allowed: the watchdog below still applies.
      }
    }
    watchdog = setInterval(() => {
      const rss = proc.pid ? residentBytes(proc.pid) : undefined;
      if (rss !== undefined && rss > opts.memoryMb * 1024 * 1024)
        kill({ message: TOO_MUCH_MEMORY, kind: "memory" });
    }, 50);
    watchdog.unref();
    proc.on("message", (message: ParseMessage) => {
      if (!pending || message.id !== pending.id) return;
      if (message.kind === "progress") pending.onProgress?.(message.fraction);
      else if (message.kind === "done") settle((p) => p.resolve(message.result));
      else
        settle((p) =>
          p.reject(
            message.reason
              ? new ParseFailure(message.reason, "reason")
              : new ParseFailure(CRASHED, "crash", message.detail),
          ),
        );
    });
    // "close", not "exit": every message the child sent has arrived by then.
    proc.on("close", (code, signal) => {
      clearInterval(watchdog);
      if (child === proc) child = undefined;
      const outOfHeap = /heap limit|allocation failed|out of memory/i.test(stderr);
      const why =
        killedFor ?? (outOfHeap ? { message: TOO_MUCH_MEMORY, kind: "memory" as const } : undefined);
      settle((p) =>
        p.reject(
          new ParseFailure(
            why?.message ?? CRASHED,
            why?.kind ?? "crash",
            `exit ${code ?? signal}: ${stderr}`,
          ),
        ),
      );
    });
    proc.on("error", () => {
      // Reported through "close".
    });
    return proc;
  }

  function kill(why: { message: string; kind: ParseFailure["kind"] }) {
    if (!child) return;
    killedFor ??= why;
    child.kill("SIGKILL");
  }

  async function runOne<T extends FileResult | PageResult>(
    request: ParseRequest,
    run: RunOptions,
  ): Promise<T> {
    run.signal?.throwIfAborted();
    child ??= spawnChild();
    const proc = child;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const deadline = setTimeout(
        () => kill({ message: run.timeoutMessage, kind: "timeout" }),
        run.timeoutMs,
      );
      const onAbort = () => kill({ message: "aborted", kind: "crash" });
      run.signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => {
        clearTimeout(deadline);
        run.signal?.removeEventListener("abort", onAbort);
      };
      pending = {
        id,
        onProgress: run.onProgress,
        timeoutMessage: run.timeoutMessage,
        resolve: (v) => {
          done();
          resolve(v as T);
        },
        reject: (e) => {
          done();
          reject(run.signal?.aborted ? (run.signal.reason ?? e) : e);
        },
      };
      const message =
        request.kind === "file"
          ? {
              ...request,
              data: new Uint8Array(request.data.buffer, request.data.byteOffset, request.data.byteLength),
            }
          : request;
      proc.send({ id, request: message });
    });
  }

  return {
    /** Runs one request after the ones already queued. */
    request<T extends FileResult | PageResult>(request: ParseRequest, run: RunOptions): Promise<T> {
      const result = queue.then(() => runOne<T>(request, run));
      queue = result.catch(() => {});
      return result;
    },
    close() {
      if (child) {
        killedFor ??= { message: "closed", kind: "crash" };
        child.kill("SIGKILL");
      }
      child = undefined;
    },
  };
}
export type ParserProcess = ReturnType<typeof createParserProcess>;

export interface ParseFileOptions extends Omit<FileRequest, "kind" | "data">, ParserOptions {
  timeoutMs: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Reads one uploaded file into passages in a parse process of its own (see createParserProcess). */
export async function parseFileIsolated(data: Buffer, opts: ParseFileOptions): Promise<Chunk[]> {
  const { memoryMb, entry, timeoutMs, onProgress, signal, ...request } = opts;
  const parser = createParserProcess({ memoryMb, entry });
  try {
    const result = await parser.request<FileResult>(
      { kind: "file", data, ...request },
      { timeoutMs, timeoutMessage: tooSlow(timeoutMs), onProgress, signal },
    );
    return result.chunks;
  } finally {
    parser.close();
  }
}
