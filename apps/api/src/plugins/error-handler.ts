import type { ErrorBody, ErrorCode } from "@parley/contracts";
import { errorStatus } from "@parley/contracts";
import { errorBody, FASTIFY_CLIENT_ERRORS } from "@parley/contracts/server";
import { messageKeyOf, withMessageKeys } from "@parley/ui/i18n/server-keys";
import type { KeyedMessage } from "@parley/ui/i18n/server-messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";

/**
 * Sends the house error body. The message's code and values (`messageKey`, `values`, and the same
 * for each field of `details`): as the site named them (`AppError.of`), else found from the English
 * text in the server-message catalog, here, once. The apps translate the code, never the English
 * (issue #32).
 */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  details?: ErrorBody["error"]["details"],
  keyed?: KeyedMessage,
) {
  return reply
    .status(errorStatus[code])
    .type("application/json")
    .send(
      errorBody(
        code,
        message,
        request.id,
        details && withMessageKeys(details),
        keyed?.messageKey ? keyed : messageKeyOf(message),
      ),
    );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, request, error.code, error.message, error.details, error.keyed);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split("/").filter(Boolean)].join("."),
        message: v.message ?? "is invalid",
      }));
      const first = details[0];
      const message = first ? `Invalid request: ${first.path} ${first.message}` : "Invalid request";
      return sendError(reply, request, "VALIDATION_FAILED", message, details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
      return sendError(reply, request, "INTERNAL", "Something went wrong on our side");
    }
    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return sendError(reply, request, mapped, error.message);
    if (error.statusCode === 429) return sendError(reply, request, "RATE_LIMITED", error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A malformed JSON body and similar parser failures.
      return sendError(reply, request, "BAD_REQUEST", error.message);
    }
    // Unknown errors never leak internals (SQL, stack traces) to the client.
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, request, "INTERNAL", "Something went wrong on our side");
  });
}
