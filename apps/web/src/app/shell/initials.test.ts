import { describe, expect, it } from "vitest";
import { initialsOf } from "./UserMenu";

describe("initialsOf", () => {
  it("takes the first and last names' first letters in Latin script", () => {
    expect(initialsOf({ name: "Ada Lovelace", email: "ada@example.com" })).toBe("AL");
    expect(initialsOf({ name: "", email: "zoe@example.com" })).toBe("Z");
  });

  it("takes one letter of an Arabic name (two would join into a word: ل + ا → لا)", () => {
    expect(initialsOf({ name: "ليلى الحسن", email: "layla@example.com" })).toBe("ل");
    expect(initialsOf({ name: "سارة", email: "sara@example.com" })).toBe("س");
  });
});
