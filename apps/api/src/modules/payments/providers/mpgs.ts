import { currencyExponent } from "@parley/contracts";
import { constantTimeEqual } from "@parley/contracts/server";
import { AppError } from "../../../lib/errors";
import type {
  CallbackRequest,
  GatewayStatus,
  InquiryTarget,
  PaymentProvider,
  RefundResult,
  VerifiedEvent,
} from "./provider";
import { decimalStringToMinor, headerValue, minorToDecimalString } from "./provider";

export interface MpgsConfig {
  /** e.g. https://credimax.gateway.mastercard.com */
  baseUrl: string;
  merchantId: string;
  apiPassword: string;
  /** Webhook notification secret from Merchant Administration (header X-Notification-Secret). */
  webhookSecret: string;
  apiVersion?: number;
  merchantName?: string;
}

interface MpgsOrder {
  id?: string;
  amount?: number | string;
  currency?: string;
  status?: string;
}
interface MpgsNotification {
  order?: MpgsOrder;
  transaction?: { id?: string; type?: string };
  result?: string;
  response?: { gatewayCode?: string; acquirerMessage?: string };
}

function mapOrderStatus(status: string | undefined, result: string | undefined): GatewayStatus {
  switch ((status ?? "").toUpperCase()) {
    case "CAPTURED":
    case "PARTIALLY_REFUNDED":
      return "captured";
    case "CANCELLED":
      return "canceled";
    case "FAILED":
    case "DECLINED":
    case "EXPIRED":
      return "failed";
    default:
      return (result ?? "").toUpperCase() === "FAILURE" ? "failed" : "pending";
  }
}

/** Mastercard Gateway (MPGS) hosted checkout, as run by Bahraini acquirers (Credimax, EazyPay). */
export function createMpgsProvider(config: MpgsConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const version = config.apiVersion ?? 100;
  const base = `${config.baseUrl}/api/rest/version/${version}/merchant/${encodeURIComponent(config.merchantId)}`;
  const auth = `Basic ${Buffer.from(`merchant.${config.merchantId}:${config.apiPassword}`).toString("base64")}`;

  const call = async (path: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { authorization: auth, "content-type": "application/json", ...init.headers },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new AppError(
        "GATEWAY_ERROR",
        `The card gateway could not be reached (${(err as Error).message})`,
      );
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const explanation = (body.error as { explanation?: string } | undefined)?.explanation;
      throw new AppError("GATEWAY_ERROR", explanation ?? `The card gateway answered ${res.status}`);
    }
    return body;
  };

  const toEvent = (n: MpgsNotification, eventId: string): VerifiedEvent => {
    const order = n.order ?? {};
    const currency = order.currency ?? "BHD";
    const status = mapOrderStatus(order.status, n.result);
    return {
      eventId,
      trackId: order.id ?? "",
      status,
      amountMinor:
        order.amount === undefined
          ? undefined
          : decimalStringToMinor(String(order.amount), currencyExponent(currency)),
      currency,
      resultCode: n.response?.gatewayCode ?? null,
      resultMessage:
        status === "captured" ? null : (n.response?.acquirerMessage ?? n.response?.gatewayCode ?? null),
      raw: n,
    };
  };

  return {
    id: "mpgs",
    async initiate(input) {
      const body = await call("/session", {
        method: "POST",
        body: JSON.stringify({
          apiOperation: "INITIATE_CHECKOUT",
          interaction: {
            operation: "PURCHASE",
            returnUrl: input.returnUrl,
            merchant: { name: config.merchantName ?? "Parley" },
          },
          order: {
            id: input.trackId,
            amount: minorToDecimalString(input.amountMinor, input.currency, currencyExponent(input.currency)),
            currency: input.currency,
            description: input.description,
            notificationUrl: input.callbackUrl,
          },
        }),
      });
      const session = body.session as { id?: string } | undefined;
      if (body.result !== "SUCCESS" || !session?.id)
        throw AppError.of("GATEWAY_ERROR", "payment.cardGatewayRefusedToStart");
      return {
        paymentUrl: `${config.baseUrl}/checkout/entry/${session.id}`,
        providerRef: session.id,
        providerSecret: typeof body.successIndicator === "string" ? body.successIndicator : null,
      };
    },

    async parseCallback(request: CallbackRequest) {
      const secret = headerValue(request.headers, "x-notification-secret") ?? "";
      if (!constantTimeEqual(secret, config.webhookSecret)) {
        throw new AppError("SIGNATURE_INVALID", "Notification secret does not match");
      }
      const n = JSON.parse(request.rawBody.toString("utf8")) as MpgsNotification;
      const id =
        headerValue(request.headers, "x-notification-id") ??
        `${n.order?.id}:${n.transaction?.id}:${n.order?.status}`;
      return toEvent(n, id);
    },

    /**
     * A REFUND transaction on the order (the refund id is the transaction id, so a retry is the
     * same refund). SUCCESS is a refund; FAILURE is the gateway's refusal, in its words.
     */
    async refund(
      target: InquiryTarget,
      input: { refundId: string; amountMinor: number },
    ): Promise<RefundResult> {
      const path = `/order/${encodeURIComponent(target.trackId)}/transaction/${encodeURIComponent(input.refundId)}`;
      let body: Record<string, unknown>;
      try {
        body = await call(path, {
          method: "PUT",
          body: JSON.stringify({
            apiOperation: "REFUND",
            transaction: {
              amount: minorToDecimalString(
                input.amountMinor,
                target.currency,
                currencyExponent(target.currency),
              ),
              currency: target.currency,
            },
          }),
        });
      } catch (err) {
        // The gateway's refusal (4xx with an explanation) is an answer, not an outage.
        if (err instanceof AppError && !/could not be reached|answered 5\d\d/.test(err.message)) {
          return { status: "failed", message: err.message };
        }
        throw err;
      }
      if (body.result === "SUCCESS") {
        const transaction = body.transaction as { id?: string } | undefined;
        return { status: "refunded", providerRef: transaction?.id ?? input.refundId };
      }
      const response = body.response as { gatewayCode?: string; acquirerMessage?: string } | undefined;
      return {
        status: "failed",
        message: response?.acquirerMessage ?? response?.gatewayCode ?? "The card gateway refused the refund",
      };
    },

    async inquire(target: InquiryTarget) {
      const order = (await call(`/order/${encodeURIComponent(target.trackId)}`)) as MpgsOrder &
        MpgsNotification;
      return toEvent(
        { order, result: order.result, response: order.response },
        `inquiry:${target.trackId}:${order.status}`,
      );
    },
  };
}
