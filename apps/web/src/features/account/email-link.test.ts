import ar from "@parley/ui/locales/ar/account";
import en from "@parley/ui/locales/en/account";
import { describe, expect, it } from "vitest";
import { type EmailLinkError, emailLinkOutcome, withoutEmailLinkParams } from "./email-link";

describe("the e-mail change link's landing on the account page", () => {
  it("says the address changed when the link worked", () => {
    expect(emailLinkOutcome("?emailChanged=1")).toEqual({ kind: "changed" });
  });

  it("names each failure the auth service reports", () => {
    expect(emailLinkOutcome("?emailChanged=1&error=token_expired")).toEqual({
      kind: "failed",
      error: "expired",
    });
    expect(emailLinkOutcome("?emailChanged=1&error=invalid_token")).toEqual({
      kind: "failed",
      error: "invalid",
    });
    expect(emailLinkOutcome("?emailChanged=1&error=unauthorized")).toEqual({
      kind: "failed",
      error: "otherUser",
    });
    expect(emailLinkOutcome("?emailChanged=1&error=email_taken")).toEqual({ kind: "failed", error: "taken" });
  });

  it("stays calm about anything else, and ignores an ordinary visit or a forged marker", () => {
    expect(emailLinkOutcome("?emailChanged=1&error=<script>")).toEqual({ kind: "failed", error: "unknown" });
    expect(emailLinkOutcome("?emailChanged=1&error=")).toEqual({ kind: "failed", error: "unknown" });
    expect(emailLinkOutcome("")).toBeNull();
    expect(emailLinkOutcome("?error=invalid_token")).toBeNull();
    expect(emailLinkOutcome("?emailChanged=yes")).toBeNull();
  });

  it("drops its markers from the address, keeping the rest", () => {
    expect(withoutEmailLinkParams("?emailChanged=1&error=invalid_token")).toBe("");
    expect(withoutEmailLinkParams("?tab=x&emailChanged=1")).toBe("?tab=x");
  });

  it("has a text for every outcome in English and Arabic", () => {
    const kinds: EmailLinkError[] = ["expired", "invalid", "otherUser", "taken", "unknown"];
    for (const kind of kinds) {
      expect(en.email.linkErrors[kind], kind).toBeTruthy();
      expect(ar.email.linkErrors[kind], kind).toBeTruthy();
    }
    expect(ar.email.changed).toContain("{{email}}");
  });
});
