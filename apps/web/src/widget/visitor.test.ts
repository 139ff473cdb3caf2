import { visitorIdSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { conversationKey, isVisitorId, newVisitorId, openStore, VISITOR_KEY, visitorIdFrom } from "./visitor";

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

  it("name the conversation key per chatbot", () => {
    expect(conversationKey("cb_123")).toBe("parley:conv:cb_123");
  });
});
