import type { ErrorCode } from "@parley/contracts";
import { errorStatus } from "@parley/contracts";
import { errorBody, FASTIFY_CLIENT_ERRORS } from "@parley/contracts/server";
import { messageKeyOf } from "@parley/ui/i18n/server-keys";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The house error shape for this service's own routes (/platforms, /auth, /dev). better-auth's
 * routes keep better-auth's `{code, message}` bodies, which its clients expect. The message's code
 * and values (`messageKey`, `values`) come from the server-message catalog (issue #32).
 */
export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, message: string) {
  return reply
    .status(errorStatus[code])
    .type("application/json")
    .send(errorBody(code, message, request.id, undefined, messageKeyOf(message)));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return sendError(reply, request, mapped, error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, request, "BAD_REQUEST", error.message);
    }
    // Unknown errors never leak internals to the client.
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, request, "INTERNAL", "Something went wrong on our side");
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, "NOT_FOUND", `Route ${request.method} ${request.url.split("?")[0]} not found`),
  );
}
