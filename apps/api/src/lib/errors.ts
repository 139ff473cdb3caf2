import { type ErrorCode, errorStatus } from "@parley/contracts";
import { type ServerMessageArgs, type ServerMessageKey, serverMessage } from "@parley/ui/i18n/server-keys";
import type { KeyedMessage } from "@parley/ui/i18n/server-messages";

/** The one error type services throw; the error handler turns it into the public error body. */
export class AppError extends Error {
  override name = "AppError";
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** The message's code and values when the site names them (`AppError.of`); else found at send time. */
    readonly keyed?: KeyedMessage,
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }

  /**
   * An error whose message the site names by its code in the server-message catalog (issue #32):
   * the English is the catalog's, and the compiler checks the code and its values.
   */
  static of<K extends ServerMessageKey>(
    code: ErrorCode,
    messageKey: K,
    ...values: ServerMessageArgs<K>
  ): AppError {
    const keyed = serverMessage(messageKey, ...values);
    return new AppError(code, keyed.message, undefined, keyed);
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
