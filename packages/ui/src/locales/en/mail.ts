/**
 * The auth service's e-mails (apps/auth/src/mail/templates.ts). Plain strings with `{{…}}`
 * placeholders: the mail templates fill them in (escaping for HTML, isolating addresses and links
 * left to right in Arabic). The English texts are the spec's, word for word.
 */
const mail = {
  greeting: "Hello {{name}},",
  greetingNoName: "Hello,",
  signature: "— Parley",
  buttonFallback: "If the button does not work, paste this address into your browser:",
  verifyEmail: {
    subject: "Verify your e-mail address for Parley",
    line1: "Please confirm that {{email}} is your e-mail address to finish setting up your Parley account.",
    button: "Verify e-mail address",
    validity: "This link is valid for 1 hour.",
    footer: "If you did not create a Parley account, you can ignore this e-mail.",
  },
  resetPassword: {
    subject: "Reset your Parley password",
    line1: "We received a request to reset the password of the Parley account for {{email}}.",
    button: "Choose a new password",
    validity: "This link is valid for 1 hour and works once.",
    footer: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  },
  /** Sent to the new address; the account keeps the old one until the link is opened. */
  changeEmail: {
    subject: "Confirm your new e-mail address for Parley",
    line1: "You asked to change the e-mail address of your Parley account from {{email}} to {{newEmail}}.",
    line2: "Confirm that {{newEmail}} is yours to finish the change. Until then, you sign in with {{email}}.",
    button: "Confirm the new address",
    validity: "This link is valid for 1 hour.",
    footer: "If you did not ask for this, ignore this e-mail: the account stays as it is.",
  },
  deleteAccount: {
    subject: "Confirm deleting your Parley account",
    line1: "You asked to delete the Parley account for {{email}}.",
    line2:
      "Deleting it removes your account, your chatbots and their conversations for good. This cannot be undone.",
    line3: "Open the link in the browser where you are signed in.",
    button: "Delete my account",
    validity: "This link is valid for 24 hours.",
    footer: "If you did not ask for this, ignore this e-mail: your account stays as it is.",
  },
  invitation: {
    subject: "{{inviter}} invited you to join {{workspace}} on Parley",
    /** The inviter's own personal workspace, still under the name it got at sign-up. */
    subjectTheirs: "{{inviter}} invited you to their Parley workspace",
    line1:
      '{{inviter}} ({{inviterEmail}}) invited {{email}} to join the workspace "{{workspace}}" on Parley as {{role}}.',
    line1Theirs:
      "{{inviter}} ({{inviterEmail}}) invited {{email}} to join their workspace on Parley as {{role}}.",
    /** Someone else's personal workspace under the name it got at sign-up ("Olivia's workspace"). */
    personalName: "{{owner}}'s workspace",
    /** The role as it reads after "as" (with its article). */
    roles: {
      owner: "an owner",
      admin: "an admin",
      agent: "an agent",
      other: "a {{role}}",
    },
    line2:
      "Open the link to accept. If you do not have a Parley account yet, create one with this e-mail address first; the link works either way.",
    button: "Accept the invitation",
    validity: "This invitation is valid for 7 days.",
    footer: "If you did not expect this invitation, you can ignore this e-mail.",
  },
  /**
   * Live chat notifications, written by the API (apps/api/src/modules/notifications) and sent to
   * each member of the workspace who asked for them (Account → Notifications).
   */
  notification: {
    /** Who asked, when the visitor left no name. */
    visitor: "A visitor",
    handoff: {
      subject: "{{visitor}} wants to talk to a person ({{bot}})",
      line1:
        "{{visitor}} asked to talk to a person in a conversation with {{bot}}. They are waiting for a reply.",
      preview: "They wrote:",
      button: "Open the conversation",
    },
    lead: {
      subject: "New lead from {{bot}}: {{who}}",
      line1: "{{who}} left their contact details in a conversation with {{bot}}.",
      name: "Name: {{name}}",
      email: "E-mail: {{email}}",
      button: "Open the conversation",
    },
    digest: {
      /** A count in parentheses reads the same for any number (no plural forms in mails). */
      subject: "New requests and leads on Parley ({{count}})",
      line1: "Since your last summary, visitors asked for a person or left their contact details:",
      handoff: "{{time}} · {{bot}}: {{visitor}} asked for a person",
      lead: "{{time}} · {{bot}}: new lead {{who}}",
      more: "More in the inbox: {{count}}",
      button: "Open the inbox",
    },
    footer:
      "You receive this as a member of a workspace on Parley. To get one e-mail per hour, or none, change Notifications on your Account page:",
  },
  /** To the workspace's owners when Parley turns off a webhook endpoint that kept failing. */
  webhookDisabled: {
    subject: "A webhook endpoint was turned off: {{url}}",
    line1:
      "Parley could not deliver events to {{url}} for a day, so it turned this endpoint off. Events that happen while it is off are not sent to it.",
    lastError: "Last error: {{error}}",
    line2:
      "Fix the receiver, then turn the endpoint back on in the webhook settings. You can redeliver the failed events from its delivery log.",
    button: "Open webhook settings",
    footer: "You receive this as an owner of a workspace on Parley. Your webhook settings:",
  },
  /** To the workspace's owners when Parley's staff suspend one of its chatbots, or lift it. */
  botSuspended: {
    subject: "Your chatbot {{bot}} was suspended",
    line1:
      "Parley's team suspended your chatbot {{bot}}. While it is suspended, its chat window, the API and WhatsApp tell visitors it is unavailable, and it answers no questions.",
    reason: "The reason given: {{reason}}",
    line2:
      "If you think this is a mistake, or once you have dealt with it, reply to this e-mail or contact Parley's support.",
    liftedSubject: "Your chatbot {{bot}} is available again",
    liftedLine1: "Parley's team lifted the suspension of your chatbot {{bot}}: it answers visitors again.",
    button: "Open the chatbot",
    footer: "You receive this as an owner of a workspace on Parley. Your chatbot:",
  },
  /** To the workspace's owners when Parley's staff suspend the whole workspace, or lift it. */
  workspaceSuspended: {
    subject: "Your Parley workspace was suspended",
    line1:
      "Parley's team suspended your workspace. While it is suspended, the chat windows, the API and WhatsApp of all its chatbots tell visitors they are unavailable, and answer no questions. You can still sign in and see your data.",
    reason: "The reason given: {{reason}}",
    line2:
      "If you think this is a mistake, or once you have dealt with it, reply to this e-mail or contact Parley's support.",
    liftedSubject: "Your Parley workspace is available again",
    liftedLine1: "Parley's team lifted the suspension of your workspace: its chatbots answer visitors again.",
    button: "Open your dashboard",
    footer: "You receive this as an owner of a workspace on Parley. Your dashboard:",
  },
  /** To the workspace's owners when a scheduled re-sync of a website source goes wrong. */
  sourceSync: {
    failedSubject: "A scheduled re-sync failed twice: {{title}}",
    failedLine1:
      "The last two scheduled re-syncs of the website source {{title}} ({{bot}}) failed. Your bot still answers from what it learned before.",
    error: "Last error: {{error}}",
    failedLine2: "Check that the site is up, then re-sync the source by hand from its knowledge tab.",
    heldSubject: "A scheduled re-sync would remove many pages: {{title}}",
    heldLine1:
      "The scheduled re-sync of the website source {{title}} ({{bot}}) found {{removed}} of its {{total}} pages gone. That is more than a third, so nothing was removed: your bot still answers from them.",
    heldLine2:
      "If the pages really are gone, re-sync the source by hand from its knowledge tab and they will leave. If not, check the site.",
    button: "Open the knowledge tab",
    footer: "You receive this as an owner of a workspace on Parley. The bot's knowledge:",
  },
  /** To the workspace's owners when Meta refuses a WhatsApp number's credentials. */
  channelNeedsAttention: {
    subject: "WhatsApp needs your attention: {{number}} stopped sending",
    line1:
      "Meta refused the access token of the WhatsApp number {{number}} connected to {{bot}}, so Parley stopped sending replies there. Customers' messages are still received and kept in the inbox.",
    reason: "What Meta said: {{reason}}",
    line2:
      "Create a new permanent access token for a system user in your Meta app, then disconnect the number and connect it again in the chatbot's settings.",
    button: "Open the chatbot's settings",
    footer: "You receive this as an owner of a workspace on Parley. The chatbot's settings:",
  },
} as const;

export default mail;
