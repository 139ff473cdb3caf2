import { verifyWebhook } from "@parley/contracts/server";
import { AppError } from "../../../lib/errors";
import type {
  CallbackRequest,
  GatewayStatus,
  InquiryTarget,
  PaymentProvider,
  RefundResult,
  VerifiedEvent,
} from "./provider";

export interface SandboxConfig {
  /** Where this process reaches the sandbox gateway's merchant API (itself, over real HTTP). */
  gatewayUrl: () => string;
  secret: string;
  now: () => Date;
}

interface SandboxCallbackBody {
  type: "payment.decided";
  trackId: string;
  status: GatewayStatus;
  amountMinor: number;
  currency: string;
  resultCode: string | null;
  resultMessage: string | null;
}

/**
 * Client of the built-in sandbox gateway: the same shape as a real gateway adapter (HTTP initiate,
 * signed server-to-server callback, inquiry), so the whole payment path runs for real in dev and tests.
 */
export function createSandboxProvider(config: SandboxConfig): PaymentProvider {
  const call = async (path: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await fetch(`${config.gatewayUrl()}${path}`, {
        ...init,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${config.secret}`,
          ...init.headers,
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new AppError(
        "GATEWAY_ERROR",
        `The payment gateway could not be reached (${(err as Error).message})`,
      );
    }
    if (!res.ok) throw new AppError("GATEWAY_ERROR", `The payment gateway answered ${res.status}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  return {
    id: "sandbox",
    async initiate(input) {
      const body = await call("/sandbox-gateway/api/orders", { method: "POST", body: JSON.stringify(input) });
      if (typeof body.paymentUrl !== "string")
        throw AppError.of("GATEWAY_ERROR", "payment.paymentGatewaySentNoPayment");
      return {
        paymentUrl: body.paymentUrl,
        providerRef: typeof body.orderId === "string" ? body.orderId : null,
      };
    },

    async parseCallback(request: CallbackRequest): Promise<VerifiedEvent> {
      const raw = request.rawBody.toString("utf8");
      const check = verifyWebhook(config.secret, raw, request.headers, {
        now: Math.floor(config.now().getTime() / 1000),
      });
      if (!check.ok) throw new AppError("SIGNATURE_INVALID", "Callback signature is invalid");
      const body = JSON.parse(raw) as SandboxCallbackBody;
      return {
        eventId: check.id,
        trackId: body.trackId,
        providerRef: body.trackId,
        status: body.status,
        amountMinor: body.amountMinor,
        currency: body.currency,
        resultCode: body.resultCode,
        resultMessage: body.resultMessage,
        raw: body,
      };
    },

    async refund(target, input): Promise<RefundResult> {
      let res: Response;
      try {
        res = await fetch(
          `${config.gatewayUrl()}/sandbox-gateway/api/orders/${encodeURIComponent(target.trackId)}/refunds`,
          {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${config.secret}` },
            body: JSON.stringify(input),
            signal: AbortSignal.timeout(10_000),
          },
        );
      } catch (err) {
        throw new AppError(
          "GATEWAY_ERROR",
          `The payment gateway could not be reached (${(err as Error).message})`,
        );
      }
      const body = (await res.json().catch(() => ({}))) as { result?: string; explanation?: string };
      if (res.ok && body.result === "SUCCESS") return { status: "refunded", providerRef: input.refundId };
      if (res.status === 409)
        return { status: "failed", message: body.explanation ?? "The gateway refused the refund" };
      throw new AppError("GATEWAY_ERROR", `The payment gateway answered ${res.status}`);
    },

    async inquire(target: InquiryTarget): Promise<VerifiedEvent> {
      const body = await call(`/sandbox-gateway/api/orders/${encodeURIComponent(target.trackId)}`);
      const decision = body.decision as string | null;
      const status: GatewayStatus =
        decision === "approved"
          ? "captured"
          : decision === "declined"
            ? "failed"
            : decision === "canceled"
              ? "canceled"
              : "pending";
      return {
        eventId: `inquiry:${target.trackId}:${status}`,
        trackId: target.trackId,
        status,
        amountMinor: Number(body.amountMinor),
        currency: String(body.currency),
        resultCode: decision === "declined" ? "05" : null,
        resultMessage: decision === "declined" ? "Declined by the card issuer (sandbox)" : null,
        raw: body,
      };
    },
  };
}
