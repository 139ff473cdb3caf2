import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("gives distinct ids of a prefix and 20 base62 characters, across many random blocks", () => {
    const ids = Array.from({ length: 5000 }, () => newId("msg"));
    for (const id of ids) expect(id).toMatch(/^msg_[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up at every position (the draws are not stuck).
    for (let pos = 4; pos < 24; pos++) expect(new Set(ids.map((id) => id[pos])).size).toBeGreaterThan(55);
  });
});
