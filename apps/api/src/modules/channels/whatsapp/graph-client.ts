import { WHATSAPP_GRAPH_VERSION } from "@parley/contracts";
import type { OutboundGuard } from "../../../lib/outbound";

/**
 * What went wrong with a Graph API call, by what it means for us (Meta says to build on the error
 * `code`, not on titles or HTTP statuses, which its own sources disagree on):
 * - `revoked`: the access token is expired, revoked or lacks the permission: the channel needs
 *   attention and nothing is retried;
 * - `rate_limited`: a throughput or pair rate limit: retried later;
 * - `unavailable`: Meta or the network failed (5xx, a timeout, no answer): retried later;
 * - `window_closed`: a free-form message more than 24 hours after the customer's last one;
 * - `undeliverable`: the customer cannot receive it (blocked the business, not on WhatsApp);
 * - `refused`: anything else Meta refused (an unknown template, a wrong parameter count…).
 */
export type GraphErrorKind =
  | "revoked"
  | "rate_limited"
  | "unavailable"
  | "window_closed"
  | "undeliverable"
  | "refused";

export class GraphError extends Error {
  /** Sending a message in parts: the part Meta refused (set by the sender). */
  part = 0;
  constructor(
    readonly kind: GraphErrorKind,
    /** Meta's error code (0 when there was no answer to read one from). */
    readonly code: number,
    message: string,
    /**
     * No answer came (a timeout, a cut connection): Meta may have taken the message all the
     * same. A sender then waits for Meta's report before sending it again.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = "GraphError";
  }
}

const REVOKED = new Set([0, 190, 10, 368, 131031]);
const RATE_LIMITED = new Set([4, 80007, 130429, 131056, 131048]);
const UNAVAILABLE = new Set([1, 2, 131000, 131016]);

/** The kind of a Meta error code (with the HTTP status when there is one). */
export function errorKind(code: number, httpStatus?: number): GraphErrorKind {
  if (REVOKED.has(code) || (code >= 200 && code <= 299)) return "revoked";
  if (RATE_LIMITED.has(code)) return "rate_limited";
  if (UNAVAILABLE.has(code)) return "unavailable";
  if (code === 131047) return "window_closed";
  if (code === 131026) return "undeliverable";
  if (httpStatus === 401) return "revoked";
  if (httpStatus === 429) return "rate_limited";
  if (httpStatus !== undefined && httpStatus >= 500) return "unavailable";
  return "refused";
}

export interface PhoneNumberInfo {
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
}

export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string; format?: string }[];
}

/** The bodies of Meta's `/messages` endpoint we send (text, reply buttons, templates). */
export type OutgoingBody =
  | { type: "text"; text: { body: string; preview_url: boolean } }
  | {
      type: "interactive";
      interactive: {
        type: "button";
        body: { text: string };
        action: { buttons: { type: "reply"; reply: { id: string; title: string } }[] };
      };
    }
  | {
      type: "template";
      template: {
        name: string;
        language: { code: string };
        components: { type: "body"; parameters: { type: "text"; text: string }[] }[];
      };
    };

const ANSWER_CAP_BYTES = 256 * 1024;

/**
 * Meta's WhatsApp Cloud API (the Graph API), as much of it as Parley uses: the phone number's
 * details (checking a token), sending messages, reading the business's templates. The base URL
 * is a setting (WHATSAPP_GRAPH_URL): tests and development talk to a local stand-in that answers
 * with Meta's shapes and codes. Every call goes through the outbound guard, bounded in time and
 * size; the access token travels only in the Authorization header.
 */
export function createGraphClient(deps: { baseUrl: string; guard: OutboundGuard; timeoutMs: number }) {
  const base = `${deps.baseUrl.replace(/\/+$/, "")}/${WHATSAPP_GRAPH_VERSION}`;

  async function call<T>(
    token: string,
    path: string,
    init: { method?: "GET" | "POST"; body?: unknown } = {},
  ) {
    let res: Awaited<ReturnType<OutboundGuard["request"]>>;
    let text: string;
    try {
      res = await deps.guard.request(`${base}${path}`, {
        method: init.method ?? "GET",
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        maxRedirects: 0,
        maxBytes: ANSWER_CAP_BYTES,
        timeoutMs: deps.timeoutMs,
      });
      text = await res.text();
    } catch (err) {
      throw new GraphError("unavailable", 0, `Meta could not be reached: ${(err as Error).message}`, true);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GraphError("unavailable", 0, `Meta answered ${res.status} with something that is not JSON.`);
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: unknown; message?: unknown; error_data?: unknown } }).error;
      const code = typeof error?.code === "number" ? error.code : 0;
      const details =
        typeof error?.error_data === "object" && error.error_data
          ? (error.error_data as { details?: unknown }).details
          : error?.error_data;
      const message = [typeof error?.message === "string" ? error.message : `HTTP ${res.status}`, details]
        .filter((part) => typeof part === "string" && part)
        .join(": ");
      throw new GraphError(errorKind(code, res.status), code, message.slice(0, 500));
    }
    return json as T;
  }

  return {
    /** The number's details; a bad token or id throws (checked before a number is connected). */
    async phoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumberInfo> {
      const info = await call<{
        display_phone_number?: unknown;
        verified_name?: unknown;
        quality_rating?: unknown;
      }>(
        token,
        `/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
      );
      return {
        displayPhoneNumber: String(info.display_phone_number ?? ""),
        verifiedName: String(info.verified_name ?? ""),
        qualityRating: String(info.quality_rating ?? "UNKNOWN"),
      };
    },

    /** Sends one message to `to`; resolves with Meta's id for it (`wamid…`). */
    async send(
      token: string,
      phoneNumberId: string,
      to: string,
      body: OutgoingBody,
      opts: { replyTo?: string | null; callbackData?: string } = {},
    ): Promise<string> {
      const answer = await call<{ messages?: { id?: unknown }[] }>(
        token,
        `/${encodeURIComponent(phoneNumberId)}/messages`,
        {
          method: "POST",
          body: {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to,
            ...body,
            ...(opts.replyTo ? { context: { message_id: opts.replyTo } } : {}),
            ...(opts.callbackData ? { biz_opaque_callback_data: opts.callbackData } : {}),
          },
        },
      );
      const id = answer.messages?.[0]?.id;
      if (typeof id !== "string" || !id)
        throw new GraphError("unavailable", 0, "Meta accepted the message without an id.", true);
      return id;
    },

    /** The business's templates (every page), as Meta lists them. */
    async templates(token: string, businessAccountId: string): Promise<GraphTemplate[]> {
      const out: GraphTemplate[] = [];
      let after: string | undefined;
      // A business has at most a few hundred templates; a bound keeps a looping cursor finite.
      for (let page = 0; page < 20; page++) {
        const res = await call<{
          data?: unknown[];
          paging?: { cursors?: { after?: string }; next?: string };
        }>(
          token,
          `/${encodeURIComponent(businessAccountId)}/message_templates?fields=name,language,status,category,components&limit=100${
            after ? `&after=${encodeURIComponent(after)}` : ""
          }`,
        );
        for (const t of res.data ?? []) {
          const row = t as Partial<GraphTemplate>;
          if (typeof row.name === "string" && typeof row.language === "string")
            out.push({
              name: row.name,
              language: row.language,
              status: String(row.status ?? ""),
              category: String(row.category ?? ""),
              components: Array.isArray(row.components) ? row.components : [],
            });
        }
        if (!res.paging?.next || !res.paging.cursors?.after) break;
        after = res.paging.cursors.after;
      }
      return out;
    },
  };
}
export type GraphClient = ReturnType<typeof createGraphClient>;
