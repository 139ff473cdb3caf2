import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signAuthEvent, verifyAuthEvent } from "./signature";

const secret = "s".repeat(32);
const body = JSON.stringify({ id: "e1", type: "user.deleted" });

describe("auth event signature", () => {
  it("signs as t=<unix>,v1=<hex hmac-sha256(secret, '<t>.<body>')>", () => {
    const header = signAuthEvent(secret, body, 1_700_000_000);
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it("accepts its own signature within the tolerance", () => {
    const header = signAuthEvent(secret, body, 1_700_000_000);
    expect(verifyAuthEvent(secret, body, header, { now: 1_700_000_100 })).toEqual({
      ok: true,
      timestamp: 1_700_000_000,
    });
  });

  it("refuses a changed body, a wrong secret and an old signature", () => {
    const header = signAuthEvent(secret, body, 1_700_000_000);
    const now = 1_700_000_000;
    expect(verifyAuthEvent(secret, `${body} `, header, { now })).toMatchObject({ reason: "mismatch" });
    expect(verifyAuthEvent("x".repeat(32), body, header, { now })).toMatchObject({ reason: "mismatch" });
    expect(verifyAuthEvent(secret, body, header, { now: now + 301 })).toMatchObject({ reason: "expired" });
  });

  it("refuses malformed headers", () => {
    for (const header of [undefined, "", "t=1", "v1=abc", "t=x,v1=00", `t=1,v1=${"z".repeat(64)}`]) {
      expect(verifyAuthEvent(secret, body, header, { now: 1 })).toMatchObject({
        ok: false,
        reason: "malformed",
      });
    }
  });

  it("accepts any one of several v1 signatures (secret rotation)", () => {
    const t = 1_700_000_000;
    const oldSig = signAuthEvent("o".repeat(32), body, t).split("v1=")[1];
    const header = `${signAuthEvent(secret, body, t)},v1=${oldSig}`;
    expect(verifyAuthEvent("o".repeat(32), body, header, { now: t }).ok).toBe(true);
    expect(verifyAuthEvent(secret, body, header, { now: t }).ok).toBe(true);
  });
});
