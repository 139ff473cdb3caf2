import { describe, expect, it } from "vitest";
import { memberNameSchema, workspaceNameSchema } from "../workspaces/workspace";
import { cleanName, hasVisibleCharacter, headerLine, NAME_LINE_MESSAGE, nameText } from "./names";
import { BIDI_OVERRIDE_MESSAGE } from "./text";

const rule = nameText({ max: 10, tooLong: "too long", required: "required" });
const firstMessage = (value: string) => rule.safeParse(value).error?.issues[0]?.message;

describe("the one rule for names and titles people see (issue #35)", () => {
  it("counts only characters that draw something", () => {
    for (const blank of [
      "",
      " \u00A0\u3000",
      "\u200B\u200C\u200D\u2060\uFEFF",
      "\u3164",
      "\u115F\u1160\uFFA0",
      "\u2800",
      "\u0301\u064B",
      "\uFE0F",
      "\u{E0041}",
    ])
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
    for (const shown of ["a", "\u0639", "\u{1F600}", "7", "\u00B7", "\u0645\u06CC\u200C\u062E"])
      expect(hasVisibleCharacter(shown), JSON.stringify(shown)).toBe(true);
  });

  it("refuses what is too long, blank, more than one line or reordered, in that order", () => {
    expect(firstMessage("x".repeat(11))).toBe("too long");
    expect(firstMessage("\u3164\u200B")).toBe("required");
    expect(firstMessage("a\r\nb")).toBe(NAME_LINE_MESSAGE);
    expect(firstMessage("a\tb")).toBe(NAME_LINE_MESSAGE);
    expect(firstMessage("a\u2029b")).toBe(NAME_LINE_MESSAGE);
    expect(firstMessage("a\u202Eb")).toBe(BIDI_OVERRIDE_MESSAGE);
    expect(rule.parse("  Acme \u200F")).toBe("Acme \u200F");
  });

  it("stores an optional one that shows nothing as empty", () => {
    const optional = nameText({ max: 10, tooLong: "too long" });
    expect(optional.parse("\u200B\u3164")).toBe("");
    expect(optional.parse(" note ")).toBe("note");
    expect(optional.safeParse("a\nb").success).toBe(false);
  });

  it("bounds and cleans a member's display name like a workspace's", () => {
    expect(memberNameSchema.safeParse("Eve\r\nBcc: all@example.com").error?.issues[0]?.message).toBe(
      "A name is one line of text: remove line breaks, tabs and other control characters.",
    );
    expect(memberNameSchema.safeParse("e".repeat(10_000)).error?.issues[0]?.message).toBe(
      "A name can be at most 120 characters long.",
    );
    expect(memberNameSchema.safeParse("\u3164").error?.issues[0]?.message).toBe("Please enter your name.");
    expect(memberNameSchema.parse("\u0633\u0627\u0631\u0629 \u200f(Sara)\u200e")).toBe(
      "\u0633\u0627\u0631\u0629 \u200f(Sara)\u200e",
    );
    expect(workspaceNameSchema.safeParse("\u200B\u200B").error?.issues[0]?.message).toBe(
      "Give the workspace a name.",
    );
  });

  it("cleans a name from elsewhere instead of refusing it", () => {
    expect(cleanName("Eve\r\nBcc: all@example.com", 120)).toBe("Eve Bcc: all@example.com");
    expect(cleanName("Ali \u202Egnp.exe\u0007", 120)).toBe("Ali gnp.exe");
    expect(cleanName("\u3164\u200B", 120)).toBe("");
    expect(cleanName("x".repeat(500), 120)).toHaveLength(120);
    // Never cut inside a surrogate pair.
    expect(cleanName(`${"x".repeat(119)}\u{1F600}`, 120)).toBe("x".repeat(119));
  });

  it("keeps a mail header on one line", () => {
    expect(headerLine("Eve\r\nBcc: all@example.com invited you")).toBe(
      "Eve Bcc: all@example.com invited you",
    );
    expect(headerLine("a\u2028b\u0085c")).toBe("a b c");
  });
});
