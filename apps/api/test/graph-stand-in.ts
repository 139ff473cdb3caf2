import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import {
  type StandInOptions,
  type StandInTemplate,
  whatsappGraphStandIn,
} from "../src/modules/channels/whatsapp/stand-in/graph-stand-in";

export interface StandInNumberCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

export interface StandInSent {
  id: string;
  to: string;
  type: string;
  text: string;
  buttons: { id: string; title: string }[];
  status: "accepted" | "sent" | "delivered" | "read" | "failed";
  error: { code: number; title: string } | null;
  callbackData: string | null;
  replyTo: string | null;
  at: string;
}

/**
 * Meta's WhatsApp Cloud API, as a real HTTP server on 127.0.0.1 (the same stand-in development
 * uses, src/modules/channels/whatsapp/stand-in): the API under test calls it over HTTP, and it
 * calls the API's webhook back, signed. The helpers drive its control routes: a test number,
 * Meta's "Verify and save", a customer writing, faults.
 */
export async function startGraphStandIn(opts: StandInOptions = {}) {
  const app = Fastify({ logger: false });
  await app.register(whatsappGraphStandIn, opts);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { ...graphStandInClient(url), close: () => app.close() };
}

/** The stand-in's control routes at `url` (in this process or another: the bench runs it apart). */
export function graphStandInClient(url: string) {
  async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}/__standin${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`stand-in ${method} ${path}: ${res.status} ${json.error ?? ""}`);
    return json;
  }
  return {
    url,
    createNumber: (input: { templates?: StandInTemplate[]; displayPhoneNumber?: string } = {}) =>
      control<StandInNumberCredentials>("POST", "/numbers", input),
    subscribe: (id: string, callbackUrl: string, verifyToken: string) =>
      control<{ subscribed: boolean }>("POST", `/numbers/${id}/subscribe`, { callbackUrl, verifyToken }),
    inbound: (
      id: string,
      input: {
        from: string;
        name?: string;
        text?: string;
        type?: "text" | "image" | "audio" | "document" | "location" | "sticker" | "button_reply";
        buttonId?: string;
        context?: string;
        times?: number;
      },
    ) => control<{ id: string; delivered: number[] }>("POST", `/numbers/${id}/inbound`, input),
    /** Customers write `rate` messages a second for `seconds` (see the stand-in's load route). */
    load: (
      id: string,
      input: { rate: number; seconds: number; prefix: string; text: string; twiceEvery?: number },
    ) =>
      control<{ ids: string[]; failed: number; sendSeconds: number }>("POST", `/numbers/${id}/load`, input),
    sent: (id: string) => control<StandInSent[]>("GET", `/numbers/${id}/sent`),
    received: (id: string) =>
      control<{ id: string; from: string; type: string; text: string; at: string }[]>(
        "GET",
        `/numbers/${id}/received`,
      ),
    /** Meta's retry of every delivery the webhook did not acknowledge (same message ids). */
    retry: (id: string) => control<{ retried: number; delivered: number[] }>("POST", `/numbers/${id}/retry`),
    fault: (id: string, fault: "rate_limit" | "server_error" | "revoked" | "undeliverable", count = 1) =>
      control<{ queued: number }>("POST", `/numbers/${id}/faults`, { fault, count }),
    read: (id: string, contact: string) =>
      control<{ read: number }>("POST", `/numbers/${id}/read`, { with: contact }),
    redeliverStatus: (id: string, messageId: string, status: "sent" | "delivered" | "read" | "failed") =>
      control<{ status: number }>("POST", `/numbers/${id}/redeliver-status`, { messageId, status }),
  };
}
export type GraphStandIn = Awaited<ReturnType<typeof startGraphStandIn>>;
