import {
  CUSTOMER_HEADER,
  LIVE_LIMITS,
  VISITOR_HEADER,
  visitorIdSchema,
  WIDGET_LIMITS,
} from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import type { CustomerIdentity, IdentityService } from "../identity/identity.service";
import { originAllowed } from "./origin-policy";
import type { WidgetService } from "./widget.service";
import type { Visitor } from "./widget-visitor";

/** For the site owner: which domain to add, on which bot. */
export function notEnabledOn(origin: string, chatbotId: string): string {
  let host = origin;
  try {
    host = new URL(origin).host;
  } catch {
    // Not a URL: name the header as sent.
  }
  return `This chat is not enabled on ${origin.slice(0, 200)}. Add ${host.slice(0, 200)} to the allowed domains of chatbot ${chatbotId} in the Parley dashboard (Embed tab).`;
}

export const TOO_MANY_READS = "Too many requests from your network. Please try again in a minute.";

/** The widget's reads (launcher, config, a conversation) share one generous per-address budget. */
export const limitWidgetReads = (limiter: RateLimiter, ip: string, reply: FastifyReply) =>
  enforceLimit(limiter, reply, `read:ip:${ip}`, WIDGET_LIMITS.readsPerIpPerMinute, 60, TOO_MANY_READS);

interface VisitorLimit {
  max: number;
  perAddress?: number;
  windowSeconds: number;
  message: string;
}
/**
 * What one visitor may do how often (kept per visitor id: `<kind>:visitor:<id>`), and for some
 * kinds what one network address may (`<kind>:ip:<address>`), with the same refusal.
 */
const VISITOR_LIMITS = {
  msg: {
    max: WIDGET_LIMITS.messagesPerVisitorPerMinute,
    perAddress: WIDGET_LIMITS.messagesPerIpPerMinute,
    windowSeconds: 60,
    message: "You're sending messages too quickly. Please wait a moment and try again.",
  },
  feedback: {
    max: WIDGET_LIMITS.feedbackPerVisitorPerMinute,
    windowSeconds: 60,
    message: "You're sending feedback too quickly. Please wait a moment and try again.",
  },
  lead: {
    max: WIDGET_LIMITS.leadsPerVisitorPerHour,
    perAddress: WIDGET_LIMITS.leadsPerIpPerHour,
    windowSeconds: 3600,
    message: "Too many requests from your network. Please try again later.",
  },
  handoff: {
    max: LIVE_LIMITS.handoffsPerVisitorPerHour,
    windowSeconds: 3600,
    message: "You have asked for a person several times. Please wait for the team to reply.",
  },
  typing: {
    max: LIVE_LIMITS.typingPerMinute,
    windowSeconds: 60,
    message: "Too many typing signals. Please wait a moment.",
  },
  events: {
    max: LIVE_LIMITS.streamsPerVisitor * 10,
    windowSeconds: 60,
    message: "Too many reconnections. Please wait a moment.",
  },
} satisfies Record<string, VisitorLimit>;

export interface WidgetGuardDeps {
  widget: WidgetService;
  identity: IdentityService;
  limiter: RateLimiter;
  appOrigin: string;
}

/** The checks every public widget route shares: origin, visitor (and customer), rate limits. */
export function createWidgetGuards({ widget, identity, limiter, appOrigin }: WidgetGuardDeps) {
  /**
   * A browser call from another site than the app (the chat page's own calls are same-origin;
   * a site may also call the API itself) must come from one of the bot's allowed domains.
   */
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply, chatbotId: string) => {
    const origin = request.headers.origin;
    if (!origin || origin === appOrigin) return;
    // Refusals are readable there too: they name what the site owner must change.
    reply.header("access-control-allow-origin", origin).header("vary", "origin");
    const bot = await widget.publishedBot(chatbotId);
    if (!originAllowed(origin, bot.allowedDomains)) {
      request.log.warn({ origin, chatbotId }, "widget request from a domain the bot does not allow");
      throw new AppError("FORBIDDEN", notEnabledOn(origin, bot.id));
    }
  };

  const visitorIdOf = (request: FastifyRequest) => {
    const parsed = visitorIdSchema.safeParse(request.headers[VISITOR_HEADER]);
    if (!parsed.success) throw new AppError("BAD_REQUEST", `Missing or invalid ${VISITOR_HEADER} header`);
    return parsed.data;
  };

  /** The visitor, and the customer the business vouched for when the signature holds. */
  const visitorOf = async (
    request: FastifyRequest,
    chatbotId: string,
  ): Promise<Visitor & { identity: CustomerIdentity }> => {
    const visitorId = visitorIdOf(request);
    const header = request.headers[CUSTOMER_HEADER];
    if (header === undefined) return { visitorId, customer: null, identity: { status: "anonymous" } };
    const result = identity.verify(await widget.publishedBot(chatbotId), header);
    return { visitorId, customer: result.status === "verified" ? result.customer : null, identity: result };
  };

  const limit = (reply: FastifyReply, key: string, max: number, windowSeconds: number, message: string) =>
    enforceLimit(limiter, reply, key, max, windowSeconds, message);

  /** The visitor (as `visitorOf`), once within its limit of `kind` requests (`VISITOR_LIMITS`). */
  const limitedVisitor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    chatbotId: string,
    kind: keyof typeof VISITOR_LIMITS,
  ) => {
    const who = await visitorOf(request, chatbotId);
    const { max, perAddress, windowSeconds, message }: VisitorLimit = VISITOR_LIMITS[kind];
    await limit(reply, `${kind}:visitor:${who.visitorId}`, max, windowSeconds, message);
    if (perAddress !== undefined)
      await limit(reply, `${kind}:ip:${request.ip}`, perAddress, windowSeconds, message);
    return who;
  };

  return { checkOrigin, visitorOf, limit, limitedVisitor };
}
export type WidgetGuards = ReturnType<typeof createWidgetGuards>;
