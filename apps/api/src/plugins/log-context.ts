import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Binds more context to this request's log lines (Fastify's own carry `reqId` already): every
 * line after this one, the "request completed" line included, carries `bindings`.
 */
export function bindRequestLog(
  request: FastifyRequest,
  reply: FastifyReply,
  bindings: Record<string, string>,
) {
  request.log = request.log.child(bindings);
  reply.log = request.log;
}

/**
 * `onRequest` hook: a route about one chatbot logs its id as `chatbotId` (public routes name it
 * `:chatbotId`, the owner's `/chatbots/:id…`).
 */
export async function bindChatbotLog(request: FastifyRequest, reply: FastifyReply) {
  const params = (request.params ?? {}) as { chatbotId?: unknown; id?: unknown };
  const ownerRoute = request.routeOptions.url?.startsWith("/api/chatbots/:id") ?? false;
  const chatbotId = params.chatbotId ?? (ownerRoute ? params.id : undefined);
  if (typeof chatbotId === "string" && chatbotId.length <= 64) bindRequestLog(request, reply, { chatbotId });
}
