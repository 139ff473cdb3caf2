import { describe, expect, it } from "vitest";
import {
  changeEmailMail,
  deleteAccountMail,
  mailLanguage,
  workspaceInvitationMail,
} from "../src/mail/templates";

const invite = {
  inviterName: "Layla",
  inviterEmail: "layla@example.com",
  workspaceName: "Acme",
  role: "admin",
};
const link = "https://app.parley.test/invitations/abc";

describe("mail templates in the recipient's language", () => {
  it("keeps the English invitation word for word", () => {
    const mail = workspaceInvitationMail("sam@example.com", invite, link);
    expect(mail.language).toBe("en");
    expect(mail.subject).toBe("Layla invited you to join Acme on Parley");
    expect(mail.text).toContain(
      'Layla (layla@example.com) invited sam@example.com to join the workspace "Acme" on Parley as an admin.',
    );
    expect(mail.text).toContain("Accept the invitation:\nhttps://app.parley.test/invitations/abc");
    expect(mail.text).toContain("This invitation is valid for 7 days.");
    expect(mail.html).toContain("&quot;Acme&quot;");
    expect(workspaceInvitationMail("s@example.com", { ...invite, role: "agent" }, link).text).toContain(
      "as an agent.",
    );
  });

  it("writes the Arabic invitation right to left, names and addresses isolated", () => {
    const mail = workspaceInvitationMail(
      "sam@example.com",
      { ...invite, workspaceName: "<b>Acme</b>" },
      link,
      "ar",
    );
    expect(mail.subject).toBe("دعاك Layla للانضمام إلى <b>Acme</b> على Parley");
    expect(mail.subject).not.toMatch(/[\u2066-\u2069]/);
    expect(mail.text).toContain("\u2068Layla\u2069 (\u2066layla@example.com\u2069)");
    expect(mail.text).toContain("بصفة مشرف.");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("<bdi>&lt;b&gt;Acme&lt;/b&gt;</bdi>");
    expect(mail.html).not.toContain("<b>Acme");
    expect(mail.html).toContain('<span dir="ltr" style="unicode-bidi:isolate">sam@example.com</span>');
  });

  it("names a personal workspace still under its sign-up name without repeating the inviter (issue #25)", () => {
    const own = {
      ...invite,
      workspaceName: "Layla's workspace",
      personalOwner: "Layla",
      inviterIsOwner: true,
    };
    const mail = workspaceInvitationMail("sam@example.com", own, link);
    expect(mail.subject).toBe("Layla invited you to their Parley workspace");
    expect(mail.text).toContain(
      "Layla (layla@example.com) invited sam@example.com to join their workspace on Parley as an admin.",
    );
    expect(mail.text).not.toContain("Layla's workspace");
    const ar = workspaceInvitationMail("sam@example.com", own, link, "ar");
    expect(ar.subject).toBe("دعاك Layla إلى مساحة عمله على Parley");
    expect(ar.text).not.toContain("workspace");

    // An admin inviting into someone else's personal workspace names the owner's workspace.
    const other = { ...own, inviterName: "Omar", inviterEmail: "omar@example.com", inviterIsOwner: false };
    expect(workspaceInvitationMail("sam@example.com", other, link).subject).toBe(
      "Omar invited you to join Layla's workspace on Parley",
    );
    expect(workspaceInvitationMail("sam@example.com", other, link, "ar").subject).toBe(
      "دعاك Omar للانضمام إلى مساحة عمل Layla على Parley",
    );
  });

  it("names a renamed or shared workspace as it is called, even when it ends like a sign-up name", () => {
    const renamed = { ...invite, workspaceName: "Acme's workspace" };
    expect(workspaceInvitationMail("sam@example.com", renamed, link).subject).toBe(
      "Layla invited you to join Acme's workspace on Parley",
    );
  });

  it("follows the user's saved locale for the account mails", () => {
    const ar = { email: "a@example.com", name: "علي", locale: "ar" };
    // The change-of-address mail goes to the new address (`ar.email` here), naming the current one.
    const change = changeEmailMail(ar, "old@example.com", link);
    expect(change.subject).toBe("تأكيد بريدك الإلكتروني الجديد في Parley");
    expect(change.to).toBe("a@example.com");
    expect(change.text).toContain("من \u2066old@example.com\u2069 إلى \u2066a@example.com\u2069");
    const changeEn = changeEmailMail({ email: "new@example.com" }, "old@example.com", link);
    expect(changeEn).toMatchObject({ kind: "change-email", to: "new@example.com" });
    expect(changeEn.text).toContain(
      "You asked to change the e-mail address of your Parley account from old@example.com to new@example.com.",
    );
    expect(deleteAccountMail(ar, link).text).toContain("هذا الرابط صالح لمدة 24 ساعة.");
    const en = deleteAccountMail({ email: "a@example.com", locale: "xx" }, link);
    expect(en.subject).toBe("Confirm deleting your Parley account");
    expect(en.text.startsWith("Hello,\n")).toBe(true);
  });

  it("picks the first language it knows", () => {
    expect(mailLanguage(null, "xx", "ar")).toBe("ar");
    expect(mailLanguage("en", "ar")).toBe("en");
    expect(mailLanguage(undefined, 3)).toBe("en");
  });
});
