import type { ErrorBody, ErrorCode } from "@parley/contracts";
import { errorStatus } from "@parley/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  details?: ErrorBody["error"]["details"],
) {
  const body: ErrorBody = {
    error: { code, message, requestId: request.id, ...(details ? { details } : {}) },
  };
  return reply.status(errorStatus[code]).type("application/json").send(body);
}

/** Fastify's own error codes that are the client's fault, mapped to our closed set. */
const fastifyClientErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_REQUEST",
  FST_ERR_CTP_EMPTY_TYPE: "BAD_REQUEST",
  FST_ERR_CTP_INVALID_TYPE: "BAD_REQUEST",
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, request, error.code, error.message, error.details);
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
    const mapped = error.code ? fastifyClientErrors[error.code] : undefined;
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
