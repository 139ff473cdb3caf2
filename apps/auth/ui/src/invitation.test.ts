import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { InvitationNotice, type InvitationState, invitationToCarry } from "./components/InvitationNotice";
import { invitationFromSearch, isInvitedAddress, parseInvitationPreview } from "./invitation";
import { SignUpForm, SignUpPage } from "./pages/SignUp";
import type { Platform } from "./responses";
import { authCallbacks, callbackRedirectUrl } from "./urls";

const ID = "k3J9aQ2mZx7LpR4sT8vW1yB6nC0dE5fG";
const platform: Platform = {
  id: "parley",
  name: "Parley",
  callbackURL: "http://app.parley.test/auth/callback",
  socialProviders: [],
};

const pending = {
  status: "pending",
  email: "adam@example.com",
  workspaceName: "Kettle & Co",
  inviterIsOwner: false,
  inviterName: "Olivia Owner",
  role: "agent",
} as const;

async function render(language: Language, node: ReactNode): Promise<string> {
  const i18n = await createI18n(language);
  // The pages' links are react-router links (they need a router above them; its lazy-discovery
  // attribute is no part of what these tests read).
  return renderToStaticMarkup(
    h(LanguageProvider, { i18n } as Parameters<typeof LanguageProvider>[0], h(MemoryRouter, null, node)),
  ).replaceAll(' data-discover="true"', "");
}
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the invitation in the sign-in pages' address", () => {
  it("reads an invitation id from ?invitation=", () => {
    expect(invitationFromSearch(`?platform=parley&invitation=${ID}`)).toBe(ID);
    expect(invitationFromSearch("?platform=parley")).toBeNull();
  });

  it("ignores anything that cannot be an invitation id (no lookup, no notice)", () => {
    for (const value of ["", "   ", "../organization/list", "a b", "<script>", "x".repeat(129), "é"]) {
      expect(invitationFromSearch(`?invitation=${encodeURIComponent(value)}`), value).toBeNull();
    }
  });

  it("goes back to the invitation: in the platform's callback and in the verification link", () => {
    const url = new URL(callbackRedirectUrl(platform.callbackURL, { token: "t", email: "a@b.co" }, ID));
    expect(url.searchParams.get("invitation")).toBe(ID);
    expect(
      new URL(callbackRedirectUrl(platform.callbackURL, { token: "t", email: "a@b.co" })).search,
    ).not.toContain("invitation");
    expect(authCallbacks.verified("parley", ID)).toBe(`/auth/verified?platform=parley&invitation=${ID}`);
    expect(authCallbacks.verified("parley")).toBe("/auth/verified?platform=parley");
    expect(authCallbacks.socialDone("parley", ID)).toBe(`/auth?platform=parley&continue=1&invitation=${ID}`);
  });

  it("keeps an invitation unless the service said it is gone", () => {
    const ready = (preview: unknown): InvitationState => ({
      status: "ready",
      preview: parseInvitationPreview(preview) ?? { status: "canceled" },
    });
    expect(invitationToCarry(ID, ready(pending))).toBe(ID);
    expect(invitationToCarry(ID, { status: "unavailable" })).toBe(ID);
    expect(invitationToCarry(ID, ready({ status: "expired" }))).toBeNull();
    expect(invitationToCarry(ID, { status: "missing" })).toBeNull();
    expect(invitationToCarry(null, { status: "none" })).toBeNull();
  });
});

describe("the service's answer", () => {
  it("reads a pending invitation and the ones that are no longer valid", () => {
    expect(parseInvitationPreview({ ...pending, expiresAt: "2030-01-01T00:00:00.000Z" })).toEqual(pending);
    expect(parseInvitationPreview({ ...pending, personalOwner: "Olivia" })).toEqual({
      ...pending,
      personalOwner: "Olivia",
    });
    for (const status of ["expired", "canceled", "accepted", "rejected"] as const)
      expect(parseInvitationPreview({ status, email: "leak@example.com" })).toEqual({ status });
  });

  it("refuses shapes it does not know rather than showing half a notice", () => {
    for (const body of [
      null,
      [],
      "pending",
      { status: "pending" },
      { ...pending, email: 42 },
      { ...pending, workspaceName: "" },
      { ...pending, status: "unknown" },
    ])
      expect(parseInvitationPreview(body), JSON.stringify(body)).toBeNull();
  });

  it("tells the invited account from another one, whatever the case of the address", () => {
    expect(isInvitedAddress(pending, "Adam@Example.com ")).toBe(true);
    expect(isInvitedAddress(pending, "eve@example.com")).toBe(false);
    expect(isInvitedAddress({ status: "expired" }, "eve@example.com")).toBe(true);
  });
});

