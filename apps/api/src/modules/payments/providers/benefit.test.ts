import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeGateway } from "../../../../test/fake-gateway";
import { benefitDecrypt, benefitEncrypt, createBenefitProvider } from "./benefit";

const KEY = "71573936503839363535383134313238"; // 32 ASCII chars, like a terminal resource key
const base = { tranportalId: "889900", tranportalPassword: "pass1234" };

// A callback as BENEFIT posts it to responseURL (fields as in the public BENEFIT PHP sample).
const capturedFixture = [
  {
    paymentId: "100202313290000001",
    result: "CAPTURED",
    amt: "25.000",
    trackId: "trk_abc",
    authRespCode: "00",
    ref: "331300000123",
    tranid: "202313290000002",
  },
];

describe("BENEFIT adapter", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it("encrypts trandata exactly like OpenSSL AES-256-CBC with the fixed IV, as uppercase hex", () => {
    const plain = JSON.stringify(capturedFixture);
    const ours = benefitEncrypt(plain, KEY);
    const openssl = execFileSync(
      "openssl",
      [
        "enc",
        "-aes-256-cbc",
        "-K",
        Buffer.from(KEY).toString("hex"),
        "-iv",
        Buffer.from("PGKEYENCDECIVSPC").toString("hex"),
      ],
      { input: encodeURIComponent(plain) },
    )
      .toString("hex")
      .toUpperCase();
    expect(ours).toBe(openssl);
    expect(ours).toMatch(/^[0-9A-F]+$/);
    expect(benefitDecrypt(ours, KEY)).toBe(plain);
  });

  it("initiates a purchase (action 1, BHD 048, three-decimal amount) and returns the hosted page", async () => {
    const gw = await startFakeGateway(() => ({
      json: [
        {
          status: "1",
          result: "https://test.benefit-gateway.bh/payment/paymentpage.htm?PaymentID=100202313290000001",
        },
      ],
    }));
    close = gw.close;
    const provider = createBenefitProvider({
      ...base,
      resourceKey: KEY,
      endpoint: `${gw.url}/payment/API/hosted.htm`,
    });
    const started = await provider.initiate({
      trackId: "trk_abc",
      amountMinor: 25_000,
      currency: "BHD",
      method: "benefit",
      description: "Pro",
      returnUrl: "https://app.example/billing/result?trackId=trk_abc",
      callbackUrl: "https://app.example/api/payments/callback/benefit",
      customer: { id: "u1" },
    });
    expect(started.paymentUrl).toContain("paymentpage.htm?PaymentID=");
    const sent = JSON.parse(gw.requests[0]?.body ?? "[]") as { id: string; trandata: string }[];
    expect(sent[0]?.id).toBe("889900");
    const inner = JSON.parse(benefitDecrypt(sent[0]?.trandata ?? "", KEY))[0];
    expect(inner).toMatchObject({
      action: "1",
      currencycode: "048",
      amt: "25.000",
      trackId: "trk_abc",
      password: "pass1234",
      responseURL: "https://app.example/api/payments/callback/benefit",
    });
  });

  it("turns a gateway refusal into GATEWAY_ERROR", async () => {
    const gw = await startFakeGateway(() => ({
      json: [{ status: "2", errorText: "IPAY0100114-Invalid terminal." }],
    }));
    close = gw.close;
    const provider = createBenefitProvider({ ...base, resourceKey: KEY, endpoint: gw.url });
    await expect(
      provider.initiate({
        trackId: "t",
        amountMinor: 1000,
        currency: "BHD",
        method: "benefit",
        description: "x",
        returnUrl: "https://a/r",
        callbackUrl: "https://a/c",
        customer: { id: "u" },
      }),
    ).rejects.toMatchObject({ code: "GATEWAY_ERROR", message: "IPAY0100114-Invalid terminal." });
  });

  it("verifies a callback by decrypting trandata and normalises CAPTURED / NOT CAPTURED / CANCELED", async () => {
    const provider = createBenefitProvider({ ...base, resourceKey: KEY, endpoint: "http://127.0.0.1:9" });
    const post = (rows: unknown) => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: Buffer.from(`trandata=${benefitEncrypt(JSON.stringify(rows), KEY)}`),
      contentType: "application/x-www-form-urlencoded",
    });
    await expect(provider.parseCallback(post(capturedFixture))).resolves.toMatchObject({
      trackId: "trk_abc",
      status: "captured",
      amountMinor: 25_000,
      currency: "BHD",
      providerRef: "100202313290000001",
      eventId: "callback:100202313290000001:CAPTURED",
    });
    await expect(
      provider.parseCallback(post([{ ...capturedFixture[0], result: "NOT CAPTURED", authRespCode: "51" }])),
    ).resolves.toMatchObject({ status: "failed", resultCode: "51" });
    await expect(
      provider.parseCallback(post([{ ...capturedFixture[0], result: "CANCELED" }])),
    ).resolves.toMatchObject({ status: "canceled" });
  });

  it("refuses trandata made with another key, and a body without trandata", async () => {
    const provider = createBenefitProvider({ ...base, resourceKey: KEY, endpoint: "http://127.0.0.1:9" });
    const forged = benefitEncrypt(JSON.stringify(capturedFixture), "00000000000000000000000000000000");
    await expect(
      provider.parseCallback({ headers: {}, rawBody: Buffer.from(`trandata=${forged}`), contentType: "" }),
    ).rejects.toMatchObject({ code: "SIGNATURE_INVALID" });
    await expect(
      provider.parseCallback({
        headers: {},
        rawBody: Buffer.from("paymentid=1&result=CAPTURED"),
        contentType: "",
      }),
    ).rejects.toMatchObject({ code: "SIGNATURE_INVALID" });
  });

  it("answers the callback with REDIRECT=<result page>, as BENEFIT requires", () => {
    const provider = createBenefitProvider({ ...base, resourceKey: KEY, endpoint: "http://127.0.0.1:9" });
    expect(
      provider.callbackAck?.({ resultUrl: "https://app.example/billing/result?trackId=trk_abc" }),
    ).toEqual({
      contentType: "text/plain",
      body: "REDIRECT=https://app.example/billing/result?trackId=trk_abc",
    });
  });

  it("inquires (action 8) and reads the encrypted answer", async () => {
    const gw = await startFakeGateway(() => ({
      json: [{ status: "1", trandata: benefitEncrypt(JSON.stringify(capturedFixture), KEY) }],
    }));
    close = gw.close;
    const provider = createBenefitProvider({ ...base, resourceKey: KEY, endpoint: gw.url });
    const event = await provider.inquire({
      trackId: "trk_abc",
      providerRef: null,
      providerSecret: null,
      amountMinor: 25_000,
      currency: "BHD",
    });
    expect(event).toMatchObject({ status: "captured", amountMinor: 25_000 });
    const sent = JSON.parse(gw.requests[0]?.body ?? "[]") as { trandata: string }[];
    expect(JSON.parse(benefitDecrypt(sent[0]?.trandata ?? "", KEY))[0]).toMatchObject({
      action: "8",
      trackId: "trk_abc",
    });
  });
});
