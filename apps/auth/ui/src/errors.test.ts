import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { describeOAuthErrorInEnglish, inEnglish as englishOf } from "./english";
import * as errors from "./errors";
import {
  type ApiFailure,
  DEFAULT_PASSWORD_POLICY,
  failureCode,
  normaliseCode,
  OAUTH_ERROR_CODES,
  parseRetryAfter,
} from "./errors";

// errors.ts returns keys of the `auth` catalog; these tests read them in English, word for word.
const i18n = await createI18n("en");
const en = (text: errors.Text): string => i18n.t(text.key as "shell.home", { ns: "auth", ...text.values });
const inEnglish = <T extends { message: errors.Text }>(x: T) => ({ ...x, message: en(x.message) });
const describeApiError = (...args: Parameters<typeof errors.describeApiError>) =>
  inEnglish(errors.describeApiError(...args));
const withTitle = <T extends { title: errors.Text; message: errors.Text }>(x: T) => ({
  ...x,
  title: en(x.title),
  message: en(x.message),
});
const describeVerifyEmailError = (raw: string) => withTitle(errors.describeVerifyEmailError(raw));
const describeResetLinkError = (raw: string) => withTitle(errors.describeResetLinkError(raw));
const describeOAuthError = (raw: string | null) => withTitle(errors.describeOAuthError(raw));
const rateLimitMessage = (seconds?: number) => en(errors.rateLimitMessage(seconds));
const NETWORK_MESSAGE = en(errors.NETWORK_MESSAGE);
const GENERIC_MESSAGE = en(errors.GENERIC_MESSAGE);
const SERVER_MESSAGE = en(errors.SERVER_MESSAGE);
const RESET_REQUESTED_MESSAGE = en(errors.RESET_REQUESTED_MESSAGE);

const http = (status: number, code?: string, message?: string): ApiFailure => ({
  kind: "http",
  status,
  ...(code ? { code } : {}),
  ...(message ? { message } : {}),
});