describe("the invitation notice in English and Arabic", () => {
  const ready = (preview: object): InvitationState => ({
    status: "ready",
    preview: parseInvitationPreview(preview) ?? { status: "canceled" },
  });

  it("names the inviter and the workspace, and the address to use", async () => {
    const html = await render("en", h(InvitationNotice, { state: ready(pending), next: "sign-up" }));
    expect(text(html)).toContain("Olivia Owner invited you to join Kettle &amp; Co on Parley");
    expect(text(html)).toContain("Create your account with adam@example.com to accept it");
    // Typed names are isolated text, never markup.
    expect(html).toContain("<strong><bdi>Kettle &amp; Co</bdi></strong>");
    const arabic = await render("ar", h(InvitationNotice, { state: ready(pending), next: "sign-in" }));
    expect(text(arabic)).toContain("دعاك Olivia Owner للانضمام إلى Kettle &amp; Co على Parley");
    expect(text(arabic)).toContain("سجّل الدخول بالعنوان adam@example.com لقبول الدعوة");
  });

  it("names a personal workspace in the reader's language", async () => {
    const theirs = ready({
      ...pending,
      workspaceName: "Olivia's workspace",
      personalOwner: "Olivia",
      inviterIsOwner: true,
    });
    expect(text(await render("en", h(InvitationNotice, { state: theirs, next: "continue" })))).toContain(
      "Olivia Owner invited you to join their workspace on Parley",
    );
    expect(text(await render("ar", h(InvitationNotice, { state: theirs, next: "continue" })))).toContain(
      "دعاك Olivia Owner للانضمام إلى مساحة عمله على Parley",
    );
    const someoneElses = ready({ ...pending, workspaceName: "Sam's workspace", personalOwner: "Sam" });
    const arabic = text(await render("ar", h(InvitationNotice, { state: someoneElses, next: "sign-in" })));
    expect(arabic).toContain("مساحة عمل Sam");
    expect(arabic).not.toContain("Sam's workspace");
  });

  it("says why an invitation cannot be accepted any more, in both languages", async () => {
    const cases: [InvitationState, string, string][] = [
      [ready({ status: "expired" }), "This invitation has expired", "انتهت صلاحية هذه الدعوة"],
      [ready({ status: "canceled" }), "This invitation was withdrawn", "سُحبت هذه الدعوة"],
      [ready({ status: "accepted" }), "This invitation has already been accepted", "قُبلت هذه الدعوة من قبل"],
      [{ status: "missing" }, "We couldn't find this invitation", "تعذّر علينا العثور على هذه الدعوة"],
      [{ status: "unavailable" }, "We couldn't load your invitation just now", "تعذّر علينا تحميل دعوتك الآن"],
    ];
    for (const [state, english, arabic] of cases) {
      expect(text(await render("en", h(InvitationNotice, { state, next: "sign-in" })))).toContain(
        english.replace("'", "&#x27;"),
      );
      const ar = text(await render("ar", h(InvitationNotice, { state, next: "sign-in" })));
      expect(ar).toContain(arabic);
      expect(ar.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
    }
    expect(await render("en", h(InvitationNotice, { state: { status: "none" }, next: "sign-in" }))).toBe("");
  });
});

describe("sign-up from an invitation", () => {
  it("waits for the invitation before showing the form (so the address can be filled in)", async () => {
    const html = await render("en", h(SignUpPage, { platform, search: `?platform=parley&invitation=${ID}` }));
    expect(html).not.toContain("<form");
    expect(html).toContain("Loading");
  });

  it("fills in the invited address, read-only, and keeps the invitation on the way to sign-in", async () => {
    const html = await render(
      "en",
      h(SignUpForm, { platform, notice: null, lockedEmail: "adam@example.com", invitationId: ID }),
    );
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
    expect(email).toContain('value="adam@example.com"');
    expect(email).toContain("readOnly");
    expect(html).toContain(`href="/auth?platform=parley&amp;invitation=${ID}"`);
  });

  it("without an invitation the address is empty and can be typed", async () => {
    const html = await render("en", h(SignUpPage, { platform }));
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
    expect(email).toContain('value=""');
    expect(email).not.toContain("readOnly");
  });
});
