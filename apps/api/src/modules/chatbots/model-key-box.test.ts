import { describe, expect, it } from "vitest";
import { createModelKeyBox, isSealedModelKey, ModelKeyUnreadableError, modelKeyLast4 } from "./model-key-box";

describe("model key box (envelope encryption of bots' model API keys)", () => {
  const box = createModelKeyBox("a-test-secret-that-is-long-enough-0123456789");
  const key = "sk-proj-0123456789abcdef";

  it("round-trips, with a fresh data key and nonce per value", () => {
    const a = box.seal(key, "cb_1");
    const b = box.seal(key, "cb_1");
    expect(a).not.toBe(b);
    expect(isSealedModelKey(a)).toBe(true);
    expect(a).not.toContain(key);
    expect(box.open(a, "cb_1")).toBe(key);
  });

  it("refuses another bot's value, another secret's value, and any altered or malformed value", () => {
    const sealed = box.seal(key, "cb_1");
    const other = createModelKeyBox("another-secret-that-is-long-enough-987654321");
    expect(() => box.open(sealed, "cb_2")).toThrow(ModelKeyUnreadableError);
    expect(() => other.open(sealed, "cb_1")).toThrow(/cannot be decrypted/);
    const parts = sealed.split(".");
    for (let i = 1; i < parts.length; i++) {
      const altered = [...parts];
      const part = altered[i] ?? "";
      altered[i] = `${part[0] === "A" ? "B" : "A"}${part.slice(1)}`;
      expect(() => box.open(altered.join("."), "cb_1")).toThrow(ModelKeyUnreadableError);
    }
    for (const junk of ["", key, "mk1.", "mk1.a.b.c.d.e.f", `${sealed}.x`, sealed.replace("mk1", "mk2")]) {
      expect(() => box.open(junk, "cb_1")).toThrow(ModelKeyUnreadableError);
    }
  });

  it("rotates: a value wrapped under a previous secret opens, and is rewrapped under the current one", () => {
    const oldSecret = "the-old-secret-that-is-long-enough-0123456789";
    const newSecret = "the-new-secret-that-is-long-enough-9876543210";
    const sealedOld = createModelKeyBox(oldSecret).seal(key, "cb_1");
    const rotating = createModelKeyBox(newSecret, [oldSecret]);
    expect(rotating.rotating).toBe(true);
    expect(createModelKeyBox(newSecret).rotating).toBe(false);
    expect(createModelKeyBox(newSecret, [newSecret]).rotating).toBe(false);
    expect(rotating.open(sealedOld, "cb_1")).toBe(key);
    const rewrapped = rotating.rewrap(sealedOld, "cb_1");
    expect(rewrapped).not.toBeNull();
    // Only the wrapping changed: the encrypted API key is the same bytes.
    expect(rewrapped?.split(".").slice(4)).toEqual(sealedOld.split(".").slice(4));
    // The new secret alone opens it now, the old one no longer does; a second rewrap is a no-op.
    expect(createModelKeyBox(newSecret).open(rewrapped ?? "", "cb_1")).toBe(key);
    expect(() => createModelKeyBox(oldSecret).open(rewrapped ?? "", "cb_1")).toThrow(ModelKeyUnreadableError);
    expect(rotating.rewrap(rewrapped ?? "", "cb_1")).toBeNull();
    // Without the old secret the old value is unreadable; with it, still bound to its bot.
    expect(() => createModelKeyBox(newSecret).open(sealedOld, "cb_1")).toThrow(ModelKeyUnreadableError);
    expect(() => rotating.rewrap(sealedOld, "cb_2")).toThrow(ModelKeyUnreadableError);
    // A tampered ciphertext is never rewrapped into something that looks current.
    const parts = sealedOld.split(".");
    const body = parts[5] ?? "";
    parts[5] = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(() => rotating.rewrap(parts.join("."), "cb_1")).toThrow(ModelKeyUnreadableError);
  });

  it("shows the last four only of a key long enough to spare them", () => {
    expect(modelKeyLast4(key)).toBe("cdef");
    expect(modelKeyLast4("short-key")).toBeNull();
  });
});
