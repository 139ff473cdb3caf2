import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, customerHashMatches, newIdentitySecret, signCustomerId } from "./identity-crypto";

describe("identity secrets at rest", () => {
  const box = createSecretBox("a-master-secret-of-at-least-32-characters");

  it("opens what it sealed, for the same bot only", () => {
    const secret = newIdentitySecret();
    const sealed = box.seal(secret, "cb_one");
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, "cb_one")).toBe(secret);
    // Copied onto another bot's row, the value does not open.
    expect(box.open(sealed, "cb_two")).toBeNull();
  });

  it("refuses a value sealed under another key, tampered with, or malformed", () => {
    const sealed = box.seal("s3cret", "cb_one");
    expect(createSecretBox("another-master-secret-of-32-characters!").open(sealed, "cb_one")).toBeNull();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    expect(box.open([v, iv, flipped, tag].join("."), "cb_one")).toBeNull();
    expect(box.open("v1.x.y", "cb_one")).toBeNull();
    expect(box.open("v2.a.b.c", "cb_one")).toBeNull();
    expect(box.open("", "cb_one")).toBeNull();
  });

  it("makes a new 256-bit secret each time", () => {
    const a = newIdentitySecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newIdentitySecret()).not.toBe(a);
  });
});

describe("customer signatures", () => {
  it("is plain hex HMAC-SHA256 of the id's UTF-8 bytes (RFC 4231 test case 2)", () => {
    // What the Node, PHP and Python snippets in the Embed tab compute.
    expect(signCustomerId("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(signCustomerId("k", "José")).toBe(
      createHmac("sha256", "k").update(Buffer.from("José", "utf8")).digest("hex"),
    );
  });

  it("accepts the right signature in any letter case and nothing else", () => {
    const secret = newIdentitySecret();
    const hash = signCustomerId(secret, "42");
    expect(customerHashMatches(secret, "42", hash)).toBe(true);
    expect(customerHashMatches(secret, "42", hash.toUpperCase())).toBe(true);
    expect(customerHashMatches(secret, "43", hash)).toBe(false);
    expect(customerHashMatches(newIdentitySecret(), "42", hash)).toBe(false);
    // Wrong lengths and non-hex are refused without reaching the comparison (which would throw).
    expect(customerHashMatches(secret, "42", hash.slice(0, 63))).toBe(false);
    expect(customerHashMatches(secret, "42", `${hash}00`)).toBe(false);
    expect(customerHashMatches(secret, "42", "z".repeat(64))).toBe(false);
    expect(customerHashMatches(secret, "42", "")).toBe(false);
  });
});
