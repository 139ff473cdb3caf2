import type { FastifyBaseLogger } from "fastify";

export interface LogLine {
  level: string;
  msg: string;
  obj: Record<string, unknown>;
}

/** A logger that keeps what it is told (and optionally prints it as JSON lines) for assertions. */
export function captureLogger(print = false): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (objOrMsg: unknown, msg?: string): void => {
      const obj = typeof objOrMsg === "object" && objOrMsg ? (objOrMsg as Record<string, unknown>) : {};
      const line = { level, msg: msg ?? (typeof objOrMsg === "string" ? objOrMsg : ""), obj };
      lines.push(line);
      if (print) console.log(JSON.stringify(line));
    };
  const log = {
    level: "trace",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}
