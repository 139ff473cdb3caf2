import { randomBytes } from "node:crypto";
import { constantTimeEqual, signWebhook } from "@parley/contracts/server";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { AppError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { pageLanguage } from "../../../plugins/page-language";
import { renderPayPage } from "./sandbox-gateway.page";
import type { SandboxOrdersRepo } from "./sandbox-gateway.repo";

const orderInput = z.object({
  trackId: z.string().min(1),
  amountMinor: z.number().int().positive(),
  currency: z.string().length(3),
  method: z.string(),
  description: z.string(),
  callbackUrl: z.url(),
  returnUrl: z.url(),
});

const refundInput = z.object({
  refundId: z.string().min(1).max(100),
  amountMinor: z.number().int().positive(),
});

export interface SandboxGatewayOptions {
  orders: SandboxOrdersRepo;
  secret: string;
  publicUrl: string;
  /** Where this app receives gateway callbacks server-to-server (INTERNAL_URL or 127.0.0.1:PORT). */
  internalUrl: string;
  now: () => Date;
}

/** The only callback path the sandbox may POST to: this app's own sandbox callback route. */
export const SANDBOX_CALLBACK_PATH = "/api/payments/callback/sandbox";

/**
 * The sandbox gateway is part of this app, not a gateway for anyone: it only ever calls back this
 * app's sandbox callback route and only sends browsers back to this app. Anything else would make
 * the server POST wherever a caller likes (SSRF) and redirect browsers anywhere (open redirect).
 */
export function sandboxTargetsFor(publicUrl: string, internalUrl: string) {
  const appOrigin = new URL(publicUrl).origin;
  const parse = (value: string) => {
    try {
      return new URL(value);
    } catch {
      return undefined;
    }
  };
  const callbacks = new Set(
    [publicUrl, internalUrl].map((base) => new URL(`${base}${SANDBOX_CALLBACK_PATH}`).href),
  );
  return {
    callbackAllowed: (value: string) => callbacks.has(parse(value)?.href ?? ""),
    returnAllowed(value: string) {
      const url = parse(value);
      return Boolean(url && url.origin === appOrigin && !url.username && !url.password);
    },
  };
}

/**
 * The built-in sandbox payment gateway (PAYMENTS_MODE=sandbox). It behaves like an external
 * gateway: a merchant API guarded by a secret, a hosted page, and on a decision a signed
 * server-to-server callback first, then the browser redirect back to the merchant.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync<SandboxGatewayOptions> = async (app, opts) => {
  const { orders, secret, now } = opts;
  const targets = sandboxTargetsFor(opts.publicUrl, opts.internalUrl);
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const merchantAuth = (authorization: string | undefined) => {
    if (!authorization || !constantTimeEqual(authorization, `Bearer ${secret}`)) {
      throw new AppError("UNAUTHORIZED", "Sandbox gateway: bad merchant credentials");
    }
  };

  const findOrder = (trackId: string) => orders.find(trackId);

  app.post("/sandbox-gateway/api/orders", async (request) => {
    merchantAuth(request.headers.authorization);
    const parsed = orderInput.safeParse(request.body);
    if (!parsed.success) throw new AppError("BAD_REQUEST", "Sandbox gateway: invalid order");
    const input = parsed.data;
    if (!targets.callbackAllowed(input.callbackUrl)) {
      throw new AppError(
        "BAD_REQUEST",
        `Sandbox gateway: the callback URL must be this app's ${SANDBOX_CALLBACK_PATH}`,
      );
    }
    if (!targets.returnAllowed(input.returnUrl)) {
      throw new AppError("BAD_REQUEST", "Sandbox gateway: the return URL must be on this app's own origin");
    }
    await orders.insert({ ...input });
    return {
      orderId: input.trackId,
      paymentUrl: `${opts.publicUrl}/sandbox-gateway/pay/${encodeURIComponent(input.trackId)}`,
    };
  });

  app.get<{ Params: { trackId: string } }>("/sandbox-gateway/api/orders/:trackId", async (request) => {
    merchantAuth(request.headers.authorization);
    const order = await findOrder(request.params.trackId);
    if (!order) throw new AppError("NOT_FOUND", "No such sandbox order");
    return {
      trackId: order.trackId,
      decision: order.decision,
      amountMinor: order.amountMinor,
      currency: order.currency,
    };
  });

  // A refund of an approved order (the merchant's API): each refund id once, never past the amount.
  app.post<{ Params: { trackId: string } }>(
    "/sandbox-gateway/api/orders/:trackId/refunds",
    async (request, reply) => {
      merchantAuth(request.headers.authorization);
      const parsed = refundInput.safeParse(request.body);
      if (!parsed.success) throw new AppError("BAD_REQUEST", "Sandbox gateway: invalid refund");
      const outcome = await orders.refund(
        request.params.trackId,
        parsed.data.refundId,
        parsed.data.amountMinor,
        now(),
      );
      if (outcome === "done") return { refundId: parsed.data.refundId, result: "SUCCESS" };
      return reply.status(409).send({
        result: "FAILURE",
        explanation:
          outcome === "not_paid"
            ? "The order was not paid"
            : "The refunds would be more than the order's amount",
      });
    },
  );

  app.get<{ Params: { trackId: string } }>("/sandbox-gateway/pay/:trackId", async (request, reply) => {
    const order = await findOrder(request.params.trackId);
    if (!order) throw AppError.of("NOT_FOUND", "payment.paymentLinkNotValid");
    const nonce = randomBytes(16).toString("base64");
    reply
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      )
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8");
    // In the payer's language: ?lang=, the parley_lang cookie the app set, then Accept-Language.
    return renderPayPage({ ...order, returnUrl: order.returnUrl }, nonce, pageLanguage(request));
  });

  app.post<{ Params: { trackId: string }; Body: { decision?: string } }>(
    "/sandbox-gateway/pay/:trackId",
    async (request, reply) => {
      const decisions = { approve: "approved", decline: "declined", cancel: "canceled" } as const;
      const choice = request.body?.decision;
      const decision =
        choice && choice in decisions ? decisions[choice as keyof typeof decisions] : undefined;
      if (!decision) throw AppError.of("BAD_REQUEST", "payment.chooseApproveDeclineOrCancel");
      // Only the first decision counts, as at a real gateway.
      const order = await orders.decide(request.params.trackId, decision, now());
      if (!order) {
        const existing = await findOrder(request.params.trackId);
        if (!existing) throw AppError.of("NOT_FOUND", "payment.paymentLinkNotValid");
        return reply.redirect(existing.returnUrl, 303);
      }
      const status = decision === "approved" ? "captured" : decision === "declined" ? "failed" : "canceled";
      const body = JSON.stringify({
        type: "payment.decided",
        trackId: order.trackId,
        status,
        amountMinor: order.amountMinor,
        currency: order.currency,
        resultCode: decision === "declined" ? "05" : decision === "approved" ? "00" : null,
        resultMessage:
          decision === "declined"
            ? "Declined by the card issuer (sandbox)"
            : decision === "canceled"
              ? "Cancelled at the payment page"
              : null,
      });
      const id = newId("evt");
      // Server-to-server first (retried briefly); the browser only returns afterwards.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const ts = Math.floor(now().getTime() / 1000);
        try {
          const res = await fetch(order.callbackUrl, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...signWebhook(secret, body, { id, timestamp: ts }),
            },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status < 500) break;
        } catch (err) {
          request.log.warn(
            { err: (err as Error).message, attempt },
            "sandbox gateway: callback delivery failed",
          );
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
      return reply.redirect(order.returnUrl, 303);
    },
  );
};
