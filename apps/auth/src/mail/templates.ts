/**
 * The e-mails the auth service sends, in the recipient's language (English or Arabic, issue #21).
 * Each has a plain-text body (what most clients show in a preview, and what screen readers read)
 * and a simple inline-styled HTML body with one button. Links are the only way forward in each
 * mail, and each says how long it stays valid. The words come from the `mail` catalog of
 * @parley/ui; an Arabic mail is right to left (`dir="rtl" lang="ar"`), with e-mail addresses and
 * links isolated left to right and names isolated in their own direction.
 */

import { headerLine } from "@parley/contracts";
import {
  auto,
  MAIL_CATALOGS as CATALOGS,
  escapeHtml,
  fillMail,
  type MailLine as Line,
  ltr,
  mailHtml,
  type MailValue as Value,
} from "@parley/ui/mail";

export type MailKind =
  | "verify-email"
  | "reset-password"
  | "change-email"
  | "delete-account"
  | "workspace-invitation"
  /** Written by the API (live chat: a handoff request, a new lead, the hourly digest); sent from here. */
  | "workspace-notification";

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, kept apart for the dev mailbox and tests. */
  link: string;
  /** The language the mail is written in. */
  language: Language;
}

/**
 * The languages of issue #21. (Not imported from @parley/ui/i18n/languages: that module reads
 * browser globals, which the server's compiler settings do not know.)
 */
export type Language = "en" | "ar";
const isLanguage = (value: unknown): value is Language => value === "en" || value === "ar";

/** A saved locale (or anything else) → a language we write mails in; English when unknown. */
export function mailLanguage(...candidates: unknown[]): Language {
  for (const candidate of candidates) if (isLanguage(candidate)) return candidate;
  return "en";
}

interface Recipient {
  email: string;
  name?: string | null;
  /** The user's saved language (`user.locale`); English when absent. */
  locale?: string | null | undefined;
}

type Values = Record<string, Value>;

/**
 * A catalog sentence filled. Isolation only in Arabic (English mails stay byte for byte what they
 * were), and never in a subject. A value is someone's words (a name, a workspace): it never starts
 * a line of its own in the text or the subject, whatever a stored name holds (issue #35:
 * "Eve\r\nBcc: …").
 */
const fill = (language: Language, template: string, values: Values = {}, marks = true): Line =>
  fillMail("mail template", language, template, values, marks, headerLine);

export function verifyEmailMail(user: Recipient, link: string): Mail {
  const language = mailLanguage(user.locale);
  const c = CATALOGS[language].verifyEmail;
  const f = (s: string) => fill(language, s, { email: ltr(user.email) });
  return compose("verify-email", language, user, link, {
    subject: c.subject,
    lines: [f(c.line1)],
    button: c.button,
    validity: c.validity,
    footer: c.footer,
  });
}

export function resetPasswordMail(user: Recipient, link: string): Mail {
  const language = mailLanguage(user.locale);
  const c = CATALOGS[language].resetPassword;
  const f = (s: string) => fill(language, s, { email: ltr(user.email) });
  return compose("reset-password", language, user, link, {
    subject: c.subject,
    lines: [f(c.line1)],
    button: c.button,
    validity: c.validity,
    footer: c.footer,
  });
}

/**
 * The link that changes an account's address (spec §4: the new address is verified by link), sent
 * to the new address only: `user.email` is the new address, `currentEmail` the one the account has.
 */
export function changeEmailMail(user: Recipient, currentEmail: string, link: string): Mail {
  const language = mailLanguage(user.locale);
  const c = CATALOGS[language].changeEmail;
  const f = (s: string) => fill(language, s, { email: ltr(currentEmail), newEmail: ltr(user.email) });
  return compose("change-email", language, user, link, {
    subject: c.subject,
    lines: [f(c.line1), f(c.line2)],
    button: c.button,
    validity: c.validity,
    footer: c.footer,
  });
}

export function deleteAccountMail(user: Recipient, link: string): Mail {
  const language = mailLanguage(user.locale);
  const c = CATALOGS[language].deleteAccount;
  const f = (s: string) => fill(language, s, { email: ltr(user.email) });
  return compose("delete-account", language, user, link, {
    subject: c.subject,
    lines: [f(c.line1), f(c.line2), f(c.line3)],
    button: c.button,
    validity: c.validity,
    footer: c.footer,
  });
}

export interface InvitationDetails {
  inviterName: string;
  inviterEmail: string;
  workspaceName: string;
  role: string;
  /**
   * A personal workspace still under the name it got at sign-up ("Olivia's workspace"): the
   * owner's name in it. The mail then says "their Parley workspace" when the owner is the inviter,
   * else "<owner>'s workspace" in the mail's language. Absent for a shared or renamed workspace,
   * which the mail names as it is called (issue #25: "Olivia invited you to Olivia's workspace").
   */
  personalOwner?: string | undefined;
  /** The inviter owns the personal workspace (its id is theirs). */
  inviterIsOwner?: boolean;
}

/**
 * An invitation to a workspace. `language` is the invitee's: their saved locale when they have
 * an account, else the language the invitation was sent in, else the inviter's (see auth.ts).
 */
export function workspaceInvitationMail(
  to: string,
  invite: InvitationDetails,
  link: string,
  language: Language = "en",
): Mail {
  const catalog = CATALOGS[language];
  const c = catalog.invitation;
  const inviter = invite.inviterName || invite.inviterEmail;
  const roleText =
    invite.role === "owner" || invite.role === "admin" || invite.role === "agent"
      ? c.roles[invite.role]
      : fill(language, c.roles.other, { role: { value: invite.role } }).text;
  const personal = invite.personalOwner !== undefined;
  const theirs = personal && invite.inviterIsOwner === true;
  const workspaceName = personal
    ? fill(language, c.personalName, { owner: { value: invite.personalOwner ?? "" } }, false).text
    : invite.workspaceName;
  const values: Values = {
    inviter: invite.inviterName ? auto(inviter) : ltr(inviter),
    inviterEmail: ltr(invite.inviterEmail),
    email: ltr(to),
    workspace: auto(workspaceName),
    role: { value: roleText },
  };
  return compose("workspace-invitation", language, { email: to }, link, {
    subject: fill(language, theirs ? c.subjectTheirs : c.subject, values, false).text,
    lines: [fill(language, theirs ? c.line1Theirs : c.line1, values), fill(language, c.line2, values)],
    button: c.button,
    validity: c.validity,
    footer: c.footer,
  });
}

interface Content {
  subject: string;
  lines: Line[];
  button: string;
  validity: string;
  footer: string;
}

function compose(kind: MailKind, language: Language, user: Recipient, link: string, c: Content): Mail {
  const catalog = CATALOGS[language];
  const greeting = user.name
    ? fill(language, catalog.greeting, { name: auto(user.name) })
    : fill(language, catalog.greetingNoName);
  const text = [
    greeting.text,
    "",
    ...c.lines.map((line) => line.text),
    "",
    `${c.button}:`,
    link,
    "",
    c.validity,
    "",
    c.footer,
    "",
    catalog.signature,
    "",
  ].join("\n");
  const html = mailHtml({
    language,
    subject: c.subject,
    greeting,
    lines: c.lines,
    button: c.button,
    link,
    note: c.validity,
    footerHtml: escapeHtml(c.footer),
  });
  return { kind, to: user.email, subject: c.subject, text, html, link, language };
}
