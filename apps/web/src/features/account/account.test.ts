import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY, parsePasswordPolicy, providerName } from "./account";
import { changeEmailSchema, changePasswordSchema } from "./schemas";

describe("account helpers", () => {
  it("reads the service's password policy and falls back to the defaults", () => {
    expect(parsePasswordPolicy({ passwordPolicy: { minLength: 10, maxLength: 64 } })).toEqual({
      minLength: 10,
      maxLength: 64,
    });
    expect(parsePasswordPolicy({ passwordPolicy: { minLength: 70, maxLength: 64 } })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(parsePasswordPolicy(null)).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it("names providers for people", () => {
    expect(providerName("credential")).toBe("Email and password");
    expect(providerName("github")).toBe("GitHub");
    expect(providerName("google")).toBe("Google");
  });
});

describe("account form schemas", () => {
  it("refuses the current e-mail with the spec's words, case-insensitively", () => {
    const schema = changeEmailSchema("ada@example.com");
    const same = schema.safeParse({ newEmail: " ADA@example.com " });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.message).toBe("Email is the same");
    expect(schema.safeParse({ newEmail: "new@example.com" }).success).toBe(true);
    expect(schema.safeParse({ newEmail: "nope" }).error?.issues[0]?.message).toMatch(/valid email/);
  });

  it("checks password length against the policy and that both new passwords match", () => {
    const schema = changePasswordSchema({ minLength: 10, maxLength: 20 });
    const base = { currentPassword: "old-password", revokeOtherSessions: false };
    expect(
      schema.safeParse({ ...base, newPassword: "short", confirmPassword: "short" }).error?.issues[0]?.message,
    ).toBe("Use at least 10 characters.");
    expect(
      schema.safeParse({ ...base, newPassword: "a".repeat(21), confirmPassword: "a".repeat(21) }).error
        ?.issues[0]?.message,
    ).toBe("Use at most 20 characters.");
    const mismatch = schema.safeParse({
      ...base,
      newPassword: "long-enough-1",
      confirmPassword: "long-enough-2",
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ["confirmPassword"],
      message: "The passwords don't match.",
    });
    expect(
      schema.safeParse({ ...base, newPassword: "old-password", confirmPassword: "old-password" }).success,
    ).toBe(false);
    expect(
      schema.safeParse({ ...base, newPassword: "long-enough-1", confirmPassword: "long-enough-1" }).success,
    ).toBe(true);
  });
});
