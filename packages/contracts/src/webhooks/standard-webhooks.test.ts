import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSeenIds, signWebhook, verifyWebhook, webhookSignature } from "./standard-webhooks";

const secret = "s".repeat(32);
const body = JSON.stringify({ id: "e1", type: "user.deleted" });
const t = 1_700_000_000;

describe("Standard Webhooks", () => {
  it("signs as v1,<base64 hmac-sha256(key, '<id>.<timestamp>.<body>')>", () => {
    const headers = signWebhook(secret, body, { id: "msg_1", timestamp: t });
    const expected = createHmac("sha256", secret).update(`msg_1.${t}.${body}`).digest("base64");
    expect(headers).toEqual({
      "webhook-id": "msg_1",
      "webhook-timestamp": String(t),
      "webhook-signature": `v1,${expected}`,
    });
  });

  it("matches the specification's published example (whsec_ secret, base64 key)", () => {
    // From the Standard Webhooks reference libraries' test vectors.
    const spec = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const payload = '{"test": 2432232314}';
    expect(webhookSignature(spec, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, payload)).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("accepts its own signature within the tolerance, from a plain object or a Headers", () => {
    const headers = signWebhook(secret, body, { id: "msg_1", timestamp: t });
    expect(verifyWebhook(secret, body, headers, { now: t + 100 })).toEqual({
      ok: true,
      id: "msg_1",
      timestamp: t,
    });
    expect(verifyWebhook(secret, body, new Headers({ ...headers }), { now: t }).ok).toBe(true);
  });

  it("refuses a changed body, a wrong secret, a moved timestamp, another id and an old or future signature", () => {
    const headers = signWebhook(secret, body, { id: "msg_1", timestamp: t });
    const now = t;
    expect(verifyWebhook(secret, `${body} `, headers, { now })).toMatchObject({ reason: "mismatch" });
    expect(verifyWebhook("x".repeat(32), body, headers, { now })).toMatchObject({ reason: "mismatch" });
    expect(
      verifyWebhook(secret, body, { ...headers, "webhook-timestamp": String(t + 1) }, { now }),
    ).toMatchObject({
      reason: "mismatch",
    });
    expect(verifyWebhook(secret, body, { ...headers, "webhook-id": "msg_2" }, { now })).toMatchObject({
      reason: "mismatch",
    });
    expect(verifyWebhook(secret, body, headers, { now: now + 301 })).toMatchObject({ reason: "expired" });
    expect(verifyWebhook(secret, body, headers, { now: now - 301 })).toMatchObject({ reason: "expired" });
  });

  it("refuses missing or malformed headers", () => {
    const good = signWebhook(secret, body, { id: "msg_1", timestamp: t });
    for (const headers of [
      {},
      { ...good, "webhook-id": "" },
      { ...good, "webhook-timestamp": "1.5" },
      { ...good, "webhook-timestamp": "-1" },
      { ...good, "webhook-signature": "" },
      { ...good, "webhook-signature": good["webhook-signature"].replace("v1,", "v2,") },
      { ...good, "webhook-id": "x".repeat(257) },
    ]) {
      expect(verifyWebhook(secret, body, headers, { now: t })).toMatchObject({
        ok: false,
        reason: "malformed",
      });
    }
  });

  it("accepts any one of several signatures, and several receiver secrets (rotation)", () => {
    const a = signWebhook("o".repeat(32), body, { id: "msg_1", timestamp: t });
    const b = signWebhook(secret, body, { id: "msg_1", timestamp: t });
    const both = { ...b, "webhook-signature": `${b["webhook-signature"]} ${a["webhook-signature"]}` };
    expect(verifyWebhook("o".repeat(32), body, both, { now: t }).ok).toBe(true);
    expect(verifyWebhook(secret, body, both, { now: t }).ok).toBe(true);
    expect(verifyWebhook(["n".repeat(32), secret], body, b, { now: t }).ok).toBe(true);
    expect(verifyWebhook(["n".repeat(32)], body, b, { now: t }).ok).toBe(false);
  });
});

describe("createSeenIds", () => {
  it("accepts an id once within the window, and again only once the window has passed", () => {
    const seen = createSeenIds(600);
    const t0 = 1_000_000;
    expect(seen.first("msg_a", t0)).toBe(true);
    expect(seen.first("msg_a", t0 + 599_000)).toBe(false);
    expect(seen.first("msg_b", t0 + 1000)).toBe(true);
    // After the window the signature's timestamp is refused anyway; the id is forgotten.
    expect(seen.first("msg_a", t0 + 600_001)).toBe(true);
    expect(seen.size).toBe(2);
  });
});
