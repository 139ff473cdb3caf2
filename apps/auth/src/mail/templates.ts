/**
 * The e-mails the auth service sends. Each has a plain-text body (what most clients show in a
 * preview, and what screen readers read) and a simple inline-styled HTML body with one button.
 * Links are the only way forward in each mail, and each says how long it stays valid.
 */
export type MailKind =
  | "verify-email"
  | "reset-password"
  | "confirm-email-change"
  | "delete-account"
  | "workspace-invitation";

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, kept apart for the dev mailbox and tests. */
  link: string;
}

const PRODUCT = "Parley";

interface Recipient {
  email: string;
  name?: string | null;
}

export function verifyEmailMail(user: Recipient, link: string): Mail {
  return compose("verify-email", user, link, {
    subject: `Verify your e-mail address for ${PRODUCT}`,
    lines: [
      `Please confirm that ${user.email} is your e-mail address to finish setting up your ${PRODUCT} account.`,
    ],
    button: "Verify e-mail address",
    validity: "This link is valid for 1 hour.",
    footer: `If you did not create a ${PRODUCT} account, you can ignore this e-mail.`,
  });
}

export function resetPasswordMail(user: Recipient, link: string): Mail {
  return compose("reset-password", user, link, {
    subject: `Reset your ${PRODUCT} password`,
    lines: [`We received a request to reset the password of the ${PRODUCT} account for ${user.email}.`],
    button: "Choose a new password",
    validity: "This link is valid for 1 hour and works once.",
    footer: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  });
}

export function confirmEmailChangeMail(user: Recipient, newEmail: string, link: string): Mail {
  return compose("confirm-email-change", user, link, {
    subject: `Confirm the change of your ${PRODUCT} e-mail address`,
    lines: [
      `Someone asked to change the e-mail address of your ${PRODUCT} account from ${user.email} to ${newEmail}.`,
      `If this was you, approve the change. We will then send a link to ${newEmail} to verify it.`,
    ],
    button: "Approve the change",
    validity: "This link is valid for 1 hour.",
    footer: "If this was not you, do not click the link, and change your password.",
  });
}

export function deleteAccountMail(user: Recipient, link: string): Mail {
  return compose("delete-account", user, link, {
    subject: `Confirm deleting your ${PRODUCT} account`,
    lines: [
      `You asked to delete the ${PRODUCT} account for ${user.email}.`,
      "Deleting it removes your account, your chatbots and their conversations for good. This cannot be undone.",
      "Open the link in the browser where you are signed in.",
    ],
    button: "Delete my account",
    validity: "This link is valid for 24 hours.",
    footer: "If you did not ask for this, ignore this e-mail: your account stays as it is.",
  });
}

export function workspaceInvitationMail(
  to: string,
  invite: { inviterName: string; inviterEmail: string; workspaceName: string; role: string },
  link: string,
): Mail {
  const article = invite.role === "admin" || invite.role === "agent" ? "an" : "a";
  return compose("workspace-invitation", { email: to }, link, {
    subject: `${invite.inviterName || invite.inviterEmail} invited you to ${invite.workspaceName} on ${PRODUCT}`,
    lines: [
      `${invite.inviterName || invite.inviterEmail} (${invite.inviterEmail}) invited ${to} to join the workspace "${invite.workspaceName}" on ${PRODUCT} as ${article} ${invite.role}.`,
      `Open the link to accept. If you do not have a ${PRODUCT} account yet, create one with this e-mail address first; the link works either way.`,
    ],
    button: "Accept the invitation",
    validity: "This invitation is valid for 7 days.",
    footer: "If you did not expect this invitation, you can ignore this e-mail.",
  });
}

interface Content {
  subject: string;
  lines: string[];
  button: string;
  validity: string;
  footer: string;
}

function compose(kind: MailKind, user: Recipient, link: string, c: Content): Mail {
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  const text = [
    greeting,
    "",
    ...c.lines,
    "",
    `${c.button}:`,
    link,
    "",
    c.validity,
    "",
    c.footer,
    "",
    `— ${PRODUCT}`,
    "",
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2330;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700">${PRODUCT}</p>
${p(greeting)}
${c.lines.map(p).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(c.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5b6070">${escapeHtml(c.validity)} If the button does not work, paste this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:14px;color:#5b6070">${escapeHtml(c.footer)}</p>
</div>
</body></html>
`;
  return { kind, to: user.email, subject: c.subject, text, html, link };
}

export function escapeHtml(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
