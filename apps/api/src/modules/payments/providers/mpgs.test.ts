import { afterEach, describe, expect, it } from "vitest";
import { startFakeGateway } from "../../../../test/fake-gateway";
import { createMpgsProvider } from "./mpgs";

const creds = {
  merchantId: "TEST100000001",
  apiPassword: "api-pass",
  webhookSecret: "5B7C0D1E2F3A4B5C6D7E8F9A0B1C2D3E",
};
// Shapes as documented for the Mastercard Gateway REST API (INITIATE_CHECKOUT and Retrieve Order).
const sessionFixture = {
  merchant: "TEST100000001",
  result: "SUCCESS",
  session: { id: "SESSION0002776555555E11126374", updateStatus: "NO_UPDATE", version: "c5dc1eee01" },
  successIndicator: "3ed9b9c7bc3c4b52",
};
const capturedNotification = {
  order: { id: "trk_abc", amount: 25, currency: "BHD", status: "CAPTURED" },
  transaction: { id: "1", type: "PAYMENT" },
  result: "SUCCESS",
  response: { gatewayCode: "APPROVED" },
};

describe("Mastercard hosted checkout adapter", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it("opens a checkout session with Basic auth and a decimal-string amount, keeping successIndicator server-side", async () => {
    const gw = await startFakeGateway(() => ({ json: sessionFixture }));
    close = gw.close;
    const provider = createMpgsProvider({ ...creds, baseUrl: gw.url });
    const started = await provider.initiate({
      trackId: "trk_abc",
      amountMinor: 25_000,
      currency: "BHD",
      method: "mastercard",
      description: "Parley Pro",
      returnUrl: "https://app.example/billing/result?trackId=trk_abc",
      callbackUrl: "https://app.example/api/payments/callback/mpgs",
      customer: { id: "u1" },
    });
    expect(started).toEqual({
      paymentUrl: `${gw.url}/checkout/entry/SESSION0002776555555E11126374`,
      providerRef: "SESSION0002776555555E11126374",
      providerSecret: "3ed9b9c7bc3c4b52",
    });
    const req = gw.requests[0];
    expect(req?.url).toBe("/api/rest/version/100/merchant/TEST100000001/session");
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from("merchant.TEST100000001:api-pass").toString("base64")}`,
    );
    expect(JSON.parse(req?.body ?? "{}")).toMatchObject({
      apiOperation: "INITIATE_CHECKOUT",
      interaction: { operation: "PURCHASE" },
      order: {
        id: "trk_abc",
        amount: "25.000",
        currency: "BHD",
        notificationUrl: "https://app.example/api/payments/callback/mpgs",
      },
    });
  });

  it("accepts a notification only with the right X-Notification-Secret (constant-time)", async () => {
    const provider = createMpgsProvider({ ...creds, baseUrl: "http://127.0.0.1:9" });
    const rawBody = Buffer.from(JSON.stringify(capturedNotification));
    await expect(
      provider.parseCallback({
        headers: { "x-notification-secret": "wrong" },
        rawBody,
        contentType: "application/json",
      }),
    ).rejects.toMatchObject({ code: "SIGNATURE_INVALID" });
    await expect(
      provider.parseCallback({ headers: {}, rawBody, contentType: "application/json" }),
    ).rejects.toMatchObject({ code: "SIGNATURE_INVALID" });
    const event = await provider.parseCallback({
      headers: { "x-notification-secret": creds.webhookSecret, "x-notification-id": "ntf-1" },
      rawBody,
      contentType: "application/json",
    });
    expect(event).toMatchObject({
      eventId: "ntf-1",
      trackId: "trk_abc",
      status: "captured",
      amountMinor: 25_000,
      currency: "BHD",
    });
  });

  it("maps declined and cancelled orders, and inquires by order id", async () => {
    const gw = await startFakeGateway((req) => ({
      json: req.url.endsWith("/order/trk_declined")
        ? {
            id: "trk_declined",
            amount: 25,
            currency: "BHD",
            status: "FAILED",
            result: "FAILURE",
            response: { gatewayCode: "DECLINED", acquirerMessage: "Insufficient funds" },
          }
        : { id: "trk_abc", amount: 25, currency: "BHD", status: "CAPTURED", result: "SUCCESS" },
    }));
    close = gw.close;
    const provider = createMpgsProvider({ ...creds, baseUrl: gw.url });
    await expect(
      provider.inquire({
        trackId: "trk_abc",
        providerRef: null,
        providerSecret: null,
        amountMinor: 25_000,
        currency: "BHD",
      }),
    ).resolves.toMatchObject({ status: "captured", amountMinor: 25_000 });
    await expect(
      provider.inquire({
        trackId: "trk_declined",
        providerRef: null,
        providerSecret: null,
        amountMinor: 25_000,
        currency: "BHD",
      }),
    ).resolves.toMatchObject({ status: "failed", resultMessage: "Insufficient funds" });
    expect(gw.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it("refunds with a REFUND transaction whose id is the refund's (a retry is the same refund); a refusal is an answer", async () => {
    const answers = [
      {
        json: {
          result: "SUCCESS",
          transaction: { id: "rfd_1", type: "REFUND" },
          response: { gatewayCode: "APPROVED" },
        },
      },
      {
        status: 400,
        json: {
          result: "ERROR",
          error: { cause: "INVALID_REQUEST", explanation: "Requested refund exceeds the captured amount" },
        },
      },
      {
        json: {
          result: "FAILURE",
          response: { gatewayCode: "DECLINED", acquirerMessage: "Refund declined" },
        },
      },
      { status: 503, json: {} },
    ];
    const gw = await startFakeGateway(() => answers.shift() ?? { status: 500, json: {} });
    close = gw.close;
    const provider = createMpgsProvider({ ...creds, baseUrl: gw.url });
    const target = {
      trackId: "trk_abc",
      providerRef: null,
      providerSecret: null,
      amountMinor: 25_000,
      currency: "BHD",
    };
    expect(await provider.refund?.(target, { refundId: "rfd_1", amountMinor: 5_500 })).toEqual({
      status: "refunded",
      providerRef: "rfd_1",
    });
    const req = gw.requests[0];
    expect(req?.method).toBe("PUT");
    expect(req?.url).toBe("/api/rest/version/100/merchant/TEST100000001/order/trk_abc/transaction/rfd_1");
    expect(JSON.parse(req?.body ?? "{}")).toEqual({
      apiOperation: "REFUND",
      transaction: { amount: "5.500", currency: "BHD" },
    });
    expect(await provider.refund?.(target, { refundId: "rfd_2", amountMinor: 99_000 })).toEqual({
      status: "failed",
      message: "Requested refund exceeds the captured amount",
    });
    expect(await provider.refund?.(target, { refundId: "rfd_3", amountMinor: 1_000 })).toEqual({
      status: "failed",
      message: "Refund declined",
    });
    // An outage is not a refusal: the caller keeps the refund as requested and may ask again.
    await expect(provider.refund?.(target, { refundId: "rfd_4", amountMinor: 1_000 })).rejects.toThrow(
      /answered 503/,
    );
  });
});
