/** The account page: profile, e-mail, password, sign-in methods, deleting the account. */
const account = {
  page: {
    title: "Account",
    lead: "Your profile, how you sign in, and your data.",
  },
  profile: {
    title: "Profile",
    description: "Your name appears in the app and on receipts and replies from our team.",
    name: "Name",
    saved: "Your name was saved.",
    save: "Save name",
    saving: "Saving…",
  },
  email: {
    title: "Email address",
    description:
      "Where we send sign-in links, receipts and security notices. Changing it takes a confirmation by email.",
    current: "Current email",
    verified: "Verified",
    notVerified: "Not verified",
    new: "New email",
    checkInbox: "Check your inbox.",
    sentToNew:
      "We sent a link to <to>{{to}}</to>. Your email changes when you open it; until then, you sign in with <from>{{from}}</from>.",
    changedNow: "Your email is now <to>{{to}}</to>. We sent a link there to verify it.",
    submit: "Change email",
    submitting: "Sending…",
    /** After the link mailed to the new address was opened. */
    changed: "Your email is now <email>{{email}}</email>.",
    linkErrors: {
      expired: "That link has expired. Ask for the change again to get a new one.",
      invalid:
        "That link no longer works: it was already used, or a newer change replaced it. Your email stays as shown.",
      otherUser:
        "That link belongs to another account. Sign out, then open it again, or ask for the change again here.",
      taken: "Another account now uses that address, so your email was not changed.",
      unknown: "That link didn't work, so your email was not changed. Ask for the change again.",
    },
  },
  password: {
    title: "Password",
    description: "Use a password you don't use anywhere else.",
    noPassword:
      "You sign in with a linked account, so there is no Parley password to change. To add one, use <signin>“Forgot password” on the sign-in page</signin> with your email address.",
    current: "Current password",
    new: "New password",
    hint: "{{min}} to {{max}} characters.",
    confirm: "Confirm new password",
    revoke: "Sign out of other devices",
    revokeHint: "Everywhere except this browser.",
    changed: "Your password was changed.",
    changedAndRevoked: "Your password was changed, and your other devices were signed out.",
    submit: "Change password",
    submitting: "Changing…",
  },
  linked: {
    title: "Sign-in methods",
    description: "The ways you can sign in to Parley. Keep at least one: the last method can't be removed.",
    loadFailed: "We couldn't load your sign-in methods.",
    since: "Linked {{date}}",
    unlink: "Unlink",
    onlyOne: "This is your only way to sign in, so it can't be unlinked.",
    unlinked: "{{provider}} was unlinked.",
    confirmTitle: "Unlink {{provider}}?",
    confirmCredential:
      "You won't be able to sign in with your email and password any more, only with your other linked accounts.",
    confirmProvider: "You won't be able to sign in with {{provider}} any more. You can link it again later.",
    providers: {
      credential: "Email and password",
    },
  },
  delete: {
    title: "Delete account",
    description:
      "Deletes your Parley account and everything in it: chatbots, knowledge, conversations and your billing history, as our retention policy describes. This can't be undone.",
    checkInbox: "Check your inbox to finish.",
    emailed:
      "We sent a confirmation link to <email>{{email}}</email>. Open it in this browser while you're signed in to delete your account. Until then, nothing is deleted.",
    open: "Delete account…",
    confirmTitle: "Delete your account?",
    confirmBody:
      "This permanently deletes your account and its data. If we email you a confirmation link, your account is deleted only when you open it.",
    password: "Your password",
    passwordRequired: "Enter your password to confirm.",
    deleted: "Your account was deleted. Signing you out…",
    submit: "Delete account",
  },
  notifications: {
    title: "Notifications",
    description:
      "E-mails when a visitor asks to talk to a person or leaves their contact details in <ws>{{workspace}}</ws>. Your choice, for this workspace only.",
    /** When the workspace's name is not known yet. */
    /** The member's personal workspace. */
    yourWorkspace: "your own workspace",
    thisWorkspace: "this workspace",
    legend: "E-mail me",
    each: "E-mail me each request",
    eachHint: "One e-mail for every request for a person and every new lead, as it comes in.",
    hourly: "One e-mail per hour",
    hourlyHint: "A summary of the past hour's requests and leads. No e-mail when there were none.",
    none: "No e-mails",
    noneHint: "You still see everything in the inbox.",
    loadFailed: "We couldn't load your notification setting.",
    retry: "Try again",
    save: "Save",
    saving: "Saving…",
    saved: "Your notification setting was saved.",
  },
  validation: {
    emailInvalid: "Enter a valid email address, like name@company.com.",
    emailSame: "Email is the same",
    currentPasswordRequired: "Enter your current password.",
    passwordMin: "Use at least {{min}} characters.",
    passwordMax: "Use at most {{max}} characters.",
    passwordsDiffer: "The passwords don't match.",
    passwordUnchanged: "Choose a password different from your current one.",
  },
} as const;

export default account;
