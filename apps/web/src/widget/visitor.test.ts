import { visitorIdSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { isVisitorId, newVisitorId, openStore, VISITOR_KEY, visitorIdFrom, whoFrom } from "./visitor";

describe("visitor ids", () => {
  it("are 22 base64url characters (128 random bits) that the API accepts", () => {
    for (let i = 0; i < 200; i++) {
      const id = newVisitorId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(visitorIdSchema.safeParse(id).success).toBe(true);
      expect(isVisitorId(id)).toBe(true);
    }
  });

  it("do not repeat", () => {
    const ids = new Set(Array.from({ length: 5000 }, newVisitorId));
    expect(ids.size).toBe(5000);
  });

  it("use the whole alphabet (no bias towards a few characters)", () => {
    const seen = new Set(Array.from({ length: 500 }, newVisitorId).join(""));
    expect(seen.size).toBe(64);
  });

  it("are kept in storage under parley:visitor, and a bad stored value is replaced", () => {
    // No window in node: openStore falls back to memory, as in a browser that blocks storage.
    const store = openStore();
    const first = visitorIdFrom(store);
    expect(store.get(VISITOR_KEY)).toBe(first);
    expect(visitorIdFrom(store)).toBe(first);
    store.set(VISITOR_KEY, "<script>");
    const replaced = visitorIdFrom(store);
    expect(replaced).not.toBe("<script>");
    expect(isVisitorId(replaced)).toBe(true);
  });

  it("accept what embed.js makes: four 32-bit numbers joined by hyphens", () => {
    const fromLoader = Array.from(crypto.getRandomValues(new Uint32Array(4))).join("-");
    expect(isVisitorId(fromLoader)).toBe(true);
    expect(visitorIdSchema.safeParse(fromLoader).success).toBe(true);
  });
});

describe("what the host page says about its visitor", () => {
  const hash = "ab".repeat(32);

  it("passes a signed id on exactly as given, with e-mail and name from either spelling", () => {
    expect(
      whoFrom({ userId: " 42 ", userHash: hash, userEmail: "sara@x.example", userName: " Sara " }),
    ).toEqual({
      customer: { userId: " 42 ", userHash: hash, email: "sara@x.example", name: "Sara" },
      email: "sara@x.example",
      name: "Sara",
    });
    expect(
      whoFrom({ userId: "42", userHash: hash, email: "s@x.example", chatbotId: "cb_1" }).customer,
    ).toEqual({
      userId: "42",
      userHash: hash,
      email: "s@x.example",
    });
  });

  it("keeps an unsigned id out, and says why for the site owner", () => {
    const who = whoFrom({ userId: "42", email: "s@x.example" });
    expect(who.customer).toBeNull();
    expect(who.email).toBe("s@x.example");
    expect(who.warning).toContain("without userHash");
  });

  it("ignores anything that is not plain text", () => {
    expect(whoFrom(null)).toEqual({ customer: null, email: undefined, name: undefined });
    expect(whoFrom("42")).toEqual({ customer: null, email: undefined, name: undefined });
    expect(whoFrom({ userId: 42, userHash: hash, name: { x: 1 } })).toEqual({
      customer: null,
      email: undefined,
      name: undefined,
    });
    expect(whoFrom({ name: "n".repeat(500) }).name).toHaveLength(120);
  });
});
