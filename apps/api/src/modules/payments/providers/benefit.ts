import { createCipheriv, createDecipheriv } from "node:crypto";
import { currencyExponent } from "@parley/contracts";
import { AppError } from "../../../lib/errors";
import type {
  CallbackRequest,
  GatewayStatus,
  InquiryTarget,
  PaymentProvider,
  VerifiedEvent,
} from "./provider";
import { decimalStringToMinor, minorToDecimalString } from "./provider";

export interface BenefitConfig {
  tranportalId: string;
  tranportalPassword: string;
  /** Terminal Resource Key: 32 ASCII characters, used as the AES-256 key. */
  resourceKey: string;
  /** e.g. https://test.benefit-gateway.bh/payment/API/hosted.htm */
  endpoint: string;
}

// BENEFIT (FSS Tranportal family) mandates this fixed IV; it is part of the protocol, not a choice.
const IV = Buffer.from("PGKEYENCDECIVSPC", "utf8");
const CURRENCY_CODES: Record<string, string> = { BHD: "048" };

/** trandata encryption: URL-encode the JSON, AES-256-CBC with the resource key, uppercase hex. */
export function benefitEncrypt(plain: string, resourceKey: string): string {
  const cipher = createCipheriv("aes-256-cbc", Buffer.from(resourceKey, "utf8"), IV);
  const data = encodeURIComponent(plain);
  return Buffer.concat([cipher.update(data, "utf8"), cipher.final()])
    .toString("hex")
    .toUpperCase();
}

export function benefitDecrypt(hex: string, resourceKey: string): string {
  const decipher = createDecipheriv("aes-256-cbc", Buffer.from(resourceKey, "utf8"), IV);
  const data = Buffer.concat([decipher.update(Buffer.from(hex, "hex")), decipher.final()]).toString("utf8");
  return decodeURIComponent(data.replace(/\+/g, " "));
}

interface BenefitResult {
  paymentId?: string;
  paymentid?: string;
  result?: string;
  amt?: string;
  trackId?: string;
  trackid?: string;
  authRespCode?: string;
  ErrorText?: string;
  errorText?: string;
}

function mapResult(result: string | undefined): GatewayStatus {
  switch ((result ?? "").toUpperCase()) {
    case "CAPTURED":
      return "captured";
    case "CANCELED":
    case "CANCELLED":
      return "canceled";
    case "":
      return "pending";
    default:
      // NOT CAPTURED, DENIED BY RISK, HOST TIMEOUT…
      return "failed";
  }
}

export function createBenefitProvider(
  config: BenefitConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const exponent = currencyExponent("BHD");

  const toEvent = (r: BenefitResult, source: string): VerifiedEvent => {
    const trackId = r.trackId ?? r.trackid ?? "";
    const paymentId = r.paymentId ?? r.paymentid ?? null;
    const status = mapResult(r.result);
    return {
      eventId: `${source}:${paymentId ?? trackId}:${r.result ?? "unknown"}`,
      trackId,
      providerRef: paymentId,
      status,
      amountMinor: r.amt ? decimalStringToMinor(r.amt, exponent) : undefined,
      currency: "BHD",
      resultCode: r.authRespCode ?? null,
      resultMessage: status === "captured" ? null : (r.ErrorText ?? r.errorText ?? r.result ?? null),
      raw: r,
    };
  };

  const post = async (payload: Record<string, string>[]) => {
    const body = JSON.stringify([
      { id: config.tranportalId, trandata: benefitEncrypt(JSON.stringify(payload), config.resourceKey) },
    ]);
    let res: Response;
    try {
      res = await fetchImpl(config.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new AppError("GATEWAY_ERROR", `BENEFIT could not be reached (${(err as Error).message})`);
    }
    const json = (await res.json().catch(() => null)) as
      | { status?: string; result?: string; errorText?: string; trandata?: string }[]
      | null;
    const first = json?.[0];
    if (!res.ok || !first) throw new AppError("GATEWAY_ERROR", `BENEFIT answered ${res.status}`);
    return first;
  };

  return {
    id: "benefit",
    async initiate(input) {
      const code = CURRENCY_CODES[input.currency];
      if (!code) throw new AppError("BAD_REQUEST", `BENEFIT accepts BHD only, not ${input.currency}`);
      const first = await post([
        {
          amt: minorToDecimalString(input.amountMinor, input.currency, exponent),
          action: "1",
          password: config.tranportalPassword,
          id: config.tranportalId,
          currencycode: code,
          trackId: input.trackId,
          responseURL: input.callbackUrl,
          errorURL: input.callbackUrl,
          udf1: input.customer.id,
          langid: "USA",
        },
      ]);
      if (first.status !== "1" || !first.result) {
        throw new AppError("GATEWAY_ERROR", first.errorText ?? "BENEFIT refused to start the payment");
      }
      return { paymentUrl: first.result, providerRef: null };
    },

    async parseCallback(request: CallbackRequest) {
      const form = new URLSearchParams(request.rawBody.toString("utf8"));
      const trandata = form.get("trandata");
      if (!trandata) {
        // The errorURL variant carries plain fields; it can only ever mark a payment failed, and
        // is still cross-checked by inquiry before anything is granted.
        throw new AppError("SIGNATURE_INVALID", "BENEFIT callback carries no trandata");
      }
      let parsed: BenefitResult[];
      try {
        parsed = JSON.parse(benefitDecrypt(trandata, config.resourceKey)) as BenefitResult[];
      } catch {
        // Only the holder of the resource key can produce trandata that decrypts to JSON.
        throw new AppError("SIGNATURE_INVALID", "BENEFIT trandata does not decrypt with our key");
      }
      const first = parsed[0];
      if (!first) throw new AppError("SIGNATURE_INVALID", "BENEFIT trandata is empty");
      return toEvent(first, "callback");
    },

    async inquire(target: InquiryTarget) {
      const first = await post([
        {
          amt: minorToDecimalString(target.amountMinor, target.currency, exponent),
          action: "8",
          password: config.tranportalPassword,
          id: config.tranportalId,
          currencycode: CURRENCY_CODES[target.currency] ?? "048",
          trackId: target.trackId,
          transId: target.trackId,
          udf5: "TrackID",
        },
      ]);
      if (!first.trandata) throw new AppError("GATEWAY_ERROR", first.errorText ?? "BENEFIT inquiry failed");
      const parsed = JSON.parse(benefitDecrypt(first.trandata, config.resourceKey)) as BenefitResult[];
      return toEvent(parsed[0] ?? {}, "inquiry");
    },

    callbackAck({ resultUrl }) {
      // BENEFIT sends the browser wherever this plain-text answer says.
      return { contentType: "text/plain", body: `REDIRECT=${resultUrl}` };
    },
  };
}