describe("describeApiError", () => {
  it("never says which of e-mail or password was wrong", () => {
    const human = describeApiError(http(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"));
    expect(human.message).toBe("That email and password don't match. Check them and try again.");
    expect(human.field).toBeUndefined();
  });

  it("offers to resend the verification e-mail for EMAIL_NOT_VERIFIED", () => {
    const human = describeApiError(http(403, "EMAIL_NOT_VERIFIED", "Email not verified"));
    expect(human.action).toBe("resend-verification");
    expect(human.message).toMatch(/verify your email/i);
  });

  it("puts INVALID_EMAIL under the e-mail field", () => {
    expect(describeApiError(http(400, "INVALID_EMAIL"))).toMatchObject({ field: "email" });
  });

  it("names the configured password limits", () => {
    const policy = { minLength: 10, maxLength: 64 };
    expect(describeApiError(http(400, "PASSWORD_TOO_SHORT"), policy)).toEqual({
      message: "Password is too short. Use at least 10 characters.",
      field: "password",
    });
    expect(describeApiError(http(400, "PASSWORD_TOO_LONG"), policy)).toEqual({
      message: "Password is too long. Use at most 64 characters.",
      field: "password",
    });
    // The service's own wording carries its configured limit.
    expect(
      describeApiError(http(400, "PASSWORD_TOO_SHORT", "Password is too short: use at least 12 characters"))
        .message,
    ).toBe("Password is too short. Use at least 12 characters.");
    expect(describeApiError(http(400, "PASSWORD_TOO_SHORT")).message).toContain(
      String(DEFAULT_PASSWORD_POLICY.minLength),
    );
  });

  it.each(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"])(
    "explains %s on the e-mail field and suggests signing in",
    (code) => {
      const human = describeApiError(http(422, code));
      expect(human).toMatchObject({ field: "email", action: "sign-in" });
      expect(human.message).toMatch(/already exists/);
    },
  );

  it("maps tokens, sessions and providers to plain text", () => {
    expect(describeApiError(http(400, "INVALID_TOKEN")).message).toMatch(/invalid or has already been used/);
    expect(describeApiError(http(401, "SESSION_EXPIRED")).message).toBe(
      "Your session has expired. Please sign in again.",
    );
    expect(describeApiError(http(404, "PROVIDER_NOT_FOUND")).message).toMatch(/isn't available/);
  });

  it("recognises better-auth messages when the code is missing (older versions, spec API messages)", () => {
    expect(failureCode(http(401, undefined, "Invalid email or password"))).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(failureCode(http(400, undefined, "User already exists. Use another email."))).toBe(
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
    );
    expect(describeApiError(http(400, undefined, "Verification email isn't enabled")).message).toMatch(
      /verification emails/,
    );
    expect(describeApiError(http(400, undefined, "Reset password isn't enabled")).message).toMatch(
      /Password reset isn't available/,
    );
    expect(describeApiError(http(400, undefined, "Email and password is not enabled")).message).toMatch(
      /email and password isn't available/,
    );
    expect(
      describeApiError(http(400, undefined, "You can only send a verification email to an unverified email"))
        .message,
    ).toMatch(/already verified/);
    expect(
      describeApiError(http(400, undefined, "You can only send a verification email to your own email"))
        .message,
    ).toMatch(/different email/);
  });

  it("accepts lower-case codes", () => {
    expect(describeApiError(http(403, "email_not_verified")).action).toBe("resend-verification");
  });

  it("uses X-Retry-After for 429 and falls back to a few seconds", () => {
    expect(describeApiError({ kind: "http", status: 429, retryAfterSeconds: 10 }).message).toBe(
      "Too many attempts. Please wait 10 seconds and try again.",
    );
    expect(describeApiError(http(429)).message).toBe(
      "Too many attempts. Please wait a few seconds and try again.",
    );
  });

  it("explains network failures and hides unknown server errors", () => {
    expect(describeApiError({ kind: "network" }).message).toBe(NETWORK_MESSAGE);
    expect(describeApiError(http(500, undefined, "TypeError: x is undefined")).message).toBe(SERVER_MESSAGE);
    expect(describeApiError(http(400, "SOMETHING_NEW", "[body.x] weird")).message).toBe(GENERIC_MESSAGE);
  });

  it("treats origin and callback URL rejections as untrusted-page errors", () => {
    for (const code of ["INVALID_ORIGIN", "INVALID_CALLBACK_URL", "MISSING_OR_NULL_ORIGIN"]) {
      expect(describeApiError(http(403, code)).message).toMatch(/trusted page/);
    }
  });
});

describe("rate limiting helpers", () => {
  it("parses X-Retry-After seconds", () => {
    expect(parseRetryAfter("10")).toBe(10);
    expect(parseRetryAfter("2.2")).toBe(3);
    expect(parseRetryAfter("0")).toBe(1);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("")).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter("-4")).toBeUndefined();
  });

  it("uses the singular for one second", () => {
    expect(rateLimitMessage(1)).toBe("Too many attempts. Please wait 1 second and try again.");
  });
});

describe("describeVerifyEmailError", () => {
  it.each([
    ["token_expired", "expired", /expired/],
    ["TOKEN_EXPIRED", "expired", /expired/],
    ["invalid_token", "invalid", /isn't valid/],
    ["INVALID_TOKEN", "invalid", /isn't valid/],
    ["user_not_found", "no-user", /couldn't find/],
    ["unauthorized", "other-user", /different account/],
    ["UNAUTHORIZED", "other-user", /different account/],
    ["INVALID_USER", "other-user", /different account/],
  ])("explains %s", (raw, kind, title) => {
    const text = describeVerifyEmailError(raw);
    expect(text.kind).toBe(kind);
    expect(text.title).toMatch(title);
    expect(text.message.length).toBeGreaterThan(20);
  });

  it("has a fallback for unknown codes", () => {
    expect(describeVerifyEmailError("weird").kind).toBe("unknown");
  });
});

describe("describeResetLinkError", () => {
  it("explains INVALID_TOKEN and TOKEN_EXPIRED", () => {
    expect(describeResetLinkError("INVALID_TOKEN").title).toBe("This reset link isn't valid");
    expect(describeResetLinkError("token_expired").title).toBe("This reset link has expired");
  });
});

describe("describeOAuthError", () => {
  // Every OAuth callback code in the spec's error catalogue (section 8).
  const catalogue = [
    "invalid_callback_request",
    "state_not_found",
    "please_restart_the_process",
    "no_code",
    "oauth_provider_not_found",
    "invalid_code",
    "unable_to_get_user_info",
    "no_callback_url",
    "unable_to_link_account",
    "email_doesn't_match",
    "account_already_linked_to_different_user",
    "email_not_found",
    "internal_server_error",
    "account_not_linked",
    "signup_disabled",
    "unable_to_create_user",
    "unable_to_create_session",
  ];

  it.each(catalogue)("has specific text for %s", (code) => {
    const text = describeOAuthError(code);
    expect(OAUTH_ERROR_CODES).toContain(normaliseCode(code));
    expect(text.title).not.toBe("We couldn't sign you in");
    expect(text.message).not.toMatch(/_/);
  });

  it("accepts upper case and better-auth 1.7 spellings", () => {
    expect(describeOAuthError("STATE_NOT_FOUND").title).toBe(describeOAuthError("state_not_found").title);
    expect(describeOAuthError("email_does_not_match").title).toBe(
      describeOAuthError("email_doesn't_match").title,
    );
    expect(describeOAuthError("state_mismatch").title).toMatch(/expired/);
    expect(describeOAuthError("access_denied").title).toBe("Sign-in was cancelled");
  });

  it("falls back to API codes, then to a generic explanation", () => {
    expect(describeOAuthError("USER_ALREADY_EXISTS").message).toMatch(/already exists/);
    expect(describeOAuthError("no_such_code")).toMatchObject({
      code: "no_such_code",
      title: "We couldn't sign you in",
    });
    expect(describeOAuthError(null).code).toBe("");
  });
});

describe("normaliseCode", () => {
  it("lower-cases and unifies separators and apostrophes", () => {
    expect(normaliseCode(" Email-Doesn't Match ")).toBe("email_doesnt_match");
    expect(normaliseCode("TOKEN_EXPIRED")).toBe("token_expired");
  });
});

it("keeps the spec's reset-request message word for word", () => {
  expect(RESET_REQUESTED_MESSAGE).toBe(
    "If this email exists in our system, check your email for the reset link",
  );
});

describe("the English helper for tests and e2e (english.ts)", () => {
  it("gives the same words as the English catalog through i18next", () => {
    for (const code of [...OAUTH_ERROR_CODES, "USER_ALREADY_EXISTS", "no_such"]) {
      const viaHelper = describeOAuthErrorInEnglish(code);
      expect(viaHelper).toEqual(describeOAuthError(code));
    }
    for (const seconds of [undefined, 1, 7]) {
      expect(englishOf(errors.rateLimitMessage(seconds))).toBe(rateLimitMessage(seconds));
    }
    const short = errors.describeApiError(http(400, "PASSWORD_TOO_SHORT"), { minLength: 10, maxLength: 20 });
    expect(englishOf(short.message)).toBe("Password is too short. Use at least 10 characters.");
  });
});

describe("in Arabic", async () => {
  const ar = await createI18n("ar");
  const arabic = (text: errors.Text): string =>
    ar.t(text.key as "shell.home", { ns: "auth", ...text.values });

  it("has a text for every error, verify, reset and OAuth code (never the raw key)", () => {
    const texts: errors.Text[] = [
      errors.NETWORK_MESSAGE,
      errors.GENERIC_MESSAGE,
      errors.SERVER_MESSAGE,
      errors.RESET_REQUESTED_MESSAGE,
      ...OAUTH_ERROR_CODES.flatMap((code) => {
        const e = errors.describeOAuthError(code);
        return [e.title, e.message];
      }),
      ...["token_expired", "invalid_token", "user_not_found", "unauthorized", "x"].flatMap((code) => {
        const e = errors.describeVerifyEmailError(code);
        return [e.title, e.message];
      }),
    ];
    for (const text of texts) {
      const out = arabic(text);
      expect(out, text.key).not.toBe(text.key);
      expect(out, text.key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("words the wait in seconds with Arabic plural forms and keeps the limits", () => {
    expect(arabic(errors.rateLimitMessage(1))).toContain("ثانية واحدة");
    expect(arabic(errors.rateLimitMessage(2))).toContain("ثانيتين");
    expect(arabic(errors.rateLimitMessage(5))).toContain("5 ثوانٍ");
    expect(arabic(errors.rateLimitMessage(30))).toContain("30 ثانية");
    expect(
      arabic(
        errors.describeApiError(http(400, "PASSWORD_TOO_SHORT"), { minLength: 10, maxLength: 64 }).message,
      ),
    ).toContain("10");
  });
});
