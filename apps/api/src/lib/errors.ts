import { type ErrorCode, errorStatus } from "@parley/contracts";

/** The one error type services throw; the error handler turns it into the public error body. */
export class AppError extends Error {
  override name = "AppError";
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
